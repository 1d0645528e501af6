import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import type { RouteTransfer } from '../../payments/routeGateway.ts';
import { payoutsChanged } from './payouts.notify.ts';
import { payoutsHeld } from './payoutHolds.repository.ts';
import { applyTransferOutcome, recordAnswer } from './transferOutcomes.ts';
import { countAttempt, listStuckTransfers, lockTransfer, type TransferRow } from './transfers.repository.ts';

/** Calls to Razorpay Route for claimed transfers (claims.ts), and the reconciliation of those that got no answer. */

/** The note that carries our idempotency key on every transfer, so reconciliation can find it. */
export const PAYOUT_KEY_NOTE = 'payout_key';

/**
 * Calls Razorpay for one recorded transfer, our key in its notes. A refusal (4xx) fails the transfer and
 * returns its money to available; no answer (timeout, 5xx) leaves it `created` for reconciliation.
 */
export async function sendTransfer(deps: AppDeps, transfer: TransferRow): Promise<void> {
  const notes = { [PAYOUT_KEY_NOTE]: transfer.idempotency_key, creator_id: transfer.creator_id };
  const t = { account: transfer.account_id, amountPaise: Number(transfer.amount_paise), notes };
  let answer: RouteTransfer;
  try {
    answer =
      transfer.kind === 'payment' && transfer.source_payment_id
        ? await deps.payments.route.transferFromPayment(transfer.source_payment_id, t)
        : await deps.payments.route.directTransfer(t);
  } catch (err) {
    const refused = err instanceof AppError && err.code === 'VALIDATION_FAILED';
    await deps.db.transaction(async (tx) => {
      const row = await lockTransfer(tx, { id: transfer.id });
      if (!row) return;
      if (refused) await applyTransferOutcome(tx, row, { status: 'failed', reason: err.message });
      else await countAttempt(tx, row.id);
    });
    if (refused) payoutsChanged(deps, [transfer.creator_id]);
    deps.logger.warn({ transferId: transfer.id, refused, err: String(err) }, 'payout transfer not created');
    return;
  }
  await recordAnswer(deps, transfer.id, answer);
}

/** Finds a transfer at Razorpay by our key (in its notes): the payment's transfers, or recent direct ones. */
async function findAtRazorpay(deps: AppDeps, transfer: TransferRow): Promise<RouteTransfer | null> {
  const matches = (t: RouteTransfer) =>
    !Array.isArray(t.notes) &&
    (t.notes as Record<string, string>)[PAYOUT_KEY_NOTE] === transfer.idempotency_key;
  if (transfer.razorpay_transfer_id) return deps.payments.route.fetchTransfer(transfer.razorpay_transfer_id);
  if (transfer.kind === 'payment' && transfer.source_payment_id) {
    const list = await deps.payments.route.listTransfers({ paymentId: transfer.source_payment_id });
    return list.find(matches) ?? null;
  }
  const from = Math.floor(transfer.created_at.getTime() / 1000) - 300;
  for (let skip = 0; skip < 10_000; skip += 100) {
    const page = await deps.payments.route.listTransfers({ from, count: 100, skip });
    const hit = page.find(matches);
    if (hit) return hit;
    if (page.length < 100) return null;
  }
  return null;
}

/**
 * Transfers stuck in `created` (no answer: a timeout, or a crash between the call and the commit) or in
 * transit without a webhook: asks Razorpay, matching by our key. Found → recorded (and applied when final);
 * never created → sent now with the same key. Runs only after `PAYOUT_STUCK_AFTER_MS` (longer than a call's
 * deadline), so a call still in flight is never doubled.
 */
export async function reconcileTransfers(
  deps: AppDeps,
  now = new Date(),
): Promise<{ checked: number; resent: number }> {
  const stuck = await listStuckTransfers(
    deps.db,
    new Date(now.getTime() - deps.config.PAYOUT_STUCK_AFTER_MS),
    200,
  );
  let resent = 0;
  for (const transfer of stuck) {
    try {
      const found = await findAtRazorpay(deps, transfer);
      if (found) await recordAnswer(deps, transfer.id, found);
      else if (transfer.status === 'created' && !(await payoutsHeld(deps.db, transfer.creator_id))) {
        resent += 1;
        await sendTransfer(deps, transfer);
      }
    } catch (err) {
      deps.logger.error({ err: String(err), transferId: transfer.id }, 'could not reconcile payout transfer');
    }
  }
  return { checked: stuck.length, resent };
}
