import { randomUUID } from 'node:crypto';
import { LIMITS, STATUS_TEXTS, type Tds194oSettings } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/knex.ts';
import { AppError } from '../../http/errors.ts';
import type { RouteTransfer } from '../../payments/routeGateway.ts';
import { reconcileReversals } from './reversals.service.ts';
import {
  creatorsDueForBatch,
  earningsOfTransfer,
  lockAvailableEarnings,
  lockBalances,
  markBatched,
  movementAmount,
  moveEarning,
  releaseEarnings,
  setEarningsState,
  type EarningRow,
  type EarningState,
  type Movement,
} from './earnings.repository.ts';
import { payoutsChanged } from './payouts.notify.ts';
import { findLinkedAccount } from './linkedAccounts.repository.ts';
import {
  countAttempt,
  finishTransfer,
  insertTransfer,
  listStuckTransfers,
  lockTransfer,
  recordRazorpayTransfer,
  type TransferRow,
} from './transfers.repository.ts';
import { istClock } from './batchSchedule.ts';
import { boundedRunner } from './boundedRunner.ts';
import { reconcileDisputeHolds } from './disputes.service.ts';
import { payoutsHeld } from './payoutHolds.repository.ts';
import { deductionForClaim, recordClaimDeduction, undoTransferDeduction } from './tdsLedger.ts';

/** Razorpay's smallest transfer (₹1). Smaller groups wait for more earnings. */
export const MIN_TRANSFER_PAISE = 100;
/** The note that carries our idempotency key on every transfer, so reconciliation can find it. */
export const PAYOUT_KEY_NOTE = 'payout_key';

/** Claims a creator's available earnings into transfers in one transaction (claimInto). */
export async function claimBatch(
  deps: AppDeps,
  creatorId: string,
  batchDate: string | null,
): Promise<TransferRow[]> {
  return deps.db.transaction((tx) => claimInto(tx, deps.config.legal.tds194o, creatorId, batchDate));
}

/**
 * Claims a creator's available earnings into transfers BEFORE any Razorpay call: guest earnings go in one transfer
 * per captured payment, wallet earnings in one direct transfer (`only`: just that group, a payment id or 'direct');
 * a debt is recovered first. Each transfer row carries our key; its earnings move available → in transit. Nothing
 * while an operator holds the creator's payouts (read under the balances lock the hold also takes); earnings a
 * dispute holds are never claimed. With 194-O TDS (`tds`), each transfer carries its earnings less the year's
 * deduction (tdsLedger.ts), keyed by the transfer: a resend or a reconciliation never deducts again.
 */
