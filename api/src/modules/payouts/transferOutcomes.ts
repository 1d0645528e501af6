import { STATUS_TEXTS } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/knex.ts';
import type { RouteTransfer } from '../../payments/routeGateway.ts';
import { earningsOfTransfer, moveEarning, movementAmount } from './earnings.repository.ts';
import { payoutsChanged } from './payouts.notify.ts';
import { undoTransferDeduction } from './tdsLedger.ts';
import { moveTransferEarnings } from './transferEarnings.ts';
import {
  finishTransfer,
  lockTransfer,
  recordRazorpayTransfer,
  type TransferRow,
} from './transfers.repository.ts';

/** What Razorpay says happened to a transfer (its answer, a webhook, or reconciliation), applied once. */

/**
 * Applies what Razorpay says happened to a transfer, once: processed → its earnings are paid; failed → they
 * return to available with the reason (and a debt recovered into it is owed again). A transfer already
 * processed or failed is left alone, so duplicate and reordered webhooks change nothing.
 */
export async function applyTransferOutcome(
  tx: Executor,
  transfer: TransferRow,
  outcome: { status: 'processed' | 'failed'; razorpayId?: string | null; reason?: string | null },
): Promise<boolean> {
  if (!(await finishTransfer(tx, transfer.id, outcome))) return false;
  const creatorId = transfer.creator_id;
  const earnings = await earningsOfTransfer(tx, transfer.id);
  const amountPaise = Number(transfer.amount_paise);
  if (outcome.status === 'processed') {
    await moveTransferEarnings(
      tx,
      earnings,
      { state: 'paid', link: transfer.id },
      {
        creatorId,
        kind: 'paid',
        from: 'in_transit',
        to: 'paid',
        amountPaise,
        transferId: transfer.id,
        reference: transfer.id,
      },
    );
    return true;
  }
  await moveTransferEarnings(
    tx,
    earnings,
    { state: 'available', link: null },
    {
      creatorId,
      kind: 'transfer_failed',
      from: 'in_transit',
      to: 'available',
      amountPaise,
      transferId: transfer.id,
      reference: transfer.id,
      reason: outcome.reason ?? null,
    },
  );
  await undoTransferDeduction(tx, creatorId, transfer.id);
  const recovered = await movementAmount(tx, 'debt_recovery', transfer.id);
  if (recovered > 0) {
    await moveEarning(tx, {
      creatorId,
      kind: 'debt_restored',
      from: 'debt',
      to: 'available',
      amountPaise: recovered,
      transferId: transfer.id,
      reference: transfer.id,
    });
  }
  return true;
}

/** Maps Razorpay's transfer status onto ours; pending stays in transit. */
function outcomeOf(t: RouteTransfer): { status: 'processed' | 'failed'; reason: string | null } | null {
  if (t.status === 'processed' || t.status === 'reversed' || t.status === 'partially_reversed')
    return { status: 'processed', reason: null };
  if (t.status === 'failed')
    return { status: 'failed', reason: t.error?.description ?? STATUS_TEXTS.transferFailed };
  return null;
}

/** Records Razorpay's answer about a transfer (its id, and its outcome when final). */
export async function recordAnswer(deps: AppDeps, transferId: string, answer: RouteTransfer): Promise<void> {
  const creatorId = await deps.db.transaction(async (tx) => {
    const row = await lockTransfer(tx, { id: transferId });
    if (!row) return null;
    await recordRazorpayTransfer(tx, row.id, answer.id);
    const outcome = outcomeOf(answer);
    if (outcome) await applyTransferOutcome(tx, row, { ...outcome, razorpayId: answer.id });
    return row.creator_id;
  });
  if (creatorId) payoutsChanged(deps, [creatorId]);
}
