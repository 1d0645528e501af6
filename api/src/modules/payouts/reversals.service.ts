import type { Tds194oSettings } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/knex.ts';
import { AppError } from '../../http/errors.ts';
import {
  finishReversal,
  listRequestedReversals,
  insertReversal,
  lockEarningByPayment,
  lockEarningByTip,
  moveEarning,
  noteReversal,
  reversedOfEarning,
  reversedViaTransfer,
  setReversalTds,
  type EarningRow,
  type ReversalRow,
} from './earnings.repository.ts';
import { payoutsChanged } from './payouts.notify.ts';
import { lockTransfer } from './transfers.repository.ts';
import { remainingGrossOf } from './tds.repository.ts';
import { giveBackOnReversal } from './tdsLedger.ts';

export type ReversalReason = 'refund' | 'dispute_lost';

/** A transfer reversal to request from Razorpay after the transaction commits. */
export interface PendingReversal {
  reversal: ReversalRow;
  razorpayTransferId: string;
}

/** What a reversal answers: a refund (its id, and what the payment has refunded in all) or a lost dispute. */
export interface ReversalCause {
  reason: ReversalReason;
  /** The refund's id (one reversal per refund); null for a lost dispute. */
  refundId: string | null;
  /** The payment's `amount_refunded` after this refund (paise); null: the whole payment (a lost dispute). */
  refundedPaise: number | null;
  sourceEventId: string | null;
}

/**
 * The creator's share of a payment refunded by `refundedPaise` of its `grossPaise`: net × refunded ÷ gross,
 * rounded DOWN to the paisa (the creator keeps a fraction of a paisa until the refund is whole), and exactly the
 * whole net once everything is refunded. Cumulative, so several partial refunds never reverse more than the net.
 */
export function refundShare(netPaise: number, grossPaise: number, refundedPaise: number): number {
  if (refundedPaise >= grossPaise) return netPaise;
  if (refundedPaise <= 0 || grossPaise <= 0) return 0;
  return Number((BigInt(netPaise) * BigInt(refundedPaise)) / BigInt(grossPaise));
}

/**
 * Reverses the creator's share of the guest tip paid by `paymentId` for one refund or a lost dispute, once per
 * refund (payout_reversals is unique per earning and reference): the proportional share of what the payment
 * has refunded in all, less what earlier reversals took (a lost dispute takes the rest). From pending or
 * available when not yet transferred (that part is withheld, never sent); through a transfer reversal when its
 * transfer was processed (returned for the caller to request after commit); otherwise (a transfer in flight) as
 * a debt recovered from the next earnings. Returns method 'none' when there is nothing (more) to reverse. With
 * 194-O TDS (`tds`), the part of the year's deduction the reversal frees comes back out of the TDS holding
 * (tdsLedger.ts#giveBackOnReversal), so only the rest is taken back from the creator.
 */
export async function reverseEarning(
  tx: Executor,
  paymentId: string,
  cause: ReversalCause,
  tds: Tds194oSettings | null,
): Promise<ReversalResult> {
  return reverseLockedEarning(tx, await lockEarningByPayment(tx, paymentId), cause, tds);
}

/**
 * The same for any tip, wallet or guest, by its id (an operator's refund from /ops): `cause.refundId` is the
 * refund's own reference, so each refund reverses its share once.
 */
export async function reverseTipEarning(
  tx: Executor,
  tipId: string,
  cause: ReversalCause,
  tds: Tds194oSettings | null,
): Promise<ReversalResult> {
  return reverseLockedEarning(tx, await lockEarningByTip(tx, tipId), cause, tds);
}

export interface ReversalResult {
  method: ReversalRow['method'] | 'none';
  pending: PendingReversal | null;
  creatorId: string | null;
}

