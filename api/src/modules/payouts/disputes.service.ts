import { z } from 'zod';
import type { Tds194oSettings } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/knex.ts';
import { AppError } from '../../http/errors.ts';
import { lockEarningByPayment } from './earnings.repository.ts';
import {
  findDispute,
  listUnansweredRouteHolds,
  lockOrCreateDispute,
  moveHoldState,
  razorpayIdOfTransfer,
  setEarningHold,
  tipOfPayment,
  updateDispute,
  type DisputeRow,
  type DisputeStatus,
  type HoldState,
} from './disputes.repository.ts';
import { reverseEarning, type PendingReversal } from './reversals.service.ts';
import { lockTransfer } from './transfers.repository.ts';

export const DISPUTE_EVENTS = [
  'payment.dispute.created',
  'payment.dispute.under_review',
  'payment.dispute.action_required',
  'payment.dispute.won',
  'payment.dispute.lost',
  'payment.dispute.closed',
] as const;
export type DisputeEvent = (typeof DISPUTE_EVENTS)[number];
export const isDisputeEvent = (event: string): event is DisputeEvent =>
  (DISPUTE_EVENTS as readonly string[]).includes(event);

/** The dispute entity of a payment.dispute.* webhook (Razorpay's Disputes entity; the evidence is not kept). */
export const disputeEntitySchema = z.object({
  id: z.string().min(1),
  payment_id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string().default('INR'),
  amount_deducted: z.number().int().nullish(),
  reason_code: z.string().nullish(),
  reason_description: z.string().nullish(),
  respond_by: z.number().int().nullish(),
  status: z.string(),
  phase: z.string().nullish(),
  created_at: z.number().int().nullish(),
});
export type DisputeEntity = z.infer<typeof disputeEntitySchema>;

export type DisputeOutcome = 'dispute_opened' | 'dispute_updated' | 'dispute_decided' | 'dispute_unchanged';

/** What to ask Route after the transaction commits. */
export type RouteHoldAction = { disputeId: string };

export interface DisputeApplied {
  outcome: DisputeOutcome;
  creatorId: string | null;
  /** A transfer reversal to request (a lost case whose transfer was processed). */
  reversal: PendingReversal | null;
  /** A Route hold or release to ask for (the case's hold_state says which). */
  route: RouteHoldAction | null;
}

const STATUS_OF: Record<DisputeEvent, DisputeStatus> = {
  'payment.dispute.created': 'open',
  'payment.dispute.under_review': 'under_review',
  'payment.dispute.action_required': 'action_required',
  'payment.dispute.won': 'won',
  'payment.dispute.lost': 'lost',
  'payment.dispute.closed': 'closed',
};

const seconds = (unix: number | null | undefined) => (unix ? new Date(unix * 1000) : null);

/**
 * Holds the creator's earning of a disputed payment: not yet transferred → held in our ledger (never claimed while
 * held); transferred → Route is asked to hold the transfer's settlement (after commit); already settled to the
 * bank → nothing left to hold (a loss is then reversed from the transfer, as for a refund).
 */
async function openHold(tx: Executor, dispute: DisputeRow): Promise<{ state: HoldState; route: boolean }> {
  const earning = await lockEarningByPayment(tx, dispute.payment_id);
  if (!earning || earning.state === 'reversed') {
    await linkCase(tx, dispute);
    return { state: 'none', route: false };
  }
  const heldPaise = Number(earning.net_paise) - Number(earning.withheld_paise);
  const transfer = earning.transfer_id ? await lockTransfer(tx, { id: earning.transfer_id }) : undefined;
  let state: HoldState = 'held';
  let note: string | null = null;
  if (transfer && (earning.state === 'in_transit' || earning.state === 'paid')) {
    if (transfer.settled_at || transfer.recipient_settlement_id) {
      state = 'settled';
      note = 'Already settled to the creator’s bank: nothing left to hold.';
    } else state = 'route_hold_requested';
  }
  await setEarningHold(tx, earning.id, dispute.id);
  await updateDispute(tx, dispute.id, {
    tip_id: earning.tip_id,
    creator_id: earning.creator_id,
    earning_id: earning.id,
    transfer_id: transfer?.id ?? null,
    hold_state: state,
    held_paise: heldPaise,
    hold_note: note,
  });
  return { state, route: state === 'route_hold_requested' };
}

/** Links a case decided by its first event to the tip, creator, earning and transfer of its payment (no hold). */
async function linkCase(tx: Executor, dispute: DisputeRow): Promise<void> {
  const earning = await lockEarningByPayment(tx, dispute.payment_id);
  const tip = earning ? null : await tipOfPayment(tx, dispute.payment_id);
  await updateDispute(tx, dispute.id, {
    tip_id: earning?.tip_id ?? tip?.id ?? null,
    creator_id: earning?.creator_id ?? tip?.creator_id ?? null,
    earning_id: earning?.id ?? null,
    transfer_id: earning?.transfer_id ?? null,
  });
}

/** Ends a case's hold for a decision in the platform's favour (a Route hold is released after commit). */
async function releaseHold(tx: Executor, dispute: DisputeRow): Promise<boolean> {
  if (dispute.earning_id) await setEarningHold(tx, dispute.earning_id, null);
  const onRoute = dispute.hold_state === 'route_hold_requested' || dispute.hold_state === 'route_held';
  const next: HoldState = onRoute
    ? 'route_release_requested'
    : dispute.hold_state === 'none'
      ? 'none'
      : 'released';
  await updateDispute(tx, dispute.id, { hold_state: next });
  return onRoute;
}

