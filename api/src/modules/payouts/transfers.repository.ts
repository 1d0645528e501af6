import type { Executor } from '../../db/knex.ts';

export type TransferStatus = 'created' | 'in_transit' | 'processed' | 'failed';

export interface TransferRow {
  id: string;
  creator_id: string;
  idempotency_key: string;
  kind: 'payment' | 'direct';
  source_payment_id: string | null;
  account_id: string;
  amount_paise: number;
  status: TransferStatus;
  razorpay_transfer_id: string | null;
  recipient_settlement_id: string | null;
  utr: string | null;
  failure_reason: string | null;
  attempts: number;
  created_at: Date;
  updated_at: Date;
  processed_at: Date | null;
  settled_at: Date | null;
  /** The transfer an operator's retry of this failed one made. */
  retry_transfer_id: string | null;
}

/** Records a transfer (status `created`) BEFORE Razorpay is called; its key goes into the transfer's notes. */
export async function insertTransfer(
  tx: Executor,
  t: {
    id: string;
    creatorId: string;
    kind: 'payment' | 'direct';
    sourcePaymentId: string | null;
    accountId: string;
    amountPaise: number;
  },
): Promise<TransferRow> {
  const [row] = await tx('payout_transfers')
    .insert({
      id: t.id,
      creator_id: t.creatorId,
      idempotency_key: `po_${t.id.replace(/-/g, '')}`,
      kind: t.kind,
      source_payment_id: t.sourcePaymentId,
      account_id: t.accountId,
      amount_paise: t.amountPaise,
    })
    .returning<TransferRow[]>('*');
  if (!row) throw new Error('transfer insert returned nothing');
  return row;
}

/** One transfer, locked, by our id, our key, or Razorpay's id. */
export async function lockTransfer(
  tx: Executor,
  by: { id?: string; key?: string; razorpayId?: string },
): Promise<TransferRow | undefined> {
  const q = tx('payout_transfers').forUpdate();
  if (by.id) q.where({ id: by.id });
  else if (by.key) q.where({ idempotency_key: by.key });
  else if (by.razorpayId) q.where({ razorpay_transfer_id: by.razorpayId });
  else return undefined;
  return q.first<TransferRow | undefined>();
}

/** Records Razorpay's id for a transfer; `created` becomes `in_transit`, a later status is kept. */
export async function recordRazorpayTransfer(tx: Executor, id: string, razorpayId: string): Promise<void> {
  await tx('payout_transfers')
    .where({ id })
    .update({
      razorpay_transfer_id: razorpayId,
      status: tx.raw(`case when status = 'created' then 'in_transit' else status end`),
      attempts: tx.raw('attempts + 1'),
      updated_at: tx.fn.now(),
    });
}

/** Counts one more call attempt that got no definite answer. */
export async function countAttempt(tx: Executor, id: string): Promise<void> {
  await tx('payout_transfers')
    .where({ id })
    .update({ attempts: tx.raw('attempts + 1'), updated_at: tx.fn.now() });
}

/** Moves a transfer to processed or failed (only from created / in_transit); true when it changed. */
export async function finishTransfer(
  tx: Executor,
  id: string,
  outcome: { status: 'processed' | 'failed'; razorpayId?: string | null; reason?: string | null },
): Promise<boolean> {
  const n = await tx('payout_transfers')
    .where({ id })
    .whereIn('status', ['created', 'in_transit'])
    .update({
      status: outcome.status,
      ...(outcome.razorpayId ? { razorpay_transfer_id: outcome.razorpayId } : {}),
      failure_reason: outcome.reason ?? null,
      processed_at: outcome.status === 'processed' ? tx.fn.now() : null,
      updated_at: tx.fn.now(),
    });
  return n > 0;
}

/** Records the settlement (and its UTR) of a transfer. */
export async function recordSettlement(
  tx: Executor,
  id: string,
  settlementId: string,
  utr: string | null,
): Promise<void> {
  await tx('payout_transfers')
    .where({ id })
    .update({ recipient_settlement_id: settlementId, utr, settled_at: tx.fn.now(), updated_at: tx.fn.now() });
}

/** Transfers that need asking about: `created` (no answer) or `in_transit` (no webhook) since before `before`. */
export async function listStuckTransfers(db: Executor, before: Date, limit: number): Promise<TransferRow[]> {
  return db('payout_transfers')
    .whereIn('status', ['created', 'in_transit'])
    .where('updated_at', '<=', before)
    .orderBy('created_at', 'asc')
    .limit(limit)
    .select<TransferRow[]>('*');
}

/** Transfers recorded but never sent (a crash before the call, or a new batch), oldest first. */
export async function listUnsentTransfers(db: Executor, creatorId: string): Promise<TransferRow[]> {
  return db('payout_transfers')
    .where({ creator_id: creatorId, status: 'created', attempts: 0 })
    .orderBy('created_at', 'asc')
    .select<TransferRow[]>('*');
}
