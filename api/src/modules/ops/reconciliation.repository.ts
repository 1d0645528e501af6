import type { Knex } from 'knex';
import type { Executor } from '../../db/knex.ts';

/** The entities reconciled, and how a difference differs. */
export type ReconEntity = 'payment' | 'refund' | 'transfer' | 'settlement';
export type DifferenceKind =
  'missing_in_ledger' | 'missing_at_razorpay' | 'amount_mismatch' | 'status_mismatch';
export type RunTrigger = 'job' | 'operator' | 'command';

/** An instant window [from, to). */
export interface Period {
  from: Date;
  to: Date;
}

/** A captured payment as the ledger records it: its order, and what it became (a credit, a tip, a refund due). */
export interface LedgerPayment {
  id: string;
  order_id: string;
  purpose: 'top_up' | 'guest_tip';
  amount_paise: number;
  order_status: string;
  applied: 'credited' | 'tipped' | 'refund_pending' | 'refund_processed' | 'recorded';
  recorded_at: Date;
}

export interface LedgerRefund {
  id: string;
  payment_id: string;
  amount_paise: number;
  source: 'refused_payment' | 'refund_webhook';
  recorded_at: Date;
}

export interface LedgerTransfer {
  id: string;
  transfer_id: string;
  creator_id: string;
  amount_paise: number;
  status: string;
  recipient_settlement_id: string | null;
  utr: string | null;
  created_at: Date;
}

export interface LedgerSettlement {
  id: string;
  utr: string | null;
  amount_paise: number;
  transfers: string[];
  settled_at: Date;
}

/** Orders are paid within this of their creation (the unpaid-orders job gives up after 7 days). */
const ORDER_HORIZON = "interval '8 days'";

const PAYMENTS_SQL = `
  select o.payment_id as id, o.id as order_id, o.purpose, o.amount_paise::bigint as amount_paise,
         o.status as order_status,
         case when w.id is not null then 'credited' when t.id is not null then 'tipped'
              when r.payment_id is not null then 'refund_' || r.status else 'recorded' end as applied,
         coalesce(w.created_at, t.created_at, r.created_at, o.updated_at) as recorded_at
    from payment_orders o
    left join wallet_transactions w on w.kind = 'top_up' and w.reference = o.payment_id
    left join tips t on t.payment_id = o.payment_id
    left join payment_refunds r on r.payment_id = o.payment_id
   where o.payment_id is not null`;

const num = <T extends { amount_paise: number | string }>(row: T): T => ({
  ...row,
  amount_paise: Number(row.amount_paise),
});

/** Captured payments the ledger recorded in the period (credited, tipped or refunded as refused). */
export async function ledgerPaymentsIn(db: Executor, p: Period): Promise<LedgerPayment[]> {
  const { rows } = await db.raw<{ rows: LedgerPayment[] }>(
    `select * from (${PAYMENTS_SQL}
        and o.created_at >= ?::timestamptz - ${ORDER_HORIZON} and o.created_at < ?) x
      where recorded_at >= ? and recorded_at < ?`,
    [p.from, p.to, p.from, p.to],
  );
  return rows.map(num);
}

/** The ledger's records of these payment ids, whenever recorded. */
export async function ledgerPaymentsByIds(db: Executor, ids: string[]): Promise<LedgerPayment[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.raw<{ rows: LedgerPayment[] }>(`${PAYMENTS_SQL} and o.payment_id = any(?)`, [
    ids,
  ]);
  return rows.map(num);
}

const REFUNDS_SQL = `
  select distinct on (id) * from (
    select refund_id as id, payment_id, amount_paise::bigint as amount_paise, 'refused_payment' as source,
           updated_at as recorded_at, 0 as rank
      from payment_refunds where refund_id is not null
    union all
    select payload #>> '{payload,refund,entity,id}', payload #>> '{payload,refund,entity,payment_id}',
           (payload #>> '{payload,refund,entity,amount}')::bigint, 'refund_webhook', received_at, 1
      from webhook_events where event = 'refund.processed' and payload #>> '{payload,refund,entity,id}' is not null
  ) r`;

/** Refunds the ledger knows of that were recorded in the period: refused payments refunded, refund webhooks. */
export async function ledgerRefundsIn(db: Executor, p: Period): Promise<LedgerRefund[]> {
  const { rows } = await db.raw<{ rows: LedgerRefund[] }>(
    `select id, payment_id, amount_paise, source, recorded_at from (${REFUNDS_SQL}
      where recorded_at >= ? and recorded_at < ? order by id, rank) x`,
    [p.from, p.to],
  );
  return rows.map(num);
}

export async function ledgerRefundsByIds(db: Executor, ids: string[]): Promise<LedgerRefund[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.raw<{ rows: LedgerRefund[] }>(
    `select id, payment_id, amount_paise, source, recorded_at from (${REFUNDS_SQL}
      where id = any(?) order by id, rank) x`,
    [ids],
  );
  return rows.map(num);
}

const TRANSFER_COLUMNS = [
  'razorpay_transfer_id as id',
  'id as transfer_id',
  'creator_id',
  'amount_paise',
  'status',
  'recipient_settlement_id',
  'utr',
  'created_at',
];

/** Payout transfers Razorpay accepted (they carry its id) that were made in the period. */
export async function ledgerTransfersIn(db: Executor, p: Period): Promise<LedgerTransfer[]> {
  const rows = await db('payout_transfers')
    .whereNotNull('razorpay_transfer_id')
    .where('created_at', '>=', p.from)
    .where('created_at', '<', p.to)
    .select<LedgerTransfer[]>(TRANSFER_COLUMNS);
  return rows.map(num);
}

export async function ledgerTransfersByIds(db: Executor, ids: string[]): Promise<LedgerTransfer[]> {
  if (ids.length === 0) return [];
  const rows = await db('payout_transfers')
    .whereIn('razorpay_transfer_id', ids)
    .select<LedgerTransfer[]>(TRANSFER_COLUMNS);
  return rows.map(num);
}

const SETTLEMENTS_SQL = `
  select recipient_settlement_id as id, max(utr) as utr, sum(amount_paise)::bigint as amount_paise,
         array_agg(razorpay_transfer_id order by razorpay_transfer_id) as transfers, max(settled_at) as settled_at
    from payout_transfers where recipient_settlement_id is not null`;

/** Settlements of payout transfers the ledger recorded (settlement.processed) in the period. */
export async function ledgerSettlementsIn(db: Executor, p: Period): Promise<LedgerSettlement[]> {
  const { rows } = await db.raw<{ rows: LedgerSettlement[] }>(
    `${SETTLEMENTS_SQL} group by recipient_settlement_id having max(settled_at) >= ? and max(settled_at) < ?`,
    [p.from, p.to],
  );
  return rows.map(num);
}

export async function ledgerSettlementsByIds(db: Executor, ids: string[]): Promise<LedgerSettlement[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.raw<{ rows: LedgerSettlement[] }>(
    `${SETTLEMENTS_SQL} and recipient_settlement_id = any(?) group by recipient_settlement_id`,
    [ids],
  );
  return rows.map(num);
}

// ---------- runs and differences ----------

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
