import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/knex.ts';
import { AppError } from '../../http/errors.ts';
import {
  finishReversal,
  listRequestedReversals,
  insertReversal,
  lockEarningByPayment,
  markEarningReversed,
  moveEarning,
  type ReversalRow,
} from './earnings.repository.ts';
import { lockTransfer } from './transfers.repository.ts';

export type ReversalReason = 'refund' | 'dispute_lost';

/** A transfer reversal to request from Razorpay after the transaction commits. */
export interface PendingReversal {
  reversal: ReversalRow;
  razorpayTransferId: string;
}

/**
 * Reverses the creator's share of the guest tip paid by `paymentId`, once (payout_reversals is unique per
 * earning): from pending or available when not yet transferred; through a transfer reversal when its transfer
 * was processed (returned for the caller to request after commit); otherwise (a transfer in flight) as a debt
 * recovered from the next earnings. Returns null when there is nothing (more) to reverse.
 */
export async function reverseEarning(
  tx: Executor,
  paymentId: string,
  reason: ReversalReason,
  sourceEventId: string | null,
): Promise<{ method: ReversalRow['method'] | 'none'; pending: PendingReversal | null }> {
  const earning = await lockEarningByPayment(tx, paymentId);
  if (!earning || earning.state === 'reversed') return { method: 'none', pending: null };
  const creatorId = earning.creator_id;
  const amountPaise = Number(earning.net_paise);
  const base = { creatorId, earningId: earning.id, amountPaise, reference: earning.id, reason };
  const transfer = earning.transfer_id ? await lockTransfer(tx, { id: earning.transfer_id }) : undefined;
  const viaTransfer =
    earning.state === 'paid' && transfer?.status === 'processed' && transfer.razorpay_transfer_id;
  const method: ReversalRow['method'] =
    earning.state === 'pending' || earning.state === 'available'
      ? 'balance'
      : viaTransfer
        ? 'transfer_reversal'
        : 'debt';
  const reversal = await insertReversal(tx, {
    creator_id: creatorId,
    earning_id: earning.id,
    transfer_id: earning.transfer_id,
    amount_paise: amountPaise,
    reason,
    method,
    status: method === 'transfer_reversal' ? 'requested' : 'done',
    sourceEventId,
  });
  if (!reversal) return { method: 'none', pending: null };
  if (method === 'balance') {
    await moveEarning(tx, { ...base, kind: 'reversal', from: earning.state, to: 'reversed' });
    await markEarningReversed(tx, earning.id, reason);
    return { method, pending: null };
  }
  if (method === 'transfer_reversal' && transfer?.razorpay_transfer_id) {
    await moveEarning(tx, { ...base, kind: 'reversal', from: 'paid', to: 'reversed' });
    await markEarningReversed(tx, earning.id, reason);
    return { method, pending: { reversal, razorpayTransferId: transfer.razorpay_transfer_id } };
  }
  // In flight (or paid without a reversible transfer): the creator owes it; recovered from the next batch.
  await moveEarning(tx, { ...base, kind: 'reversal', from: 'debt', to: 'reversed' });
  await markEarningReversed(tx, earning.id, reason, true);
  return { method, pending: null };
}

/**
 * Requests a transfer reversal (`POST /v1/transfers/:id/reversals`). Razorpay refusing it turns the reversal
 * into a debt (the money stays paid and is recovered from the next earnings); no answer leaves it `requested`.
 */
export async function requestTransferReversal(deps: AppDeps, pending: PendingReversal): Promise<void> {
  const { reversal } = pending;
  try {
    const done = await deps.payments.route.reverseTransfer(
      pending.razorpayTransferId,
      Number(reversal.amount_paise),
    );
    await deps.db.transaction((tx) =>
      finishReversal(tx, reversal.id, {
        method: 'transfer_reversal',
        status: 'done',
        razorpayReversalId: done.id,
      }),
    );
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'VALIDATION_FAILED')) {
      deps.logger.warn(
        { reversalId: reversal.id, err: String(err) },
        'transfer reversal not answered; left requested',
      );
      return;
    }
    await deps.db.transaction(async (tx) => {
      await moveEarning(tx, {
        creatorId: reversal.creator_id,
        kind: 'reversal_to_debt',
        from: 'debt',
        to: 'paid',
        amountPaise: Number(reversal.amount_paise),
        earningId: reversal.earning_id,
        reference: reversal.id,
        reason: err.message,
      });
      await finishReversal(tx, reversal.id, { method: 'debt', status: 'done' });
    });
  }
}

/**
 * Transfer reversals left `requested` (no answer from Razorpay): a guest payment's transfer carries exactly one
 * tip, so an `amount_reversed` that covers ours means the reversal landed (marked done); otherwise it is asked
 * for again. Runs after `PAYOUT_STUCK_AFTER_MS`, like the transfers' reconciliation.
 */
export async function reconcileReversals(deps: AppDeps, now = new Date()): Promise<number> {
  const stuck = await listRequestedReversals(
    deps.db,
    new Date(now.getTime() - deps.config.PAYOUT_STUCK_AFTER_MS),
    200,
  );
  for (const reversal of stuck) {
    try {
      const transfer = await deps.payments.route.fetchTransfer(reversal.razorpay_transfer_id);
      if ((transfer.amount_reversed ?? 0) >= Number(reversal.amount_paise)) {
        await deps.db.transaction((tx) =>
          finishReversal(tx, reversal.id, { method: 'transfer_reversal', status: 'done' }),
        );
      } else {
        await requestTransferReversal(deps, { reversal, razorpayTransferId: reversal.razorpay_transfer_id });
      }
    } catch (err) {
      deps.logger.error(
        { err: String(err), reversalId: reversal.id },
        'could not reconcile transfer reversal',
      );
    }
  }
  return stuck.length;
}
