import { Gauge, Histogram } from 'prom-client';
import type { Db } from '../db/knex.ts';
import { registry } from './registry.ts';

/** What the metrics read of knex's connection pool (tarn): its queue and its events. */
interface TarnPool {
  numPendingAcquires(): number;
  numUsed(): number;
  numFree(): number;
  on(event: 'acquireRequest', listener: (eventId: number) => void): void;
  on(event: 'acquireSuccess' | 'acquireFail', listener: (eventId: number) => void): void;
}

const poolOf = (db: Db) => (db.client as { pool?: TarnPool }).pool;

/** The pools of this process by name (`api`, `realtime`); a destroyed one reads as empty. */
const pools = new Map<Db, string>();

const acquireWait = new Histogram({
  name: 'shabaash_db_pool_acquire_seconds',
  help: 'Time a query waited for a connection from the pool (acquire request to connection handed over).',
  labelNames: ['pool'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

/** Sums a pool reading over the pools of each name (test processes run several apps). */
function sumByName(read: (pool: TarnPool) => number): Map<string, number> {
  const sums = new Map<string, number>();
  for (const [db, name] of pools) {
    const pool = poolOf(db);
    sums.set(name, (sums.get(name) ?? 0) + (pool ? read(pool) : 0));
  }
  return sums;
}

function poolGauge(name: string, help: string, read: (pool: TarnPool) => number): void {
  new Gauge({
    name,
    help,
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [pool, value] of sumByName(read)) this.set({ pool }, value);
    },
  });
}

poolGauge(
  'shabaash_db_pool_pending_acquires',
  'Queries waiting for a pooled database connection now (DATABASE_POOL_MAX is too small, or queries are slow).',
  (p) => p.numPendingAcquires(),
);
poolGauge('shabaash_db_pool_used', 'Pooled database connections in use now.', (p) => p.numUsed());
poolGauge('shabaash_db_pool_free', 'Pooled database connections open and idle now.', (p) => p.numFree());

/**
 * Measures a knex pool under `name`: its queue at scrape time, and each acquire's wait (two map operations and
 * one histogram observation per query). Measuring the same pool twice does nothing.
 */
export function instrumentPool(db: Db, name: string): void {
  const pool = poolOf(db);
  if (!pool || pools.has(db)) return;
  pools.set(db, name);
  const wait = acquireWait.labels({ pool: name });
  const started = new Map<number, number>();
  pool.on('acquireRequest', (id) => started.set(id, performance.now()));
  const done = (id: number) => {
    const at = started.get(id);
    if (at === undefined) return;
    started.delete(id);
    wait.observe((performance.now() - at) / 1000);
  };
  pool.on('acquireSuccess', done);
  pool.on('acquireFail', done);
}
