import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../api/src/db/knex.ts';
import { sleep } from '../settings.ts';

// Where the CPU and the database's waits go during one measuring run (bench/phases/webhooks.ts): CPU time of the
// API process, its other children (the webhook worker), PostgreSQL and the bench's receivers from /proc; the wait
// events of PostgreSQL's client backends sampled from pg_stat_activity; and the time spent in the schema's
// PL/pgSQL functions (the tip function, the outbox and payouts triggers) from pg_stat_user_functions.

const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) of one process, from /proc/<pid>/stat; 0 when it is gone. With `reaped`, plus those
 * of its children that have exited and been waited for (cutime + cstime): PostgreSQL's postmaster, so that the
 * backends of a pgbench run, gone before the second reading, still count.
 */
function cpuSeconds(pid: number, reaped = false): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const children = reaped ? Number(fields[13]) + Number(fields[14]) : 0;
    return (Number(fields[11]) + Number(fields[12]) + children) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The ids of a process's direct children (Linux /proc); none when unreadable. */
export function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

const commOf = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};

const isWebhookWorker = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('webhooksWorker');
  } catch {
    return false;
  }
};

const tree = (pid: number): number[] => [pid, ...childrenOf(pid).flatMap(tree)];

/** A reading of CPU seconds so far per process, with the part each belongs to. */
export type CpuSnapshot = Map<string, { group: string; seconds: number }>;

/** The parts cpuSnapshot charges CPU to (pg*: PostgreSQL's processes, split by whose backend each is). */
export const CPU_GROUPS = [
  'api',
  'pgApi',
  'pgWorker',
  'pgOther',
  'pgBench',
  'worker',
  'receivers',
  'bench',
  'other',
] as const;

/**
 * PostgreSQL's client backends by whose they are, from their application_name: the API's pool (`pgApi`), the
 * webhook worker's (`pgWorker`) or the bench's own connections (`pgBench`, application_name 'bench');
 * cpuSnapshot charges every other PostgreSQL process (the postmaster, autovacuum, the WAL writer, the
 * checkpointer) to `pgOther`.
 */
export async function backendGroups(db: Db): Promise<Map<number, string>> {
  const { rows } = await db.raw<{ rows: Array<{ pid: number; app: string }> }>(
    `select pid, application_name as app from pg_stat_activity where backend_type = 'client backend'`,
  );
  const groups = new Map<number, string>();
  for (const r of rows) {
    if (r.app === 'shabaash-webhooks') groups.set(r.pid, 'pgWorker');
    else if (r.app === 'shabaash-api') groups.set(r.pid, 'pgApi');
    else if (r.app === 'bench') groups.set(r.pid, 'pgBench');
  }
  return groups;
}

/**
 * CPU seconds so far of the API process, PostgreSQL's processes (split by `backends`: backendGroups), the webhook
 * worker process, the API's other children (the Auth emulator), the receivers and the bench itself.
 */
export function cpuSnapshot(
  apiPid: number,
  receiversPid: number | null,
  backends: Map<number, string> = new Map(),
): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  snapshot.set(`${apiPid}`, { group: 'api', seconds: cpuSeconds(apiPid) });
  for (const child of childrenOf(apiPid)) {
    const postgres = commOf(child) === 'postgres';
    const group = postgres ? 'pgOther' : isWebhookWorker(child) ? 'worker' : 'other';
    for (const pid of tree(child))
      snapshot.set(`${pid}`, {
        group: postgres ? (backends.get(pid) ?? group) : group,
        seconds: cpuSeconds(pid, postgres && pid === child),
      });
  }
  if (receiversPid)
    snapshot.set(`${receiversPid}`, { group: 'receivers', seconds: cpuSeconds(receiversPid) });
  // The load generator: this process and its exited children (a pgbench run).
  snapshot.set('bench', { group: 'bench', seconds: cpuSeconds(process.pid, true) });
  return snapshot;
}

/** CPU seconds used per part between two snapshots (see coresUsed for processes that came or went). */
export function cpuUsed(a: CpuSnapshot, b: CpuSnapshot): Record<string, number> {
  const used: Record<string, number> = Object.fromEntries(CPU_GROUPS.map((g) => [g, 0]));
  for (const [pid, now] of b)
    used[now.group] = (used[now.group] ?? 0) + now.seconds - (a.get(pid)?.seconds ?? 0);
  return used;
}

/** The PostgreSQL processes that are the product's: every one but the bench's own backends. */
const PRODUCT_POSTGRES = new Set(['pgApi', 'pgWorker', 'pgOther']);

/**
 * CPU ms between two snapshots of what a tip costs this machine: the API process, the webhook worker process and
 * all of PostgreSQL but the bench's own backends; the receivers (standing for other machines) apart. A PostgreSQL
 * process that exited in between (a pool's idle backend, an autovacuum worker) was reaped by the postmaster,
 * whose reading then holds its whole life: what it had used before `a` is taken back off.
 */
export function productCpuMs(
  a: CpuSnapshot,
  b: CpuSnapshot,
): { api: number; worker: number; postgres: number; receivers: number } {
  const used = cpuUsed(a, b);
  let postgres = [...PRODUCT_POSTGRES].reduce((sum, g) => sum + (used[g] ?? 0), 0);
  for (const [pid, before] of a) if (!b.has(pid) && before.group.startsWith('pg')) postgres -= before.seconds;
  const ms = (seconds: number) => Math.round(seconds * 1e6) / 1e3;
  return {
    api: ms(used.api ?? 0),
    worker: ms(used.worker ?? 0),
    postgres: ms(postgres),
    receivers: ms(used.receivers ?? 0),
  };
}

