// The CPU and the outbox work of one webhooks run (bench/phases/webhooks.ts), read at its start, at its end and
// after its drain: what a run's CPU per tip (bench/reports/cpuPerTip.ts) and each delivery's cost are computed from.
import type { Db } from '../../api/src/db/knex.ts';
import type { RunCpu } from '../reports/cpuPerTip.ts';
import { workerStatements } from './probe.ts';
import {
  backendGroups,
  cpuSnapshot,
  cpuUsed,
  outboxWrites,
  productCpuMs,
  workerWalBytes,
} from './procStats.ts';

/** What one delivery cost, over a run with webhooks and its drain (load-independent: CPU time, not wall time). */
export interface DeliveryCost {
  deliveries: number;
  /** CPU ms per delivery: the worker process, its PostgreSQL backends, the receivers. */
  workerMs: number;
  pgWorkerMs: number;
  receiversMs: number;
  /** The worker's statements (BEGIN and COMMIT included; bench/probes/workerProbe.mjs) per delivery; null: no count. */
  statements: number | null;
  /** Rows inserted, updated and deleted in the outbox tables per delivery (pg_stat_user_tables). */
  inserted: number;
  updated: number;
  deleted: number;
  /** WAL bytes per delivery written by the worker's backends (null: not available). */
  walBytes: number | null;
}

export type CostMark = Awaited<ReturnType<typeof costMark>>;

/** Readings taken at a run's start that its per-delivery cost is computed from. */
export async function costMark(db: Db, apiPid: number, receiversPid: number, probeFile: string) {
  const backends = await backendGroups(db);
  return {
    backends,
    cpu: cpuSnapshot(apiPid, receiversPid, backends),
    writes: await outboxWrites(db),
    statements: workerStatements(probeFile),
    wal: await workerWalBytes(db),
  };
}

/** What the deliveries between `start` and now cost each (CPU ms per process, statements, rows, WAL bytes). */
export function deliveryCost(start: CostMark, end: CostMark, deliveries: number): DeliveryCost {
  const n = Math.max(1, deliveries);
  const cpu = cpuUsed(start.cpu, end.cpu);
  const per = (v: number) => Math.round((v / n) * 1000) / 1000;
  const perMs = (seconds: number | undefined) => Math.round(((seconds ?? 0) * 1000 * 1000) / n) / 1000;
  return {
    deliveries,
    workerMs: perMs(cpu.worker),
    pgWorkerMs: perMs(cpu.pgWorker),
    receiversMs: perMs(cpu.receivers),
    statements:
      start.statements === null || end.statements === null ? null : per(end.statements - start.statements),
    inserted: per(end.writes.inserted - start.writes.inserted),
    updated: per(end.writes.updated - start.writes.updated),
    deleted: per(end.writes.deleted - start.writes.deleted),
    walBytes: start.wal === null || end.wal === null ? null : Math.round((end.wal - start.wal) / n),
  };
}

/** The CPU readings when the run's tips are all sent; backends the pools opened during the run count for their pool. */
export async function runEndSnapshot(db: Db, mark: CostMark, apiPid: number, receiversPid: number) {
  for (const [pid, group] of await backendGroups(db)) mark.backends.set(pid, group);
  return cpuSnapshot(apiPid, receiversPid, mark.backends);
}

/** The readings after the drain; a backend that exited during the run is still read (its reaped CPU counts once). */
export async function endMark(
  db: Db,
  mark: CostMark,
  apiPid: number,
  receiversPid: number,
  probeFile: string,
): Promise<CostMark> {
  const end = await costMark(db, apiPid, receiversPid, probeFile);
  for (const [pid, group] of mark.backends) if (!end.backends.has(pid)) end.backends.set(pid, group);
  end.cpu = cpuSnapshot(apiPid, receiversPid, end.backends);
  return end;
}

/** A run's CPU (API, worker, PostgreSQL) during its tips and during its drain, with its tips and durations. */
export function runCpu(
  tips: number,
  runSeconds: number,
  drainSeconds: number,
  mark: CostMark,
  runEnd: CostMark['cpu'],
  end: CostMark,
): RunCpu {
  return {
    tips,
    runSeconds,
    drainSeconds,
    run: productCpuMs(mark.cpu, runEnd),
    drain: productCpuMs(runEnd, end.cpu),
  };
}
