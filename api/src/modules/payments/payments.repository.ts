import type { Executor } from '../../db/knex.ts';

export type PaymentPurpose = 'top_up' | 'guest_tip';
export type PaymentOrderStatus = 'created' | 'paid' | 'failed';

/** A payment_orders row as stored (snake_case; only this file and the presenter read it). */
export interface PaymentOrderRow {
  id: string;
  receipt: string;
  purpose: PaymentPurpose;
  user_id: string | null;
  creator_id: string | null;
  amount_paise: number;
  currency: string;
  guest_name: string | null;
  message: string | null;
  payer_token_hash: string | null;
  /** The payer added the platform fee so the creator nets the amount they chose. */
  fees_covered: boolean;
  status: PaymentOrderStatus;
  payment_id: string | null;
  failure_reason: string | null;
  created_at: Date;
  updated_at: Date;
  last_checked_at: Date | null;
  closed_at: Date | null;
}

export interface NewPaymentOrder {
  id: string;
  receipt: string;
  purpose: PaymentPurpose;
  userId?: string | null;
  creatorId?: string | null;
  amountPaise: number;
  currency: string;
  guestName?: string | null;
  message?: string | null;
  payerTokenHash?: string | null;
  feesCovered?: boolean;
}

/** Records an order the gateway has just created (status `created`). */
export async function insertPaymentOrder(db: Executor, order: NewPaymentOrder): Promise<void> {
  await db('payment_orders').insert({
    id: order.id,
    receipt: order.receipt,
    purpose: order.purpose,
    user_id: order.userId ?? null,
    creator_id: order.creatorId ?? null,
    amount_paise: order.amountPaise,
    currency: order.currency,
    guest_name: order.guestName ?? null,
    message: order.message ?? null,
    payer_token_hash: order.payerTokenHash ?? null,
    fees_covered: order.feesCovered ?? false,
  });
}

/** A user's top-up orders created since `since` that are neither paid nor closed (checkouts still open). */
export async function countOpenTopUpOrders(db: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await db('payment_orders')
    .where({ user_id: userId, purpose: 'top_up' })
    .whereNot({ status: 'paid' })
    .whereNull('closed_at')
    .where('created_at', '>=', since)
    .count<Array<{ count: string }>>('* as count');
  return Number(row?.count ?? 0);
}

/** One order by its gateway id, or undefined. */
export async function findPaymentOrder(db: Executor, id: string): Promise<PaymentOrderRow | undefined> {
  return db('payment_orders').where({ id }).first<PaymentOrderRow | undefined>();
}

/** One order locked `FOR UPDATE` inside the caller's transaction, so concurrent events for it run one at a time. */
export async function lockPaymentOrder(tx: Executor, id: string): Promise<PaymentOrderRow | undefined> {
  return tx('payment_orders').where({ id }).forUpdate().first<PaymentOrderRow | undefined>();
}

/** Marks an order paid by `paymentId` (payment_id is unique: one payment can pay one order only). */
export async function markOrderPaid(tx: Executor, id: string, paymentId: string): Promise<void> {
  await tx('payment_orders')
    .where({ id })
    .update({ status: 'paid', payment_id: paymentId, failure_reason: null, updated_at: tx.fn.now() });
}

/** Marks an order failed with the provider's reason; never touches an order that is already paid. */
export async function markOrderFailed(tx: Executor, id: string, reason: string | null): Promise<void> {
  await tx('payment_orders')
    .where({ id })
    .whereNot({ status: 'paid' })
    .update({ status: 'failed', failure_reason: reason, updated_at: tx.fn.now() });
}

export interface InboxEvent {
  id: string;
  event: string;
  paymentId: string | null;
  orderId: string | null;
  payload: unknown;
}

/**
 * Inserts the webhook inbox row inside the caller's transaction; false when this event id was already
 * processed (a concurrent duplicate waits on the unique index until the first transaction ends).
 */
export async function insertInboxEvent(tx: Executor, event: InboxEvent): Promise<boolean> {
  const inserted = await tx('webhook_events')
    .insert({
      id: event.id,
      event: event.event,
      payment_id: event.paymentId,
      order_id: event.orderId,
      payload: JSON.stringify(event.payload ?? {}),
      outcome: 'processing',
    })
    .onConflict('id')
    .ignore()
    .returning<{ id: string }[]>('id');
  return inserted.length > 0;
}

/** Records what processing an inbox event did (credited, duplicate, mismatch…). */
export async function setInboxOutcome(tx: Executor, id: string, outcome: string): Promise<void> {
  await tx('webhook_events').where({ id }).update({ outcome });
}

/** The outcome recorded for an inbox event, or undefined when it was never received. */
export async function inboxOutcome(db: Executor, id: string): Promise<string | undefined> {
  const row = await db('webhook_events').where({ id }).first<{ outcome: string } | undefined>('outcome');
  return row?.outcome;
}

/**
 * Unpaid, unclosed orders created between `notBefore` and `createdBefore` that were not checked since
 * `checkedBefore`, least recently checked first (never-checked first, then oldest), so every order in the
 * window is reached whatever the backlog.
 */
export async function listOrdersToReconcile(
  db: Executor,
  opts: { createdBefore: Date; notBefore: Date; checkedBefore: Date; limit: number },
): Promise<PaymentOrderRow[]> {
  return db('payment_orders')
    .whereIn('status', ['created', 'failed'])
    .whereNull('closed_at')
    .where('created_at', '<=', opts.createdBefore)
    .where('created_at', '>=', opts.notBefore)
    .where((q) => q.whereNull('last_checked_at').orWhere('last_checked_at', '<', opts.checkedBefore))
    .orderByRaw('last_checked_at asc nulls first, created_at asc')
    .limit(opts.limit)
    .select<PaymentOrderRow[]>('*');
}

