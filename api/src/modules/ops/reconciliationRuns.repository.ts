import type { Knex } from 'knex';
import type { Executor } from '../../db/knex.ts';

import type { DifferenceKind, ReconEntity, RunTrigger } from './reconciliation.repository.ts';

// Reconciliation runs and the differences they found (one open row per day, entity, id and kind).

/** The advisory lock that lets one reconciliation run at a time across instances ("shabaash recon"). */
export const RECONCILIATION_LOCK_ID = 0x5ab_0029;

/**
 * Runs `work` under the cluster-wide reconciliation lock (session-level on one dedicated connection, released
 * after, and by PostgreSQL if the process dies); `{ ran: false }` when another run holds it.
 */
export async function withReconciliationLock<T>(
  knex: Knex,
  work: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  const connection: unknown = await knex.client.acquireConnection();
  try {
    const locked = await knex
      .raw<{ rows: Array<{ locked: boolean }> }>('select pg_try_advisory_lock(?) as locked', [
        RECONCILIATION_LOCK_ID,
      ])
      .connection(connection);
    if (!locked.rows[0]?.locked) return { ran: false };
    try {
      return { ran: true, result: await work() };
    } finally {
      await knex.raw('select pg_advisory_unlock(?)', [RECONCILIATION_LOCK_ID]).connection(connection);
    }
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

export interface DifferenceInput {
  kind: DifferenceKind;
  entity: ReconEntity;
  entityId: string;
  ledger: unknown;
  razorpay: unknown;
}

export interface RunRow {
  id: string;
  day: string;
  trigger: RunTrigger;
  operator_id: string | null;
  status: 'running' | 'done' | 'failed';
  compared: Partial<Record<ReconEntity, number>>;
  found: number;
  resolved: number;
  error: string | null;
  started_at: Date;
  finished_at: Date | null;
}

export interface DifferenceRow {
  id: string;
  day: string;
  kind: DifferenceKind;
  entity: ReconEntity;
  entity_id: string;
  ledger: unknown;
  razorpay: unknown;
  first_seen_at: Date;
  last_seen_at: Date;
  resolved_at: Date | null;
  resolved_by: string | null;
  resolution_note: string | null;
}

const RUN_COLUMNS = [
  'id',
  'trigger',
  'operator_id',
  'status',
  'compared',
  'found',
  'resolved',
  'error',
  'started_at',
  'finished_at',
];
const asRun = (row: RunRow): RunRow => ({ ...row, id: String(row.id) });

/** Opens a run of `day` (status running). */
export async function insertRun(
  db: Executor,
  run: { day: string; trigger: RunTrigger; operatorId: string | null },
): Promise<RunRow> {
  const [row] = await db('reconciliation_runs')
    .insert({ day: run.day, trigger: run.trigger, operator_id: run.operatorId })
    .returning<RunRow[]>([...RUN_COLUMNS, db.raw(`to_char(day, 'YYYY-MM-DD') as day`)]);
  return asRun(row as RunRow);
}

/**
 * Records what a run of `day` found: each difference is opened, or refreshed when already open (same day, entity,
 * id and kind: never a second row), and every open difference of that day this run did not find is resolved
 * automatically. Returns the counts written on the run.
 */
export async function recordRunDifferences(
  tx: Executor,
  run: { id: string; day: string; compared: Partial<Record<ReconEntity, number>> },
  differences: DifferenceInput[],
): Promise<{ found: number; resolved: number }> {
  const payload = differences.map((d) => ({
    kind: d.kind,
    entity: d.entity,
    entity_id: d.entityId,
    ledger: d.ledger ?? null,
    razorpay: d.razorpay ?? null,
  }));
  if (payload.length > 0) {
    await tx.raw(
      `insert into reconciliation_differences (day, kind, entity, entity_id, ledger, razorpay, last_run_id)
       select ?::date, x.kind, x.entity, x.entity_id, x.ledger, x.razorpay, ?
         from jsonb_to_recordset(?::jsonb) as x(kind text, entity text, entity_id text, ledger jsonb, razorpay jsonb)
       on conflict (day, entity, entity_id, kind) where resolved_at is null
       do update set ledger = excluded.ledger, razorpay = excluded.razorpay, last_seen_at = now(),
                     last_run_id = excluded.last_run_id`,
      [run.day, run.id, JSON.stringify(payload)],
    );
  }
  const resolved = await tx('reconciliation_differences')
    .where({ day: run.day })
    .whereNull('resolved_at')
    .whereNot('last_run_id', run.id)
    .update({ resolved_at: tx.fn.now(), resolution_note: `Not found again by run ${run.id}.` });
  const found = differences.length;
  await tx('reconciliation_runs')
    .where({ id: run.id })
    .update({
      status: 'done',
      compared: JSON.stringify(run.compared),
      found,
      resolved,
      finished_at: tx.fn.now(),
    });
  return { found, resolved };
}

/** Marks a run failed with why (Razorpay unreachable…); its day's differences stay as they were. */
export async function failRun(tx: Executor, runId: string, error: string): Promise<void> {
  await tx('reconciliation_runs')
    .where({ id: runId })
    .update({ status: 'failed', error: error.slice(0, 500), finished_at: tx.fn.now() });
}

/** True when a run of `day` finished. */
export async function hasFinishedRun(db: Executor, day: string): Promise<boolean> {
  const row = await db('reconciliation_runs').where({ day, status: 'done' }).first('id');
  return Boolean(row);
}

/** The newest runs, newest first. */
export async function listRuns(db: Executor, limit: number): Promise<RunRow[]> {
  const rows = await db('reconciliation_runs')
    .orderBy('id', 'desc')
    .limit(limit)
    .select<RunRow[]>([...RUN_COLUMNS, db.raw(`to_char(day, 'YYYY-MM-DD') as day`)]);
  return rows.map(asRun);
}

const DIFFERENCE_COLUMNS = [
  'id',
  'kind',
  'entity',
  'entity_id',
  'ledger',
  'razorpay',
  'first_seen_at',
  'last_seen_at',
  'resolved_at',
  'resolved_by',
  'resolution_note',
];

/** One run, or undefined. */
export async function findRun(db: Executor, id: string): Promise<RunRow | undefined> {
  const row = await db('reconciliation_runs')
    .where({ id })
    .first<RunRow | undefined>([...RUN_COLUMNS, db.raw(`to_char(day, 'YYYY-MM-DD') as day`)]);
  return row ? asRun(row) : undefined;
}

/** Open differences, oldest day first. */
export async function listOpenDifferences(db: Executor, limit: number): Promise<DifferenceRow[]> {
  return db('reconciliation_differences')
    .whereNull('resolved_at')
    .orderBy([
      { column: 'day', order: 'asc' },
      { column: 'first_seen_at', order: 'asc' },
    ])
    .limit(limit)
    .select<DifferenceRow[]>([...DIFFERENCE_COLUMNS, db.raw(`to_char(day, 'YYYY-MM-DD') as day`)]);
}

/** How many differences are open now (the metrics gauge's value). */
export async function countOpenDifferences(db: Executor): Promise<number> {
  const row = await db('reconciliation_differences')
    .whereNull('resolved_at')
    .first<{ n: string | number }>(db.raw('count(*) as n'));
  return Number(row?.n ?? 0);
}

/** One difference, or undefined. */
export async function findDifference(db: Executor, id: string): Promise<DifferenceRow | undefined> {
  return db('reconciliation_differences')
    .where({ id })
    .first<DifferenceRow | undefined>([...DIFFERENCE_COLUMNS, db.raw(`to_char(day, 'YYYY-MM-DD') as day`)]);
}

/** One difference locked for the rest of the transaction. */
export async function lockDifference(tx: Executor, id: string): Promise<DifferenceRow | undefined> {
  return tx('reconciliation_differences')
    .where({ id })
    .forUpdate()
    .first<DifferenceRow | undefined>([...DIFFERENCE_COLUMNS, tx.raw(`to_char(day, 'YYYY-MM-DD') as day`)]);
}

/** Marks a difference resolved by an operator, with their note. */
export async function resolveDifference(
  tx: Executor,
  id: string,
  by: { operatorId: string; note: string },
): Promise<void> {
  await tx('reconciliation_differences')
    .where({ id })
    .update({ resolved_at: tx.fn.now(), resolved_by: by.operatorId, resolution_note: by.note });
}
