import type { OpsPayouts } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { recordOperatorAction } from '../ops/audit.ts';
import {
  listHeldCreators,
  listOpsTransfers,
  lockPayoutsHold,
  markRetried,
  payoutsHeld,
  setPayoutsHold,
  type PayoutsHold,
} from './payoutHolds.repository.ts';
import { payoutsChanged } from './payouts.notify.ts';
import { lockTransfer } from './transfers.repository.ts';
import { claimInto } from './claims.ts';
import { sendTransfer } from './transfers.service.ts';

export const PAYOUT_HOLD_MESSAGES = {
  alreadyHeld: 'This creator’s payouts are already on hold.',
  notHeld: 'This creator’s payouts are not on hold.',
  onlyFailed: 'Only a failed transfer can be retried.',
  creatorHeld: 'This creator’s payouts are on hold: release them first.',
  nothingToRetry: 'Nothing left to retry: these earnings were already sent again or taken back.',
} as const;

const holdDto = (creatorId: string, h: PayoutsHold) => ({
  creatorId,
  held: h.heldAt !== null,
  heldAt: h.heldAt?.toISOString() ?? null,
  reason: h.reason,
});

/**
 * Holds (`reason` given, action `payouts.hold`) or releases (`payouts.release`) a creator's payouts: while held, the
 * payout job claims and sends nothing to them (creatorsDueForBatch, claimInto, reconciliation). One transaction
 * with the audit row; holding a held creator (or releasing one not held) is refused.
 */
export async function setCreatorPayoutsHold(
  deps: AppDeps,
  operatorId: string,
  creatorId: string,
  change: { hold: boolean; reason: string },
) {
  const after = await deps.db.transaction(async (tx) => {
    const before = await lockPayoutsHold(tx, creatorId);
    if (!before) throw notFound('Creator');
    if (change.hold === (before.heldAt !== null))
      throw conflict(change.hold ? PAYOUT_HOLD_MESSAGES.alreadyHeld : PAYOUT_HOLD_MESSAGES.notHeld);
    const next = await setPayoutsHold(tx, creatorId, change.hold ? change.reason : null);
    await recordOperatorAction(tx, {
      operatorId,
      action: change.hold ? 'payouts.hold' : 'payouts.release',
      targetKind: 'creator',
      targetId: creatorId,
      before: holdDto(creatorId, before),
      after: holdDto(creatorId, next),
      reason: change.reason,
    });
    return next;
  });
  payoutsChanged(deps, [creatorId]);
  return holdDto(creatorId, after);
}

/**
 * Retries a failed transfer through the payouts machinery: its earnings (the payment's, or the waiting wallet
 * earnings of a direct transfer) are claimed into a new transfer with a new key and sent now. Once per failed
 * transfer: a repeated call answers the retry already made. Audited as `transfer.retry`.
 */
export async function retryFailedTransfer(deps: AppDeps, operatorId: string, transferId: string) {
  const outcome = await deps.db.transaction(async (tx) => {
    const failed = await lockTransfer(tx, { id: transferId });
    if (!failed) throw notFound('Transfer');
    if (failed.status !== 'failed') throw conflict(PAYOUT_HOLD_MESSAGES.onlyFailed);
    const done = failed.retry_transfer_id;
    if (done) return { retry: await lockTransfer(tx, { id: done }), fresh: false };
    if (await payoutsHeld(tx, failed.creator_id)) throw conflict(PAYOUT_HOLD_MESSAGES.creatorHeld);
    const group = failed.kind === 'payment' && failed.source_payment_id ? failed.source_payment_id : 'direct';
    const [retry] = await claimInto(tx, deps.config.legal.tds194o, failed.creator_id, null, group);
    if (!retry) throw conflict(PAYOUT_HOLD_MESSAGES.nothingToRetry);
    await markRetried(tx, failed.id, retry.id);
    await recordOperatorAction(tx, {
      operatorId,
      action: 'transfer.retry',
      targetKind: 'transfer',
      targetId: failed.id,
      before: {
        status: failed.status,
        reason: failed.failure_reason,
        amountPaise: Number(failed.amount_paise),
      },
      after: { retryTransferId: retry.id, amountPaise: Number(retry.amount_paise) },
      reason: null,
    });
    return { retry, fresh: true };
  });
  const retry = outcome.retry;
  if (!retry) throw notFound('Transfer');
  if (outcome.fresh) {
    payoutsChanged(deps, [retry.creator_id]);
    await sendTransfer(deps, retry);
  }
  const now = await deps.db.transaction((tx) => lockTransfer(tx, { id: retry.id }));
  return {
    transferId,
    retryTransferId: retry.id,
    status: now?.status ?? retry.status,
    amountPaise: Number(retry.amount_paise),
  };
}

/** The operators' payouts view: failed and held transfers, and creators whose payouts are on hold. */
export async function opsPayoutsView(deps: Pick<AppDeps, 'db'>): Promise<OpsPayouts> {
  const [transfers, held] = await Promise.all([
    listOpsTransfers(deps.db, 100),
    listHeldCreators(deps.db, 100),
  ]);
  const creator = (r: { creator_id: string; handle: string; display_name: string }) => ({
    id: r.creator_id,
    handle: r.handle,
    displayName: r.display_name,
  });
  return {
    transfers: transfers.map((t) => ({
      id: t.id,
      creator: creator(t),
      amountPaise: Number(t.amount_paise),
      kind: t.kind,
      state: t.state,
      reason: t.reason,
      razorpayTransferId: t.razorpay_transfer_id,
      createdAt: new Date(t.created_at).toISOString(),
      retryable: t.retryable,
      retryTransferId: t.retry_transfer_id,
      disputeId: t.dispute_id,
    })),
    heldCreators: held.map((h) => ({
      creator: creator(h),
      heldAt: h.payouts_held_at.toISOString(),
      reason: h.payouts_hold_reason,
      availablePaise: Number(h.available_paise),
    })),
  };
}