/** Records when reconciliation asked the gateway about these orders (the job's clock, as it compares). */
export async function markOrdersChecked(db: Executor, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db('payment_orders').whereIn('id', ids).update({ last_checked_at: at });
}

/** Closes an unpaid order for reconciliation (every attempt failed); a paid order is never closed. */
export async function closeOrder(db: Executor, id: string): Promise<void> {
  await db('payment_orders').where({ id }).whereNot({ status: 'paid' }).update({ closed_at: db.fn.now() });
}

// ---------- guest payers and refused payments ----------

/** Records who paid a guest tip: keyed hashes of its payer and the masked label (see guestPayers.ts). */
export async function insertTipPayer(
  tx: Executor,
  row: { tipId: string; payerKeys: string[]; label: string },
): Promise<void> {
  await tx('tip_payers').insert({ tip_id: row.tipId, payer_keys: row.payerKeys, label: row.label });
}

/** Why a captured payment is refunded instead of applied: its payee was deleted, or the creator blocked its payer. */
export type RefundReason = 'payee_deleted' | 'blocked_payer';

/**
 * Records a captured payment to refund in full (once per payment: a repeated event inserts nothing). True when
 * this call recorded it.
 */
export async function insertPaymentRefund(
  tx: Executor,
  row: {
    paymentId: string;
    orderId: string;
    creatorId: string | null;
    amountPaise: number;
    reason: RefundReason;
  },
): Promise<boolean> {
  const inserted = await tx('payment_refunds')
    .insert({
      payment_id: row.paymentId,
      order_id: row.orderId,
      creator_id: row.creatorId,
      amount_paise: row.amountPaise,
      reason: row.reason,
    })
    .onConflict('payment_id')
    .ignore()
    .returning<{ payment_id: string }[]>('payment_id');
  return inserted.length > 0;
}

/** A refused payment still to refund, claimed for one attempt (none while another attempt is under a minute old). */
export async function claimPendingRefund(
  db: Executor,
  paymentId: string,
): Promise<{ paymentId: string; amountPaise: number; reason: RefundReason } | undefined> {
  const [row] = await db('payment_refunds')
    .where({ payment_id: paymentId, status: 'pending' })
    .where((q) =>
      q.whereNull('attempted_at').orWhere('attempted_at', '<', db.raw(`now() - interval '1 minute'`)),
    )
    .update({ attempted_at: db.fn.now(), updated_at: db.fn.now() })
    .returning<Array<{ payment_id: string; amount_paise: string | number; reason: RefundReason }>>([
      'payment_id',
      'amount_paise',
      'reason',
    ]);
  return row
    ? { paymentId: row.payment_id, amountPaise: Number(row.amount_paise), reason: row.reason }
    : undefined;
}

/** Marks a refused payment refunded with Razorpay's refund id. */
export async function markRefundProcessed(db: Executor, paymentId: string, refundId: string): Promise<void> {
  await db('payment_refunds')
    .where({ payment_id: paymentId })
    .update({ status: 'processed', refund_id: refundId, updated_at: db.fn.now() });
}

/** Refused payments whose refund has not been confirmed yet (oldest first), for the retry job. */
export async function listPendingRefunds(db: Executor, limit: number): Promise<string[]> {
  const rows = await db('payment_refunds')
    .where({ status: 'pending' })
    .orderBy('created_at', 'asc')
    .limit(limit)
    .select<Array<{ payment_id: string }>>('payment_id');
  return rows.map((row) => row.payment_id);
}

/**
 * True when the order's payee was deleted: the creator of a guest order (its row locked FOR NO KEY UPDATE, as the
 * tip insert will lock it) or the account of a top-up (its wallet row locked FOR UPDATE first, as the deletion
 * locks it). Either lock waits for a deletion in progress, so the answer is the committed one.
 */
export async function isPayeeDeleted(tx: Executor, order: PaymentOrderRow): Promise<boolean> {
  if (order.purpose === 'guest_tip') {
    if (!order.creator_id) return false;
    const creator = await tx('creators')
      .where({ user_id: order.creator_id })
      .forNoKeyUpdate()
      .first<{ deleted_at: Date | null } | undefined>('deleted_at');
    return Boolean(creator?.deleted_at);
  }
  if (!order.user_id) return false;
  await tx('wallets').where({ user_id: order.user_id }).forUpdate().first('user_id');
  const user = await tx('users')
    .where({ id: order.user_id })
    .first<{ deleted_at: Date | null } | undefined>('deleted_at');
  return Boolean(user?.deleted_at);
}

/**
 * Records that a captured payment is refunded instead of applied because its payee was deleted: the order is marked
 * failed with `message` (what the payer's screen shows), keeps the payment id and is closed for reconciliation.
 * False when this payment's refund was recorded before (a repeated event).
 */
export async function recordRefundDue(
  tx: Executor,
  order: PaymentOrderRow,
  refund: { paymentId: string; message: string },
): Promise<boolean> {
  const recorded = await insertPaymentRefund(tx, {
    paymentId: refund.paymentId,
    orderId: order.id,
    creatorId: null,
    amountPaise: Number(order.amount_paise),
    reason: 'payee_deleted',
  });
  if (!recorded) return false;
  await tx('payment_orders').where({ id: order.id }).update({
    status: 'failed',
    payment_id: refund.paymentId,
    failure_reason: refund.message,
    closed_at: tx.fn.now(),
    updated_at: tx.fn.now(),
  });
  return true;
}
