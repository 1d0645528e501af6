import { failures, pct, tail, type Row } from './table.ts';
import { CPU_RATIO_TARGET, cpuPerTipMs, type CpuParts, type CpuRatio } from './cpuPerTip.ts';
import { fmt, ms } from '../settings.ts';
import type { DeliveryCost } from '../probes/runCost.ts';
import {
  ENDPOINTS_PER_CREATOR,
  RECEIVERS_NICE,
  type WebhooksPhase,
  type WebhooksRun,
} from '../phases/webhooks.ts';

/**
 * Met when the whole 95% interval of the pooled p99 ratio (resampling whole runs, bench/reports/bootstrap.ts) is at or
 * under 1.10, NOT met when all of it is over, and inconclusive when it straddles 1.10: the machine's run-to-run
 * noise is then larger than what is being measured.
 */
export function webhookVerdict(w: WebhooksPhase): string {
  const { low, high } = w.ratioInterval;
  const interval = `95% interval ${low.toFixed(2)}–${high.toFixed(2)} over ${w.ratioInterval.resamples} resamples of whole runs`;
  if (high <= 1.1) return `met (${interval})`;
  if (low > 1.1) return `NOT met (${interval})`;
  return `inconclusive, pooled ${w.pooledP99Ratio <= 1.1 ? 'met' : 'NOT met'} (${interval}; the runs without webhooks differ by ${Math.round(w.baselineSpread * 100)}% in p99)`;
}

const num = (v: number, digits = 2) => v.toFixed(digits);

/**
 * The target's verdict: met when the whole 95% interval of the CPU-per-tip ratio (resampling whole runs) is at or
 * under 1.3, NOT met when all of it is over, inconclusive when it straddles 1.3 (then which way the mean leans).
 */
export function cpuVerdict(c: CpuRatio): string {
  const { low, high, resamples } = c.interval;
  const interval = `95% interval ${num(low)}–${num(high)} over ${resamples} resamples of whole runs`;
  if (high <= CPU_RATIO_TARGET) return `met (${interval})`;
  if (low > CPU_RATIO_TARGET) return `NOT met (${interval})`;
  return `inconclusive, mean ${c.ratio <= CPU_RATIO_TARGET ? 'met' : 'NOT met'} (${interval})`;
}

/** The mean over runs of each part's CPU ms per tip, run and drain together. */
function partsPerTip(runs: WebhooksRun[]): CpuParts {
  const per = (f: (p: CpuParts) => number) =>
    runs.reduce((s, r) => s + (f(r.cpu.run) + f(r.cpu.drain)) / r.cpu.tips, 0) / Math.max(1, runs.length);
  return {
    api: per((p) => p.api),
    worker: per((p) => p.worker),
    postgres: per((p) => p.postgres),
    receivers: per((p) => p.receivers),
  };
}

const partsText = (p: CpuParts) =>
  `API ${num(p.api, 3)} + worker ${num(p.worker, 3)} + PostgreSQL ${num(p.postgres, 3)} (receivers ${num(p.receivers, 3)}, not counted)`;

/** The floors' style of ratio row for the webhooks target, and where each run's CPU per tip went. */
export function webhookCpuRows(w: WebhooksPhase | undefined): Row[] {
  const measure = `Ratio: CPU per tip with ${ENDPOINTS_PER_CREATOR} webhook endpoints/creator ÷ without`;
  if (!w) return [[measure, 'not run', `target ≤ ${CPU_RATIO_TARGET}`]];
  const c = w.cpuPerTip;
  const withRuns = w.runs.filter((r) => r.webhooks);
  const withoutRuns = w.runs.filter((r) => !r.webhooks);
  const list = (values: number[]) => values.map((v) => num(v, 3)).join(', ');
  return [
    [
      measure,
      num(c.ratio),
      `with ${num(c.meanWithMs, 3)} ms, without ${num(c.meanWithoutMs, 3)} ms CPU per tip (API + worker + PostgreSQL over each run and its drain; mean of ${withRuns.length} and ${withoutRuns.length} alternating runs); target ≤ ${CPU_RATIO_TARGET}: ${cpuVerdict(c)}`,
    ],
    [
      '  CPU ms per tip by part, without / with webhooks',
      `${num(c.meanWithoutMs, 3)} / ${num(c.meanWithMs, 3)}`,
      `without: ${partsText(partsPerTip(withoutRuns))}; with: ${partsText(partsPerTip(withRuns))}; per run without ${list(c.withoutMs)}, with ${list(c.withMs)}`,
    ],
  ];
}

/** One delivery's cost: CPU ms per process, statements, rows written, WAL. */
export function costText(c: DeliveryCost): string {
  const wal = c.walBytes === null ? '' : `, ${fmt(c.walBytes)} WAL bytes`;
  const statements = c.statements === null ? 'statements not counted' : `${num(c.statements)} statements`;
  return `CPU ms: worker ${num(c.workerMs, 3)}, its PostgreSQL backends ${num(c.pgWorkerMs, 3)}, receivers ${num(c.receiversMs, 3)} (nice ${RECEIVERS_NICE}); ${statements}; rows inserted ${num(c.inserted)}, updated ${num(c.updated)}, deleted ${num(c.deleted)}${wal}`;
}