export async function claimInto(
  tx: Executor,
  tds: Tds194oSettings | null,
  creatorId: string,
  batchDate: string | null,
  only?: string,
): Promise<TransferRow[]> {
  const balances = await lockBalances(tx, creatorId);
  const account = await findLinkedAccount(tx, creatorId);
  if (!account?.account_id || account.status !== 'activated') return [];
  if (await payoutsHeld(tx, creatorId)) return [];
  const groups = new Map<string, EarningRow[]>();
  for (const e of await lockAvailableEarnings(tx, creatorId)) {
    const key = e.source === 'guest' && e.payment_id ? e.payment_id : 'direct';
    if (only === undefined || key === only) groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  let debt = Number(balances.debt_paise);
  const made: TransferRow[] = [];
  // Direct first: a debt is recovered from wallet earnings before guest payments.
  const ordered = [...groups.entries()].sort(([a], [b]) => (a === 'direct' ? -1 : b === 'direct' ? 1 : 0));
  for (const [key, earnings] of ordered) {
    const gross = earnings.reduce((s, e) => s + Number(e.net_paise) - Number(e.withheld_paise), 0);
    const take = Math.min(debt, gross);
    const carries = gross - take;
    if (carries > 0 && carries < MIN_TRANSFER_PAISE) continue;
    const transferId = randomUUID();
    if (carries === 0) {
      // Wholly consumed by a debt: nothing to send; the earnings offset an earlier reversal.
      await recoverDebt(tx, { creatorId, amountPaise: take, reference: transferId, transferId: null });
      await setEarningsState(
        tx,
        earnings.map((e) => e.id),
        'reversed',
        null,
      );
      debt -= take;
      continue;
    }
    const earningIds = earnings.map((e) => e.id);
    const claim = { creatorId, earningIds, carriesPaise: carries, minTransferPaise: MIN_TRANSFER_PAISE };
    const deduction = await deductionForClaim(tx, tds, { ...claim, now: new Date() });
    const amount = carries - (deduction?.deductPaise ?? 0);
    const transfer = await insertTransfer(tx, {
      id: transferId,
      creatorId,
      kind: key === 'direct' ? 'direct' : 'payment',
      sourcePaymentId: key === 'direct' ? null : key,
      accountId: account.account_id,
      amountPaise: amount,
    });
    await recoverDebt(tx, { creatorId, amountPaise: take, reference: transferId, transferId });
    debt -= take;
    if (deduction) await recordClaimDeduction(tx, creatorId, transferId, deduction);
    await moveTransferEarnings(
      tx,
      earnings,
      { state: 'in_transit', link: transferId },
      {
        creatorId,
        kind: 'transfer',
        from: 'available',
        to: 'in_transit',
        amountPaise: amount,
        transferId,
        reference: transferId,
      },
    );
    made.push(transfer);
  }
  if (batchDate) await markBatched(tx, creatorId, batchDate);
  return made;
}

/**
 * Recovers part of a creator's debt from their available earnings (movement `debt_recovery` of the transfer key
 * `reference`; `transferId` is null when nothing is sent because the debt took it all).
 */
function recoverDebt(
  tx: Executor,
  m: { creatorId: string; amountPaise: number; reference: string; transferId: string | null },
): Promise<boolean> {
  return moveEarning(tx, { ...m, kind: 'debt_recovery', from: 'available', to: 'debt' });
}

/**
 * A transfer's earnings change hands: their rows take `state` (linked to the transfer `link`, or to none) and the
 * movement `m` of their total is posted on the creator's balances, in the same transaction.
 */
async function moveTransferEarnings(
  tx: Executor,
  earnings: Array<{ id: string }>,
  { state, link }: { state: EarningState; link: string | null },
  m: Movement,
): Promise<void> {
  await setEarningsState(
    tx,
    earnings.map((e) => e.id),
    state,
    link,
  );
  await moveEarning(tx, m);
}

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

/** Transfers one payout cycle keeps in flight at Razorpay at most (each call waits on the network). */
export const TRANSFERS_IN_FLIGHT = 24;

export interface PayoutCycleSummary {
  released: number;
  creators: number;
  transfers: number;
  reconciled: number;
}

/**
 * One run of the payout job: pending → available (hold window; Pro at once), then a batch for every creator
 * due (Pro over its window; Starter once a day from the batch hour IST, or `forceStarter`), then reconciliation.
 */
export async function runPayoutCycle(
  deps: AppDeps,
  opts: { now?: Date; forceStarter?: boolean; concurrency?: number; inFlight?: number } = {},
): Promise<PayoutCycleSummary> {
  const now = opts.now ?? new Date();
  const summary: PayoutCycleSummary = { released: 0, creators: 0, transfers: 0, reconciled: 0 };
  if (!deps.config.PAYOUTS_ROUTE_ENABLED) return summary;
  const holdMs = deps.config.PAYOUT_HOLD_HOURS * 3_600_000;
  for (;;) {
    const released = await releaseEarnings(deps.db, {
      holdMs,
      freeTierPaise: LIMITS.starterFreeTierPaise,
      limit: 5000,
    });
    summary.released += released.count;
    payoutsChanged(deps, released.creatorIds);
    if (released.count < 5000) break;
  }
  const clock = istClock(now);
  const starterDue = opts.forceStarter === true || clock.hour >= deps.config.PAYOUT_BATCH_HOUR_IST;
  const concurrency = Math.max(1, opts.concurrency ?? 8);
  // Claims run `concurrency` creators at a time (database work); their transfers go to Razorpay with at most
  // `inFlight` calls open. A transfer is recorded before its call either way, so a crash changes nothing.
  const sender = boundedRunner(Math.max(1, opts.inFlight ?? TRANSFERS_IN_FLIGHT), deps.logger);
  const seen = new Set<string>();
  for (;;) {
    const due = (
      await creatorsDueForBatch(deps.db, {
        freeTierPaise: LIMITS.starterFreeTierPaise,
        proWindowMs: deps.config.PAYOUT_PRO_WINDOW_MS,
        starterDue,
        todayIst: clock.date,
        limit: 500,
      })
    ).filter((id) => !seen.has(id));
    if (due.length === 0) break;
    let next = 0;
    const worker = async () => {
      while (next < due.length) {
        const creatorId = due[next++] as string;
        seen.add(creatorId);
        const transfers = await claimBatch(deps, creatorId, starterDue ? clock.date : null);
        summary.creators += 1;
        summary.transfers += transfers.length;
        payoutsChanged(deps, [creatorId]); // in transit now (or a debt recovered from available)
        for (const t of transfers) await sender.run(() => sendTransfer(deps, t));
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }
  await sender.drain();
  summary.reconciled =
    (await reconcileTransfers(deps, now)).checked +
    (await reconcileReversals(deps, now)) +
    (await reconcileDisputeHolds(deps, now));
  return summary;
}