/**
 * CPU cores used per part between two snapshots taken `seconds` apart. A process that started in between counts
 * from zero; one that ended in between is left out (PostgreSQL backends of a pool come and go).
 */
export function coresUsed(a: CpuSnapshot, b: CpuSnapshot, seconds: number): Record<string, number> {
  return Object.fromEntries(
    Object.entries(cpuUsed(a, b)).map(([k, v]) => [k, Math.round((v / seconds) * 100) / 100]),
  );
}

/** Rows the outbox tables (outgoing_webhook_*) have had inserted, updated and deleted so far. */
export async function outboxWrites(db: Db): Promise<{ inserted: number; updated: number; deleted: number }> {
  const { rows } = await db.raw<{ rows: Array<{ ins: string; upd: string; del: string }> }>(
    `select sum(n_tup_ins) as ins, sum(n_tup_upd) as upd, sum(n_tup_del) as del
     from pg_stat_user_tables where relname like 'outgoing_webhook%'`,
  );
  const r = rows[0];
  return { inserted: Number(r?.ins ?? 0), updated: Number(r?.upd ?? 0), deleted: Number(r?.del ?? 0) };
}

/** WAL bytes written so far by the webhook worker's backends (PostgreSQL 18's per-backend WAL statistics). */
export async function workerWalBytes(db: Db): Promise<number | null> {
  try {
    const { rows } = await db.raw<{ rows: Array<{ bytes: string | null }> }>(
      `select sum((pg_stat_get_backend_wal(pid)).wal_bytes) as bytes
       from pg_stat_activity where application_name = 'shabaash-webhooks'`,
    );
    return rows[0]?.bytes == null ? null : Number(rows[0].bytes);
  } catch {
    return null;
  }
}

/** CPU milliseconds per operation per part between two snapshots (`ops` operations in between). */
export function cpuMsPerOp(a: CpuSnapshot, b: CpuSnapshot, ops: number): Record<string, number> {
  const used: Record<string, number> = {};
  for (const [pid, now] of b)
    used[now.group] = (used[now.group] ?? 0) + now.seconds - (a.get(pid)?.seconds ?? 0);
  return Object.fromEntries(
    Object.entries(used).map(([k, v]) => [k, ops > 0 ? Math.round((v * 1e5) / ops) / 100 : 0]),
  );
}

/** The server's transaction and row counters so far (pg_stat_database of the current database). */
export async function dbCounters(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.raw<{ rows: Array<Record<string, string>> }>(
    `select xact_commit, tup_inserted, tup_updated, tup_deleted, tup_fetched, blks_hit
       from pg_stat_database where datname = current_database()`,
  );
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
}

/** Per operation between two readings of dbCounters, to two decimals. */
export function countersPerOp(
  a: Record<string, number>,
  b: Record<string, number>,
  ops: number,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(b).map(([k, v]) => [k, ops > 0 ? Math.round(((v - (a[k] ?? 0)) * 100) / ops) / 100 : 0]),
  );
}

export const load1 = () => Math.round((os.loadavg()[0] ?? 0) * 100) / 100;

/**
 * Samples pg_stat_activity every 100 ms until stopped: how often client backends were waiting, on what, split
 * by whether the statement touches the outbox (outgoing_webhook_*) or not (the tip path, realtime reads).
 */
export function sampleWaits(db: Db): () => Promise<{ samples: number; waits: Record<string, number> }> {
  let stopped = false;
  let samples = 0;
  const waits: Record<string, number> = {};
  const loop = (async () => {
    while (!stopped) {
      const t = performance.now();
      try {
        const { rows } = await db.raw<{
          rows: Array<{ outbox: boolean; wait: string | null; state: string | null }>;
        }>(`select query ilike '%outgoing_webhook%' as outbox, wait_event_type || ':' || wait_event as wait, state
            from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()
              and application_name like 'shabaash%' and state = 'active'`);
        samples++;
        for (const r of rows) {
          const key = `${r.outbox ? 'outbox' : 'other'} ${r.wait ?? 'CPU'}`;
          waits[key] = (waits[key] ?? 0) + 1;
        }
      } catch {
        // the sampler is best effort
      }
      await sleep(Math.max(0, 100 - (performance.now() - t)));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return { samples, waits };
  };
}

/** Turns on PL/pgSQL function timing (track_functions = pl) for the whole server. */
export async function trackFunctions(db: Db): Promise<void> {
  await db.raw(`alter system set track_functions = 'pl'`);
  await db.raw('select pg_reload_conf()');
}

/** Calls and self time (ms) of the schema's functions so far. */
export async function functionTimes(db: Db): Promise<Record<string, { calls: number; ms: number }>> {
  const { rows } = await db.raw<{ rows: Array<{ funcname: string; calls: string; self_time: number }> }>(
    `select funcname, calls, self_time from pg_stat_user_functions where funcname like 'shabaash_%'`,
  );
  return Object.fromEntries(rows.map((r) => [r.funcname, { calls: Number(r.calls), ms: r.self_time }]));
}

/** Per function between two readings: calls and mean self time per call (ms), busiest first, top `n`. */
export function functionDelta(
  a: Record<string, { calls: number; ms: number }>,
  b: Record<string, { calls: number; ms: number }>,
  n = 4,
): Array<{ name: string; calls: number; meanMs: number; totalMs: number }> {
  return Object.entries(b)
    .map(([name, v]) => {
      const calls = v.calls - (a[name]?.calls ?? 0);
      const totalMs = v.ms - (a[name]?.ms ?? 0);
      return { name, calls, totalMs, meanMs: calls ? totalMs / calls : 0 };
    })
    .filter((f) => f.calls > 0)
    .sort((x, y) => y.totalMs - x.totalMs)
    .slice(0, n);
}
