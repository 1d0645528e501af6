import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../api/src/db/knex.ts';
import { childrenOf, coresUsed, cpuSnapshot, load1 } from './procStats.ts';
import { sleep } from '../settings.ts';

/**
 * What the machine and PostgreSQL did during a send → socket window (the tail): how long the API's and the
 * bench's main threads and PostgreSQL's processes waited for a CPU (the scheduler: /proc/<pid>/task/<tid>/schedstat),
 * the CPU pressure (/proc/pressure/cpu), the cores each part and everything else used, the checkpoints
 * (pg_stat_checkpointer) and the autovacuum workers and checkpoint writes seen in pg_stat_activity (polled every 250 ms).
 */
export interface SysWindow {
  seconds: number;
  load1: [number, number];
  /** Run-queue wait (ms) in the window: waiting for a CPU while runnable. */
  runQueueWaitMs: { api: number; bench: number; postgres: number };
  /** /proc/pressure/cpu "some": ms in the window when at least one runnable task waited for a CPU. */
  cpuPressureMs: number | null;
  /** Cores used per part, and by every other process of the machine ("machine other"). */
  cores: Record<string, number>;
  checkpoints: { timed: number; requested: number; writeMs: number; syncMs: number; buffers: number } | null;
  /** Epoch ms intervals when an autovacuum worker or a checkpoint's writes were seen, with what. */
  background: Array<{ what: string; start: number; end: number }>;
}

const schedWaitNs = (pid: number, tid: number) => {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1] ?? 0);
  } catch {
    return 0;
  }
};

const comm = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};

/** Run-queue wait so far (ns) of every thread of PostgreSQL's processes (children of the API process). */
function postgresWaitNs(apiPid: number): Map<number, number> {
  const out = new Map<number, number>();
  const walk = (pid: number) => {
    out.set(pid, schedWaitNs(pid, pid));
    childrenOf(pid).forEach(walk);
  };
  for (const child of childrenOf(apiPid)) if (comm(child) === 'postgres') walk(child);
  return out;
}

const pressureUs = () => {
  try {
    const m = /^some .*total=(\d+)/m.exec(fs.readFileSync('/proc/pressure/cpu', 'utf8'));
    return m?.[1] ? Number(m[1]) : null;
  } catch {
    return null;
  }
};

/** Machine-wide busy CPU seconds so far (/proc/stat: everything but idle and iowait). */
const machineBusy = () => {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return (f.reduce((a, b) => a + b, 0) - (f[3] ?? 0) - (f[4] ?? 0)) / 100;
};

async function checkpointer(db: Db): Promise<SysWindow['checkpoints']> {
  try {
    const { rows } = await db.raw<{
      rows: Array<{ timed: string; requested: string; w: number; s: number; b: string }>;
    }>(`select num_timed as timed, num_requested as requested, write_time as w, sync_time as s,
               buffers_written as b from pg_stat_checkpointer`);
    const r = rows[0]!;
    return {
      timed: Number(r.timed),
      requested: Number(r.requested),
      writeMs: r.w,
      syncMs: r.s,
      buffers: Number(r.b),
    };
  } catch {
    return null;
  }
}

/** Starts watching; the returned function ends the window and reports it. */
export async function startSysTrace(db: Db, apiPid: number): Promise<() => Promise<SysWindow>> {
  const t0 = performance.now();
  const load0 = load1();
  const api0 = schedWaitNs(apiPid, apiPid);
  const bench0 = schedWaitNs(process.pid, process.pid);
  const pg0 = postgresWaitNs(apiPid);
  const psi0 = pressureUs();
  const cpu0 = cpuSnapshot(apiPid, null);
  const busy0 = machineBusy();
  const ckpt0 = await checkpointer(db);
  const background: SysWindow['background'] = [];
  let stopped = false;
  const poll = (async () => {
    const open = new Map<string, { what: string; start: number; end: number }>();
    while (!stopped) {
      const t = performance.timeOrigin + performance.now();
      try {
        const { rows } = await db.raw<{ rows: Array<{ pid: number; what: string }> }>(
          `select pid, case when backend_type = 'checkpointer' then 'checkpoint writes' else query end as what
             from pg_stat_activity
            where backend_type = 'autovacuum worker'
               or (backend_type = 'checkpointer' and wait_event in ('CheckpointWriteDelay', 'DataFileSync',
                   'DataFileWrite', 'WalSync', 'DataFileFlush'))`,
        );
        for (const r of rows) {
          const k = `${r.pid} ${r.what}`;
          const seen = open.get(k) ?? { what: r.what, start: t, end: t };
          seen.end = t;
          if (!open.has(k)) {
            open.set(k, seen);
            background.push(seen);
          }
        }
      } catch {
        // best effort
      }
      await sleep(250);
    }
  })();
  return async () => {
    stopped = true;
    await poll;
    const seconds = (performance.now() - t0) / 1000;
    const pg1 = postgresWaitNs(apiPid);
    let pgWait = 0;
    for (const [pid, ns] of pg1) pgWait += ns - (pg0.get(pid) ?? 0);
    const psi1 = pressureUs();
    const cores = coresUsed(cpu0, cpuSnapshot(apiPid, null), seconds);
    const ours = Object.values(cores).reduce((a, b) => a + b, 0);
    cores['machine other'] = Math.max(0, Math.round(((machineBusy() - busy0) / seconds - ours) * 100) / 100);
    const ckpt1 = await checkpointer(db);
    return {
      seconds,
      load1: [load0, load1()],
      runQueueWaitMs: {
        api: (schedWaitNs(apiPid, apiPid) - api0) / 1e6,
        bench: (schedWaitNs(process.pid, process.pid) - bench0) / 1e6,
        postgres: pgWait / 1e6,
      },
      cpuPressureMs: psi0 !== null && psi1 !== null ? (psi1 - psi0) / 1000 : null,
      cores,
      checkpoints:
        ckpt0 && ckpt1
          ? {
              timed: ckpt1.timed - ckpt0.timed,
              requested: ckpt1.requested - ckpt0.requested,
              writeMs: ckpt1.writeMs - ckpt0.writeMs,
              syncMs: ckpt1.syncMs - ckpt0.syncMs,
              buffers: ckpt1.buffers - ckpt0.buffers,
            }
          : null,
      background,
    };
  };
}