/** The mean of each figure over the runs with webhooks, weighted by their deliveries. */
function meanCost(costs: DeliveryCost[]): DeliveryCost | null {
  const total = costs.reduce((n, c) => n + c.deliveries, 0);
  if (costs.length === 0 || total === 0) return null;
  const mean = (f: (c: DeliveryCost) => number | null) =>
    costs.some((c) => f(c) === null) ? null : costs.reduce((s, c) => s + f(c)! * c.deliveries, 0) / total;
  return {
    deliveries: total,
    workerMs: mean((c) => c.workerMs)!,
    pgWorkerMs: mean((c) => c.pgWorkerMs)!,
    receiversMs: mean((c) => c.receiversMs)!,
    statements: mean((c) => c.statements),
    inserted: mean((c) => c.inserted)!,
    updated: mean((c) => c.updated)!,
    deleted: mean((c) => c.deleted)!,
    walBytes: mean((c) => c.walBytes),
  };
}

function deliveriesText(r: WebhooksRun): string {
  const d = r.deliveries;
  if (!d) return '';
  const after =
    d.drainMs === null
      ? `${fmt(d.backlogAfterDrain)} NOT delivered 60 s after the run`
      : `backlog ${fmt(d.backlogAtRunEnd)} at the run's end, all delivered ${(d.drainMs / 1000).toFixed(1)} s after`;
  return `; deliveries: ${fmt(d.perSecondDuringRun)}/s during the run (${fmt(d.expected / 10)}/s asked), ${after}; per delivery: ${costText(d.cost)}`;
}

function diagnosticsText(r: WebhooksRun): string {
  const api = r.api
    ? `API event loop p99 ${ms(r.api.eventLoopDelayMs.p99)}, pool wait p99 ${ms(r.api.poolWaitMs.p99)} (≤ ${r.api.poolWaitMs.pendingMax} queued)`
    : 'no probe answer';
  const cores = Object.entries(r.cores)
    .map(([k, v]) => `${k} ${v.toFixed(2)}`)
    .join(', ');
  const waits = Object.entries(r.pgWaits.waits)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([k, v]) => `${k} ${(v / Math.max(1, r.pgWaits.samples)).toFixed(2)}`)
    .join(', ');
  // Per tip, not per call: the send function takes batches of tips (group commit), fewer and larger when slower.
  const perTip = r.functions.reduce((sum, f) => sum + f.totalMs, 0) / Math.max(1, r.latency.ok);
  return `${api}; cores: ${cores}; active backends per sample: ${waits || 'none'}; PL/pgSQL ${perTip.toFixed(2)} ms per tip`;
}

/** The webhooks phase (bench/phases/webhooks.ts): every run, then the ratio and the verdict. */
export function webhookRows(w: WebhooksPhase | undefined): Row[] {
  if (!w) return [['Send → socket with webhooks', 'not run', '']];
  const rows: Row[] = w.runs.map((r, i) => [
    `Send → socket, run ${i + 1}, ${r.webhooks ? `${ENDPOINTS_PER_CREATOR} endpoints/creator` : 'no webhooks'}, p50/p99/max`,
    pct(r.latency.sendToReceipt),
    `load ${r.loadAtStart}; CPU per tip ${num(cpuPerTipMs(r.cpu), 3)} ms over ${fmt(r.latency.ok)} tips, ${num(r.cpu.runSeconds, 1)} s and ${num(r.cpu.drainSeconds, 1)} s after; ${r.latency.rate} tips/s, ${r.latency.sockets} sockets; ${fmt(r.latency.receipts)}/${fmt(r.latency.receiptsExpected)} receipts${failures(r.latency)}${deliveriesText(r)}; ${diagnosticsText(r)}`,
  ]);
  const nWith = w.runs.filter((r) => r.webhooks).length;
  const nWithout = w.runs.length - nWith;
  rows.push(
    [
      `Send → socket pooled, ${nWithout} runs without webhooks, p50/p99/p99.9/max`,
      tail(w.pooled.without),
      `${fmt(w.pooled.without.count)} samples; per run p99 ${w.runs
        .filter((r) => !r.webhooks)
        .map((r) => ms(r.latency.sendToReceipt.p99))
        .join(', ')}`,
    ],
    [
      `Send → socket pooled, ${nWith} runs with ${ENDPOINTS_PER_CREATOR} endpoints/creator, p50/p99/p99.9/max`,
      tail(w.pooled.with),
      `${fmt(w.pooled.with.count)} samples; per run p99 ${w.runs
        .filter((r) => r.webhooks)
        .map((r) => ms(r.latency.sendToReceipt.p99))
        .join(', ')}`,
    ],
    [
      'p99 with webhooks / p99 without (pooled)',
      w.pooledP99Ratio.toFixed(2),
      `${w.pooledRange[0].toFixed(2)}–${w.pooledRange[1].toFixed(2)} with any one run left out; p99.9 ${(w.pooled.with.p999 / w.pooled.without.p999).toFixed(2)}, p50 ${(w.pooled.with.p50 / w.pooled.without.p50).toFixed(2)}; median of the runs' p99s ${w.p99Ratio.toFixed(2)}, each run with its neighbours ${w.pairRatios.map((p) => p.toFixed(2)).join(', ')}; information (the target until the CPU per tip replaced it: ≤ 1.10): ${webhookVerdict(w)}`,
    ],
  );
  const cost = meanCost(w.runs.flatMap((r) => (r.deliveries ? [r.deliveries.cost] : [])));
  if (cost)
    rows.push([
      'Cost of one webhook delivery',
      `${num(cost.workerMs + cost.pgWorkerMs, 3)} ms CPU`,
      `worker + its PostgreSQL backends, over ${fmt(cost.deliveries)} deliveries (runs and drains); ${costText(cost)}`,
    ]);
  return rows;
}
