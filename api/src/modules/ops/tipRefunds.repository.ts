import type { Executor } from '../../db/knex.ts';

export interface OpsTipRow {
  id: string;
  /** A `youtube` row moved no money: the ops console refuses it (tipRefunds.service). */
  source: 'wallet' | 'guest' | 'youtube';
  amount_paise: string | number;
  fee_paise: string | number;
  created_at: Date;
  creator_id: string;
  handle: string;
  display_name: string;
  sender_id: string | null;
  sender_name: string | null;
  sender_phone: string | null;
  guest_name: string | null;
  payment_id: string | null;
  order_id: string | null;
}

export interface OperatorRefundRow {
  id: string;
  tip_id: string;
  source: 'wallet' | 'guest';
  payment_id: string | null;
  amount_paise: string | number;
  status: 'pending' | 'processed' | 'failed';
  refund_id: string | null;
  operator_id: string;
  idempotency_key: string;
  request_hash: string;
  reason: string;
  created_at: Date;
}

export interface TipEarningRow {
  state: 'pending' | 'available' | 'in_transit' | 'paid' | 'reversed';
  net_paise: string | number;
  reversed_paise: string | number;
}

/** A tip with its creator and sender, as an operator sees it (the phone is masked by the presenter); `lock` locks the tip row. */
export async function findOpsTip(
  db: Executor,
  tipId: string,
  opts: { lock?: boolean } = {},
): Promise<OpsTipRow | undefined> {
  const query = db('tips as t')
    .join('creators as c', 'c.user_id', 't.creator_id')
    .leftJoin('users as s', 's.id', 't.sender_id')
    .where('t.id', tipId)
    .first<OpsTipRow | undefined>(
      't.id',
      't.source',
      't.amount_paise',
      't.fee_paise',
      't.created_at',
      't.creator_id',
      'c.handle',
      'c.display_name',
      't.sender_id',
      's.name as sender_name',
      's.phone as sender_phone',
      't.guest_name',
      't.payment_id',
      't.order_id',
    );
  if (opts.lock) query.forUpdate('t');
  return query;
}

/** Every operator refund of a tip, oldest first. */
export async function listTipRefunds(db: Executor, tipId: string): Promise<OperatorRefundRow[]> {
  return db('operator_refunds')
    .where({ tip_id: tipId })
    .orderBy('created_at', 'asc')
    .select<OperatorRefundRow[]>('*');
}

/** The refund an operator asked for with this Idempotency-Key, if any. */
export async function findRefundByKey(
  db: Executor,
  operatorId: string,
  key: string,
): Promise<OperatorRefundRow | undefined> {
  return db('operator_refunds')
    .where({ operator_id: operatorId, idempotency_key: key })
    .first<OperatorRefundRow | undefined>();
}

/** Records an operator refund (its amount counts against the tip from now on, unless it fails). */
export async function insertOperatorRefund(
  tx: Executor,
  row: Omit<OperatorRefundRow, 'id' | 'created_at' | 'refund_id'>,
): Promise<OperatorRefundRow> {
  const [inserted] = await tx('operator_refunds').insert(row).returning<OperatorRefundRow[]>('*');
  if (!inserted) throw new Error('operator refund insert returned no row');
  return inserted;
}

/** Marks a guest refund processed (with Razorpay's refund id) or failed (its amount is free again). */
export async function settleOperatorRefund(
  db: Executor,
  id: string,
  outcome: { status: 'processed'; refundId: string } | { status: 'failed' },
): Promise<OperatorRefundRow> {
  const [row] = await db('operator_refunds')
    .where({ id })
    .update({
      status: outcome.status,
      refund_id: outcome.status === 'processed' ? outcome.refundId : null,
      updated_at: db.fn.now(),
    })
    .returning<OperatorRefundRow[]>('*');
  if (!row) throw new Error(`operator refund ${id} vanished`);
  return row;
}

/** The creator's earning for a tip and how much of it reversals took, or undefined (no earning). */
export async function findTipEarning(db: Executor, tipId: string): Promise<TipEarningRow | undefined> {
  return db('earnings as e')
    .where('e.tip_id', tipId)
    .first<TipEarningRow | undefined>(
      'e.state',
      'e.net_paise',
      db.raw(
        '(select coalesce(sum(r.amount_paise), 0) from payout_reversals r where r.earning_id = e.id) as reversed_paise',
      ),
    );
}