/**
 * Applies one payment.dispute.* webhook to its case, inside the webhook's transaction (the inbox row makes a
 * repeated event id a no-op before this runs). The first event of a dispute opens the case (whatever it is: events
 * may arrive out of order); an undecided case holds the creator's earning once. A decision is final: won (or closed
 * with nothing deducted) releases the hold; lost (or closed with the amount deducted) reverses the creator's share
 * by the payouts rules (reverseEarning, once per earning whatever retries happen). Later events of a decided case
 * change nothing.
 */
export async function applyDisputeEvent(
  tx: Executor,
  event: DisputeEvent,
  entity: DisputeEntity,
  sourceEventId: string,
  tds: Tds194oSettings | null,
): Promise<DisputeApplied> {
  const status = STATUS_OF[event];
  const { row, created } = await lockOrCreateDispute(tx, {
    razorpay_dispute_id: entity.id,
    payment_id: entity.payment_id,
    amount_paise: entity.amount,
    currency: entity.currency,
    amount_deducted_paise: entity.amount_deducted ?? 0,
    reason_code: entity.reason_code ?? '',
    reason_description: entity.reason_description ?? null,
    phase: entity.phase ?? '',
    status,
    respond_by: seconds(entity.respond_by),
    opened_at: seconds(entity.created_at) ?? new Date(),
  });
  const none: DisputeApplied = {
    outcome: 'dispute_unchanged',
    creatorId: row.creator_id,
    reversal: null,
    route: null,
  };
  if (row.outcome) return none;
  const decided = status === 'won' || status === 'lost' || status === 'closed';
  let dispute = row;
  let route = false;
  if (created && !decided) {
    route = (await openHold(tx, dispute)).route;
    dispute = (await findDispute(tx, dispute.id)) ?? dispute;
  }
  if (!decided) {
    if (!created)
      await updateDispute(tx, dispute.id, {
        status,
        respond_by: seconds(entity.respond_by) ?? dispute.respond_by,
        phase: entity.phase ?? dispute.phase,
      });
    return {
      outcome: created ? 'dispute_opened' : 'dispute_updated',
      creatorId: dispute.creator_id,
      reversal: null,
      route: route ? { disputeId: dispute.id } : null,
    };
  }
  const deducted = entity.amount_deducted ?? 0;
  const lost = status === 'lost' || (status === 'closed' && deducted > 0);
  await updateDispute(tx, dispute.id, {
    status,
    outcome: lost ? 'lost' : 'won',
    amount_deducted_paise: deducted,
    decided_at: new Date(),
  });
  if (!lost) {
    const onRoute = await releaseHold(tx, dispute);
    return {
      outcome: 'dispute_decided',
      creatorId: dispute.creator_id,
      reversal: null,
      route: onRoute ? { disputeId: dispute.id } : null,
    };
  }
  if (dispute.earning_id) await setEarningHold(tx, dispute.earning_id, null);
  if (created) await linkCase(tx, dispute);
  const reversed = await reverseEarning(
    tx,
    entity.payment_id,
    { reason: 'dispute_lost', refundId: null, refundedPaise: null, sourceEventId },
    tds,
  );
  await updateDispute(tx, dispute.id, {
    hold_state: reversed.method === 'none' && dispute.hold_state === 'none' ? 'none' : 'reversed',
    ...(reversed.method === 'debt'
      ? { hold_note: 'The transfer was in flight: recovered from the next earnings.' }
      : {}),
  });
  return {
    outcome: 'dispute_decided',
    creatorId: reversed.creatorId ?? dispute.creator_id,
    reversal: reversed.pending,
    route: null,
  };
}

/**
 * Brings Route in line with a case: `route_hold_requested` → PATCH on_hold 1 → `route_held`;
 * `route_release_requested` → PATCH on_hold 0 → `released`. Razorpay refusing a hold (the transfer settled or
 * failed meanwhile) records why; no answer leaves the request for reconcileDisputeHolds. When the case moved on while
 * Route answered (a decision raced the hold), the loop applies the new wish.
 */
export async function syncRouteHold(deps: AppDeps, disputeId: string): Promise<void> {
  for (let round = 0; round < 3; round++) {
    const dispute = await findDispute(deps.db, disputeId);
    if (!dispute?.transfer_id) return;
    const from = dispute.hold_state;
    if (from !== 'route_hold_requested' && from !== 'route_release_requested') return;
    const razorpayTransferId = await razorpayIdOfTransfer(deps.db, dispute.transfer_id);
    if (!razorpayTransferId) return; // not sent yet: reconciliation asks again once it has an id
    const hold = from === 'route_hold_requested';
    try {
      const answer = await deps.payments.route.holdTransfer(razorpayTransferId, hold);
      const to: HoldState = hold ? (answer.on_hold ? 'route_held' : 'settled') : 'released';
      if (await moveHoldState(deps.db, disputeId, from, to)) return;
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'VALIDATION_FAILED')) {
        deps.logger.warn(
          { disputeId, err: String(err) },
          'route settlement hold not answered; asked again later',
        );
        return;
      }
      // Refused: a hold has nothing left to hold (settled/failed); a release has nothing held any more.
      if (await moveHoldState(deps.db, disputeId, from, hold ? 'settled' : 'released', err.message)) return;
    }
  }
}

/** Route holds and releases left unanswered (after PAYOUT_STUCK_AFTER_MS): asked again. Returns how many. */
export async function reconcileDisputeHolds(deps: AppDeps, now = new Date()): Promise<number> {
  const stuck = await listUnansweredRouteHolds(
    deps.db,
    new Date(now.getTime() - deps.config.PAYOUT_STUCK_AFTER_MS),
    200,
  );
  for (const dispute of stuck) await syncRouteHold(deps, dispute.id);
  return stuck.length;
}
