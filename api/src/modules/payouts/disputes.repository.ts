import type { Executor } from '../../db/knex.ts';

/** What a dispute case did to the creator's matching earning. */
export type HoldState =
  /** Nothing to hold: no earning for the payment (a top-up, an unknown payment) or it was already reversed. */
  | 'none'
  /** Not yet transferred: the earning is held in our ledger (never claimed into a transfer while held). */
  | 'held'
  /** Transferred: Route is being asked to hold the transfer's settlement (retried until answered). */
  | 'route_hold_requested'
  /** Transferred, and Route holds the transfer's settlement. */
  | 'route_held'
  /** Transferred and already settled to the creator's bank: nothing left to hold (a loss is reversed from it). */
  | 'settled'
  /** Decided for the platform: the hold ended. */
  | 'released'
  /** Decided for the platform: Route is being asked to release the transfer's settlement. */
  | 'route_release_requested'
  /** Decided against the platform: the creator's share was reversed by the payouts rules. */
  | 'reversed';

export type DisputeStatus = 'open' | 'under_review' | 'action_required' | 'won' | 'lost' | 'closed';

export interface DisputeRow {
  id: string;
  razorpay_dispute_id: string;
  payment_id: string;
  tip_id: string | null;
  creator_id: string | null;
  earning_id: string | null;
  transfer_id: string | null;
  amount_paise: number;
  currency: string;
  amount_deducted_paise: number;
  reason_code: string;
  reason_description: string | null;
  phase: string;
  status: DisputeStatus;
  outcome: 'won' | 'lost' | null;
  respond_by: Date | null;
  hold_state: HoldState;
  held_paise: number;
  hold_note: string | null;
  opened_at: Date;
  decided_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type NewDispute = Pick<
  DisputeRow,
  | 'razorpay_dispute_id'
  | 'payment_id'
  | 'amount_paise'
  | 'currency'
  | 'amount_deducted_paise'
  | 'reason_code'
  | 'reason_description'
  | 'phase'
  | 'status'
  | 'respond_by'
> & { opened_at: Date };

/**
 * The case of a Razorpay dispute, locked for the rest of the transaction: made from `fresh` when it is the first
 * event of that dispute to arrive (`created` true), else the existing row as it stands.
 */
export async function lockOrCreateDispute(
  tx: Executor,
  fresh: NewDispute,
): Promise<{ row: DisputeRow; created: boolean }> {
  const [inserted] = await tx('disputes')
    .insert(fresh)
    .onConflict('razorpay_dispute_id')
    .ignore()
    .returning<DisputeRow[]>('*');
  if (inserted) return { row: inserted, created: true };
  const row = await tx('disputes')
    .where({ razorpay_dispute_id: fresh.razorpay_dispute_id })
    .forUpdate()
    .first<DisputeRow>();
  return { row, created: false };
}

/** Changes a case (and its updated_at). */
export async function updateDispute(
  tx: Executor,
  id: string,
  patch: Partial<Omit<DisputeRow, 'id' | 'created_at' | 'updated_at'>>,
): Promise<void> {
  await tx('disputes')
    .where({ id })
    .update({ ...patch, updated_at: tx.fn.now() });
}

/** Moves a case's hold from `from` to `to` only if it still is `from` (a Route answer racing a decision); true when it moved. */
export async function moveHoldState(
  db: Executor,
  id: string,
  from: HoldState,
  to: HoldState,
  note?: string | null,
): Promise<boolean> {
  const n = await db('disputes')
    .where({ id, hold_state: from })
    .update({ hold_state: to, ...(note !== undefined ? { hold_note: note } : {}), updated_at: db.fn.now() });
  return n > 0;
}

/** Razorpay's id of one of our transfers (null until Razorpay answered its creation). */
export async function razorpayIdOfTransfer(db: Executor, transferId: string): Promise<string | null> {
  const row = await db('payout_transfers')
    .where({ id: transferId })
    .first<{ razorpay_transfer_id: string | null } | undefined>('razorpay_transfer_id');
  return row?.razorpay_transfer_id ?? null;
}

/** One case by our id. */
export async function findDispute(db: Executor, id: string): Promise<DisputeRow | undefined> {
  return db('disputes').where({ id }).first<DisputeRow | undefined>();
}

/** Holds an earning for a case (or ends the hold with null). */
export async function setEarningHold(
  tx: Executor,
  earningId: string,
  disputeId: string | null,
): Promise<void> {
  await tx('earnings')
    .where({ id: earningId })
    .update({ held_by_dispute_id: disputeId, updated_at: tx.fn.now() });
}

/** The tip paid by a payment (a guest tip), if any. */
export async function tipOfPayment(
  db: Executor,
  paymentId: string,
): Promise<{ id: string; creator_id: string } | undefined> {
  return db('tips')
    .where({ payment_id: paymentId })
    .first<{ id: string; creator_id: string } | undefined>('id', 'creator_id');
}

/** Cases whose Route hold or release is still unanswered, last touched before `before`. */
export async function listUnansweredRouteHolds(
  db: Executor,
  before: Date,
  limit: number,
): Promise<DisputeRow[]> {
  return db('disputes')
    .whereIn('hold_state', ['route_hold_requested', 'route_release_requested'])
    .where('updated_at', '<=', before)
    .orderBy('updated_at', 'asc')
    .limit(limit)
    .select<DisputeRow[]>('*');
}

/** How many dispute cases are open (undecided): for the operators' metrics gauge. */
export async function countOpenDisputes(db: Executor): Promise<number> {
  const row = await db('disputes').whereNull('outcome').count<{ n: string }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** A case with what the operator needs beside it: the tip, the creator, the earning and its transfer. */
export interface DisputeCaseRow extends DisputeRow {
  tip_amount_paise: number | null;
  tip_sender_name: string | null;
  tip_message: string | null;
  tip_created_at: Date | null;
  creator_handle: string | null;
  creator_display_name: string | null;
  earning_state: string | null;
  earning_net_paise: number | null;
  transfer_status: string | null;
  razorpay_transfer_id: string | null;
  transfer_settled_at: Date | null;
}

function casesQuery(db: Executor) {
  return db('disputes as d')
    .leftJoin('tips as t', 't.id', 'd.tip_id')
    .leftJoin('creators as c', 'c.user_id', 'd.creator_id')
    .leftJoin('earnings as e', 'e.id', 'd.earning_id')
    .leftJoin('payout_transfers as p', 'p.id', 'd.transfer_id')
    .select(
      'd.*',
      't.amount_paise as tip_amount_paise',
      't.guest_name as tip_sender_name',
      't.message as tip_message',
      't.created_at as tip_created_at',
      'c.handle as creator_handle',
      'c.display_name as creator_display_name',
      'e.state as earning_state',
      'e.net_paise as earning_net_paise',
      'p.status as transfer_status',
      'p.razorpay_transfer_id',
      'p.settled_at as transfer_settled_at',
    );
}

/** Cases for the operators: open ones first (nearest deadline first), then decided ones (latest first). */
export async function listDisputeCases(
  db: Executor,
  filter: { open?: boolean; limit: number },
): Promise<DisputeCaseRow[]> {
  const q = casesQuery(db)
    .orderByRaw('(d.outcome is null) desc, d.respond_by asc nulls last, d.decided_at desc nulls last')
    .limit(filter.limit);
  if (filter.open === true) q.whereNull('d.outcome');
  if (filter.open === false) q.whereNotNull('d.outcome');
  return q as unknown as Promise<DisputeCaseRow[]>;
}

/** One case with its context. */
export async function findDisputeCase(db: Executor, id: string): Promise<DisputeCaseRow | undefined> {
  return casesQuery(db).where('d.id', id).first() as unknown as Promise<DisputeCaseRow | undefined>;
}

/** The dispute webhooks received for a payment, oldest first (the case's timeline). */
export async function disputeEventsOf(
  db: Executor,
  paymentId: string,
): Promise<Array<{ event: string; outcome: string; received_at: Date; dispute_id: string | null }>> {
  return db('webhook_events')
    .where({ payment_id: paymentId })
    .where('event', 'like', 'payment.dispute.%')
    .orderBy('received_at', 'asc')
    .select<Array<{ event: string; outcome: string; received_at: Date; dispute_id: string | null }>>(
      'event',
      'outcome',
      'received_at',
      db.raw(`payload #>> '{payload,dispute,entity,id}' as dispute_id`),
    );
}
