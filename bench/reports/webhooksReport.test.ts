import { describe, expect, it } from 'vitest';
import type { WebhooksPhase } from '../phases/webhooks.ts';
import { productCpuMs, type CpuSnapshot } from '../probes/procStats.ts';
import { cpuPerTipMs, cpuRatio, type CpuRatio, type RunCpu } from './cpuPerTip.ts';
import { cpuVerdict, webhookVerdict } from './webhooksReport.ts';

const phase = (low: number, high: number, pooled = (low + high) / 2) =>
  ({
    pooledP99Ratio: pooled,
    baselineSpread: 0.8,
    ratioInterval: { low, high, resamples: 2000 },
  }) as WebhooksPhase;

describe('the webhooks p99 verdict (information: p99 with ÷ without ≤ 1.10)', () => {
  it('is met only when the whole interval is at or under 1.10', () => {
    expect(webhookVerdict(phase(0.93, 1.1))).toMatch(/^met \(95% interval 0\.93–1\.10/);
  });
  it('is not met when the whole interval is over 1.10', () => {
    expect(webhookVerdict(phase(1.12, 1.4))).toMatch(/^NOT met/);
  });
  it('is inconclusive when the interval straddles 1.10, saying which way the pooled figure leans', () => {
    expect(webhookVerdict(phase(0.9, 1.3, 1.02))).toMatch(/^inconclusive, pooled met .*differ by 80%/);
    expect(webhookVerdict(phase(0.9, 1.3, 1.2))).toMatch(/^inconclusive, pooled NOT met/);
  });
});

const snapshot = (entries: Record<string, [group: string, seconds: number]>): CpuSnapshot =>
  new Map(Object.entries(entries).map(([pid, [group, seconds]]) => [pid, { group, seconds }]));

describe("a run's CPU from two process readings", () => {
  it('charges the API, the worker and every PostgreSQL process but the bench’s own backends, and keeps the receivers apart', () => {
    const a = snapshot({
      '1': ['api', 10],
      '2': ['worker', 5],
      '3': ['pgOther', 1],
      '4': ['pgApi', 2],
      '5': ['pgWorker', 3],
      '6': ['pgBench', 1],
      '7': ['receivers', 4],
      '8': ['other', 1],
      bench: ['bench', 20],
    });
    const b = snapshot({
      '1': ['api', 11],
      '2': ['worker', 5.5],
      '3': ['pgOther', 1.1],
      '4': ['pgApi', 2.4],
      '5': ['pgWorker', 3.2],
      '6': ['pgBench', 2],
      '7': ['receivers', 4.3],
      '8': ['other', 3],
      bench: ['bench', 25],
    });
    expect(productCpuMs(a, b)).toEqual({ api: 1000, worker: 500, postgres: 700, receivers: 300 });
  });

  it('counts a backend that exited in between once: the postmaster’s reading holds its whole life', () => {
    // Backend 4 had used 2 s before the run and 0.25 s in it, then exited; the postmaster (3) reaped its 2.25 s.
    const a = snapshot({ '3': ['pgOther', 1], '4': ['pgApi', 2] });
    const b = snapshot({ '3': ['pgOther', 1 + 2.25] });
    expect(productCpuMs(a, b).postgres).toBe(250);
  });
});

const parts = (api: number, worker: number, postgres: number, receivers = 0) => ({
  api,
  worker,
  postgres,
  receivers,
});

const run = (tips: number, during: number, after: number): RunCpu => ({
  tips,
  runSeconds: 10,
  drainSeconds: 2,
  run: parts(during / 2, during / 4, during / 4, 999),
  drain: parts(after / 2, after / 4, after / 4, 999),
});

describe('CPU per tip with webhooks ÷ without', () => {
  it('charges a run for the CPU after it until its deliveries were done, not for the receivers', () => {
    // 2,000 tips: 1,600 ms during the run and 400 ms of deliveries after it.
    expect(cpuPerTipMs(run(2000, 1600, 400))).toBeCloseTo(1.0, 10);
  });

  it('is the mean CPU per tip of the runs with webhooks over the mean of the runs without', () => {
    const runs = [
      { webhooks: false, cpu: run(2000, 1000, 0) }, // 0.5 ms per tip
      { webhooks: true, cpu: run(2000, 1000, 400) }, // 0.7
      { webhooks: false, cpu: run(1000, 700, 0) }, // 0.7
      { webhooks: true, cpu: run(1000, 600, 300) }, // 0.9
      { webhooks: false, cpu: run(2000, 1200, 0) }, // 0.6
    ];
    const r = cpuRatio(runs);
    expect(r.withoutMs.map((v) => v.toFixed(2))).toEqual(['0.50', '0.70', '0.60']);
    expect(r.withMs.map((v) => v.toFixed(2))).toEqual(['0.70', '0.90']);
    expect(r.ratio).toBeCloseTo(0.8 / 0.6, 10);
    // Resampling whole runs: the extremes are the lightest runs of one kind over the heaviest of the other.
    expect(r.interval.low).toBeGreaterThanOrEqual(0.7 / 0.7 - 1e-9);
    expect(r.interval.high).toBeLessThanOrEqual(0.9 / 0.5 + 1e-9);
    expect(r.interval.low).toBeLessThan(r.ratio);
    expect(r.interval.high).toBeGreaterThan(r.ratio);
  });

  it('has no width when every run of each kind cost the same', () => {
    const r = cpuRatio([
      { webhooks: false, cpu: run(2000, 1000, 0) },
      { webhooks: true, cpu: run(2000, 1000, 200) },
      { webhooks: false, cpu: run(2000, 1000, 0) },
    ]);
    expect(r.interval.low).toBeCloseTo(1.2, 10);
    expect(r.interval.high).toBeCloseTo(1.2, 10);
  });
});

describe('the webhooks CPU verdict (≤ 1.3)', () => {
  const ratio = (low: number, high: number, mean = (low + high) / 2) =>
    ({ ratio: mean, interval: { low, high, resamples: 2000 } }) as CpuRatio;
  it('is met only when the whole interval is at or under 1.3', () => {
    expect(cpuVerdict(ratio(1.05, 1.3))).toMatch(/^met \(95% interval 1\.05–1\.30/);
  });
  it('is not met when the whole interval is over 1.3', () => {
    expect(cpuVerdict(ratio(1.31, 1.6))).toMatch(/^NOT met/);
  });
  it('is inconclusive when the interval straddles 1.3, saying which way the mean leans', () => {
    expect(cpuVerdict(ratio(1.2, 1.4, 1.25))).toMatch(/^inconclusive, mean met/);
    expect(cpuVerdict(ratio(1.2, 1.4, 1.35))).toMatch(/^inconclusive, mean NOT met/);
  });
});
