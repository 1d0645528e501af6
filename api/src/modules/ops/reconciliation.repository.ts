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
