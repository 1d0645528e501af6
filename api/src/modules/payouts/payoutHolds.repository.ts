import type { Executor } from '../../db/knex.ts';

/** Whether an operator holds a creator's payouts (nothing is claimed or sent to them until released). */
export async function payoutsHeld(db: Executor, creatorId: string): Promise<boolean> {
  const row = await db('creators')
    .where({ user_id: creatorId })
    .first<{ payouts_held_at: Date | null } | undefined>('payouts_held_at');
  return Boolean(row?.payouts_held_at);
}

export interface PayoutsHold {
  heldAt: Date | null;
  reason: string | null;
}

/**
 * The creator's payouts hold, locked: takes the balances row lock first (as a payout claim does, so a claim and a
 * hold never interleave) and bumps the payouts space (the creator's screen is told). Undefined: no such creator.
 */
export async function lockPayoutsHold(tx: Executor, creatorId: string): Promise<PayoutsHold | undefined> {
  const creator = await tx('creators')
    .where({ user_id: creatorId })
    .first<{ user_id: string } | undefined>('user_id');
  if (!creator) return undefined;
  await tx.raw('select shabaash_touch_payouts(?::uuid)', [creatorId]);
  const row = await tx('creators')
    .where({ user_id: creatorId })
    .forUpdate()
    .first<{ payouts_held_at: Date | null; payouts_hold_reason: string | null }>(
      'payouts_held_at',
      'payouts_hold_reason',
    );
  return { heldAt: row.payouts_held_at, reason: row.payouts_hold_reason };
}

/** Sets (reason given) or clears (null) a creator's payouts hold; returns the new state. */
export async function setPayoutsHold(
  tx: Executor,
  creatorId: string,
  reason: string | null,
): Promise<PayoutsHold> {
  const [row] = await tx('creators')
    .where({ user_id: creatorId })
    .update({
      payouts_held_at: reason === null ? null : tx.fn.now(),
      payouts_hold_reason: reason,
      updated_at: tx.fn.now(),
    })
    .returning<Array<{ payouts_held_at: Date | null; payouts_hold_reason: string | null }>>([
      'payouts_held_at',
      'payouts_hold_reason',
    ]);
  return { heldAt: row?.payouts_held_at ?? null, reason: row?.payouts_hold_reason ?? null };
}

/** Records the transfer an operator's retry of a failed one made. */
export async function markRetried(tx: Executor, transferId: string, retryTransferId: string): Promise<void> {
  await tx('payout_transfers')
    .where({ id: transferId })
    .update({ retry_transfer_id: retryTransferId, retried_at: tx.fn.now(), updated_at: tx.fn.now() });
}

interface CreatorRef {
  creator_id: string;
  handle: string;
  display_name: string;
}

export interface OpsTransferRow extends CreatorRef {
  id: string;
  amount_paise: number;
  kind: 'payment' | 'direct';
  state: 'failed' | 'held';
  reason: string | null;
  razorpay_transfer_id: string | null;
  created_at: Date;
  retryable: boolean;
  retry_transfer_id: string | null;
  dispute_id: string | null;
}

/**
 * Failed transfers (newest first; retryable while their earnings still wait: the payment's earning, or any unheld
 * wallet earning, is available) and transfers a dispute holds at Route.
 */
export async function listOpsTransfers(db: Executor, limit: number): Promise<OpsTransferRow[]> {
  const { rows } = await db.raw<{ rows: OpsTransferRow[] }>(
    `(select t.id, t.creator_id, c.handle, c.display_name, t.amount_paise, t.kind, 'failed' as state,
             t.failure_reason as reason, t.razorpay_transfer_id, t.created_at, t.retry_transfer_id,
             null::uuid as dispute_id,
             (t.retry_transfer_id is null and exists (
                select 1 from earnings e where e.creator_id = t.creator_id and e.state = 'available'
                   and e.held_by_dispute_id is null
                   and (case when t.kind = 'payment' then e.payment_id = t.source_payment_id
                             else e.source = 'wallet' end))) as retryable
        from payout_transfers t join creators c on c.user_id = t.creator_id
       where t.status = 'failed'
       order by t.created_at desc limit ?)
     union all
     (select t.id, t.creator_id, c.handle, c.display_name, t.amount_paise, t.kind, 'held' as state,
             coalesce(d.reason_description, d.reason_code) as reason, t.razorpay_transfer_id, t.created_at,
             t.retry_transfer_id, d.id as dispute_id, false as retryable
        from disputes d join payout_transfers t on t.id = d.transfer_id
        join creators c on c.user_id = t.creator_id
       where d.hold_state in ('route_hold_requested', 'route_held')
       order by d.respond_by asc nulls last limit ?)`,
    [limit, limit],
  );
  return rows;
}

export interface HeldCreatorRow extends CreatorRef {
  payouts_held_at: Date;
  payouts_hold_reason: string;
  available_paise: number;
}

/** Creators whose payouts an operator holds, longest held first, with what waits for them. */
export async function listHeldCreators(db: Executor, limit: number): Promise<HeldCreatorRow[]> {
  return db('creators as c')
    .leftJoin('creator_earnings as b', 'b.creator_id', 'c.user_id')
    .whereNotNull('c.payouts_held_at')
    .orderBy('c.payouts_held_at', 'asc')
    .limit(limit)
    .select<HeldCreatorRow[]>(
      'c.user_id as creator_id',
      'c.handle',
      'c.display_name',
      'c.payouts_held_at',
      'c.payouts_hold_reason',
      db.raw('coalesce(b.available_paise, 0) as available_paise'),
    );
}

/** How many transfers are in each payout state, plus held creators: for the operators' metrics gauge. */
export async function countPayoutsByState(db: Executor): Promise<Record<string, number>> {
  const { rows } = await db.raw<{ rows: Array<{ state: string; n: string }> }>(
    `select status as state, count(*) as n from payout_transfers group by status
     union all
     select 'held_by_dispute', count(*) from disputes where hold_state in ('route_hold_requested', 'route_held')
     union all
     select 'creators_held', count(*) from creators where payouts_held_at is not null`,
  );
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}