async function reverseLockedEarning(
  tx: Executor,
  earning: EarningRow | undefined,
  cause: ReversalCause,
  tds: Tds194oSettings | null,
): Promise<ReversalResult> {
  const none = { method: 'none' as const, pending: null, creatorId: null };
  if (!earning || earning.state === 'reversed') return none;
  const creatorId = earning.creator_id;
  const net = Number(earning.net_paise);
  const before = await reversedOfEarning(tx, earning.id);
  const target =
    cause.refundedPaise === null ? net : refundShare(net, Number(earning.gross_paise), cause.refundedPaise);
  const amountPaise = Math.min(target, net) - before;
  if (amountPaise <= 0) return none;
  const transfer = earning.transfer_id ? await lockTransfer(tx, { id: earning.transfer_id }) : undefined;
  const viaTransfer =
    earning.state === 'paid' && transfer?.status === 'processed' && transfer.razorpay_transfer_id;
  const method: ReversalRow['method'] =
    earning.state === 'pending' || earning.state === 'available'
      ? 'balance'
      : viaTransfer
        ? 'transfer_reversal'
        : 'debt';
  const grossBefore = await remainingGrossOf(tx, [earning.id]);
  const reversal = await insertReversal(tx, {
    creator_id: creatorId,
    earning_id: earning.id,
    transfer_id: earning.transfer_id,
    amount_paise: amountPaise,
    reason: cause.reason,
    method,
    status: method === 'transfer_reversal' ? 'requested' : 'done',
    reference: cause.refundId ?? (cause.reason === 'dispute_lost' ? 'dispute' : 'full'),
    refund_paise: cause.refundedPaise,
    sourceEventId: cause.sourceEventId,
  });
  if (!reversal) return none;
  const move = {
    creatorId,
    earningId: earning.id,
    amountPaise,
    reference: reversal.id,
    reason: cause.reason,
  };
  const whole = before + amountPaise >= net;
  // A processed transfer is final: the TDS it (and the year) withheld on the reversed gross can come back now.
  const fromTds =
    method !== 'balance' && transfer?.status === 'processed'
      ? await giveBackOnReversal(tx, tds, {
          creatorId,
          transferId: transfer.id,
          reversalId: reversal.id,
          earningId: earning.id,
          amountPaise,
          grossBackPaise: grossBefore - (await remainingGrossOf(tx, [earning.id])),
          now: new Date(),
        })
      : 0;
  if (fromTds > 0) await setReversalTds(tx, reversal.id, fromTds);
  const fromCreator = { ...move, amountPaise: amountPaise - fromTds };
  if (method === 'balance') {
    await moveEarning(tx, { ...move, kind: 'reversal', from: earning.state, to: 'reversed' });
    const withheld = Number(earning.withheld_paise) + amountPaise;
    await noteReversal(tx, earning.id, {
      reason: cause.reason,
      withheldPaise: withheld,
      reversed: withheld >= net,
    });
    return { method, pending: null, creatorId };
  }
  if (method === 'transfer_reversal' && transfer?.razorpay_transfer_id) {
    await moveEarning(tx, { ...fromCreator, kind: 'reversal', from: 'paid', to: 'reversed' });
    await noteReversal(tx, earning.id, { reason: cause.reason, withheldPaise: null, reversed: whole });
    if (fromCreator.amountPaise === 0) {
      await finishReversal(tx, reversal.id, { method, status: 'done' }); // wholly given back out of the TDS
      return { method, pending: null, creatorId };
    }
    const toRequest = { ...reversal, tds_paise: fromTds };
    return {
      method,
      pending: { reversal: toRequest, razorpayTransferId: transfer.razorpay_transfer_id },
      creatorId,
    };
  }
  // In flight (or paid without a reversible transfer): the creator owes it; recovered from the next batch.
  await moveEarning(tx, { ...fromCreator, kind: 'reversal', from: 'debt', to: 'reversed' });
  await noteReversal(tx, earning.id, { reason: cause.reason, withheldPaise: null, reversed: false });
  return { method, pending: null, creatorId };
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
      Number(reversal.amount_paise) - Number(reversal.tds_paise),
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
        amountPaise: Number(reversal.amount_paise) - Number(reversal.tds_paise),
        earningId: reversal.earning_id,
        reference: reversal.id,
        reason: err.message,
      });
      await finishReversal(tx, reversal.id, { method: 'debt', status: 'done' });
    });
  }
  payoutsChanged(deps, [reversal.creator_id]);
}

/**
 * Transfer reversals left `requested` (no answer from Razorpay): a guest payment's transfer carries exactly one
 * tip, so an `amount_reversed` that covers ours and every earlier one of that transfer (partial refunds) means the
 * reversal landed (marked done); otherwise it is asked for again. Runs after `PAYOUT_STUCK_AFTER_MS`, like the transfers' reconciliation.
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
      const expected = await reversedViaTransfer(deps.db, reversal);
      if ((transfer.amount_reversed ?? 0) >= expected) {
        await deps.db.transaction((tx) =>
          finishReversal(tx, reversal.id, { method: 'transfer_reversal', status: 'done' }),
        );
        payoutsChanged(deps, [reversal.creator_id]);
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
