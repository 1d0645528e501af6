import { bootstrapMeanRatio, type RatioInterval } from './bootstrap.ts';

/**
 * The webhooks target: total CPU per tip of the API, the webhook worker and PostgreSQL with five endpoints per
 * creator ÷ without, over alternating runs (bench/phases/webhooks.ts). CPU time, not wall time: it does not move
 * with what the other engineers on a shared 2-core machine run, as a p99 does.
 */

/** The most CPU per tip with webhooks may cost, as a multiple of the same without. */
export const CPU_RATIO_TARGET = 1.3;

/** CPU ms of each part over one stretch (bench/probes/procStats.ts#productCpuMs). */
export interface CpuParts {
  api: number;
  worker: number;
  /** Every PostgreSQL process but the bench's own backends (autovacuum, WAL writer and checkpointer included). */
  postgres: number;
  /** The webhook receivers: other machines in production, so reported but never charged to the tip. */
  receivers: number;
}

/** What one run cost: during its tips, and after them until its deliveries were done (its drain). */
export interface RunCpu {
  /** Tips accepted (200) in the run. */
  tips: number;
  runSeconds: number;
  /** From the run's end until the last of its deliveries arrived and PostgreSQL's counters settled. */
  drainSeconds: number;
  run: CpuParts;
  drain: CpuParts;
}

/** The CPU ms a tip cost the product (API + worker + PostgreSQL) over its run and its drain. */
export function cpuPerTipMs(c: RunCpu): number {
  const product = (p: CpuParts) => p.api + p.worker + p.postgres;
  return (product(c.run) + product(c.drain)) / c.tips;
}

export interface CpuRatio {
  /** CPU ms per tip of each run, without and with webhooks, in run order. */
  withoutMs: number[];
  withMs: number[];
  meanWithoutMs: number;
  meanWithMs: number;
  /** meanWithMs ÷ meanWithoutMs. */
  ratio: number;
  /** Its 95% interval, resampling whole runs (bench/reports/bootstrap.ts). */
  interval: RatioInterval;
}

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

/** Mean CPU per tip over the runs with webhooks ÷ the mean over the runs without, with its interval. */
export function cpuRatio(runs: ReadonlyArray<{ webhooks: boolean; cpu: RunCpu }>): CpuRatio {
  const withoutMs = runs.filter((r) => !r.webhooks).map((r) => cpuPerTipMs(r.cpu));
  const withMs = runs.filter((r) => r.webhooks).map((r) => cpuPerTipMs(r.cpu));
  const meanWithoutMs = mean(withoutMs);
  const meanWithMs = mean(withMs);
  return {
    withoutMs,
    withMs,
    meanWithoutMs,
    meanWithMs,
    ratio: meanWithMs / meanWithoutMs,
    interval: bootstrapMeanRatio(withoutMs, withMs),
  };
}
