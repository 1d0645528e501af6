import type { Executor } from '../../db/knex.ts';

export type EarningState = 'pending' | 'available' | 'in_transit' | 'paid' | 'reversed';
/**
 * Where a movement takes money from or to; `debt` is money a creator owes (a negative holding), `tds` the 194-O
 * TDS withheld from their payouts.
 */
export type Holding = EarningState | 'debt' | 'tds';

export interface BalancesRow {
  creator_id: string;
  earned_paise: number;
  fees_paise: number;
  pending_paise: number;
  available_paise: number;
  in_transit_paise: number;
  paid_paise: number;
  reversed_paise: number;
  /** 194-O TDS withheld from the creator's payouts. */
  tds_paise: number;
  debt_paise: number;
  last_batch_on: string | null;
}

export interface EarningRow {
  id: string;
  creator_id: string;
  tip_id: string;
  source: 'wallet' | 'guest';
  payment_id: string | null;
  gross_paise: number;
  fee_paise: number;
  net_paise: number;
  /** Part of the net reversed while pending or available: never sent. */
  withheld_paise: number;
  state: EarningState;
  transfer_id: string | null;
  created_at: Date;
}

export interface Movement {
  creatorId: string;
  kind: string;
  from: Holding | null;
  to: Holding | null;
  amountPaise: number;
  earningId?: string | null;
  transferId?: string | null;
  /** (kind, reference) is unique: the same movement is applied at most once. */
  reference: string;
  reason?: string | null;
}

/**
 * Applies one movement (ledger row + conditional balance update, `shabaash_move_earning`); false when this
 * (kind, reference) was applied before. A zero amount moves nothing and returns true.
 */
export async function moveEarning(tx: Executor, m: Movement): Promise<boolean> {
  if (!Number.isInteger(m.amountPaise) || m.amountPaise < 0)
    throw new Error(`bad movement amount ${m.amountPaise}`);
  if (m.amountPaise === 0) return true;
  const result = await tx.raw<{ rows: Array<{ moved: boolean }> }>(
    'select shabaash_move_earning(?::uuid, ?, ?, ?, ?::bigint, ?::uuid, ?::uuid, ?, ?) as moved',
    [
      m.creatorId,
      m.kind,
      m.from,
      m.to,
      m.amountPaise,
      m.earningId ?? null,
      m.transferId ?? null,
      m.reference,
      m.reason ?? null,
    ],
  );
  return Boolean(result.rows[0]?.moved);
}

/** The amount of one movement (0 when it never happened). */
export async function movementAmount(db: Executor, kind: string, reference: string): Promise<number> {
  const row = await db('earning_movements')
    .where({ kind, reference })
    .first<{ amount_paise: number } | undefined>('amount_paise');
  return row ? Number(row.amount_paise) : 0;
}

/** Records Razorpay's fee and tax on the payment of a guest tip's earning (first report wins). */
export async function setGatewayCharges(
  db: Executor,
  paymentId: string,
  feePaise: number,
  taxPaise: number,
): Promise<void> {
  await db('earnings')
    .where({ payment_id: paymentId })
    .whereNull('gateway_fee_paise')
    .update({ gateway_fee_paise: feePaise, gateway_tax_paise: taxPaise });
}

/** The balances row locked for the rest of the transaction (created at zero if missing). */
export async function lockBalances(tx: Executor, creatorId: string): Promise<BalancesRow> {
  await tx('creator_earnings').insert({ creator_id: creatorId }).onConflict('creator_id').ignore();
  return tx('creator_earnings').where({ creator_id: creatorId }).forUpdate().first<BalancesRow>();
}

/**
 * Moves pending earnings to available: those older than the hold window, and every one of a Pro creator
 * (lifetime gross above the free tier). One statement per call, at most `limit` earnings; returns how many and
 * whose. What moves is the net less any part already reversed (`withheld_paise`).
 */
export async function releaseEarnings(
  db: Executor,
  opts: { holdMs: number; freeTierPaise: number; limit: number },
): Promise<{ count: number; creatorIds: string[] }> {
  const result = await db.raw<{ rows: Array<{ n: number; creators: string[] | null }> }>(
    `with picked as (
       select e.id from earnings e join creators c on c.user_id = e.creator_id
        where e.state = 'pending'
          and (e.created_at <= now() - (? * interval '1 millisecond') or c.lifetime_gross_paise > ?)
        order by e.creator_id limit ? for update of e skip locked),
     upd as (
       update earnings e set state = 'available', updated_at = now() from picked
        where e.id = picked.id returning e.id, e.creator_id, e.net_paise - e.withheld_paise as amount)
     select count(*)::int as n, array_agg(distinct creator_id) as creators,
            sum(case when amount > 0 and shabaash_move_earning(creator_id, 'release', 'pending', 'available',
                     amount, id, null, id::text, null) then 1 else 0 end) as moved
       from upd`,
    [opts.holdMs, opts.freeTierPaise, opts.limit],
  );
  const row = result.rows[0];
  return { count: Number(row?.n ?? 0), creatorIds: row?.creators ?? [] };
}

/** Available earnings of one creator that no dispute holds, locked, oldest first. */
export async function lockAvailableEarnings(tx: Executor, creatorId: string): Promise<EarningRow[]> {
  return tx('earnings')
    .where({ creator_id: creatorId, state: 'available' })
    .whereNull('held_by_dispute_id')
    .orderBy('created_at', 'asc')
    .forUpdate()
    .select<EarningRow[]>('*');
}

/** Sets the state (and transfer) of some earnings. */
export async function setEarningsState(
  tx: Executor,
  ids: string[],
  state: EarningState,
  transferId: string | null,
): Promise<void> {
  if (ids.length === 0) return;
  await tx('earnings').whereIn('id', ids).update({ state, transfer_id: transferId, updated_at: tx.fn.now() });
}

/**
 * Notes a reversal on its earning: the reason, the part withheld from sending when given, and state `reversed`
 * once nothing of it is left to send or keep.
 */
export async function noteReversal(
  tx: Executor,
  id: string,
  note: { reason: string; withheldPaise: number | null; reversed: boolean },
): Promise<void> {
  await tx('earnings')
    .where({ id })
    .update({
      ...(note.reversed ? { state: 'reversed' } : {}),
      ...(note.withheldPaise !== null ? { withheld_paise: note.withheldPaise } : {}),
      reversal_reason: note.reason,
      updated_at: tx.fn.now(),
    });
}

/** How much of an earning its reversals took so far (paise). */
export async function reversedOfEarning(db: Executor, earningId: string): Promise<number> {
  const row = await db('payout_reversals')
    .where({ earning_id: earningId })
    .sum<{ s: string | null }>({ s: 'amount_paise' })
    .first();
  return Number(row?.s ?? 0);
}

/** What Razorpay should have reversed on a reversal's transfer once it and every earlier one landed (paise). */
export async function reversedViaTransfer(
  db: Executor,
  reversal: Pick<ReversalRow, 'id' | 'transfer_id'>,
): Promise<number> {
  // Compared in the database: a JS Date would drop the microseconds of created_at.
  const row = await db('payout_reversals')
    .where({ transfer_id: reversal.transfer_id, method: 'transfer_reversal' })
    .where('created_at', '<=', db('payout_reversals').where({ id: reversal.id }).select('created_at'))
    .first<{ s: string | null }>(db.raw('sum(amount_paise - tds_paise) as s'));
  return Number(row?.s ?? 0);
}

/** Records the part of a reversal given back out of the TDS holding. */
export async function setReversalTds(tx: Executor, id: string, tdsPaise: number): Promise<void> {
  await tx('payout_reversals').where({ id }).update({ tds_paise: tdsPaise });
}

/** The earnings carried by one transfer. */
export async function earningsOfTransfer(tx: Executor, transferId: string): Promise<EarningRow[]> {
  return tx('earnings').where({ transfer_id: transferId }).select<EarningRow[]>('*');
}

/** The earning of a guest tip paid by `paymentId`, locked. */
export async function lockEarningByPayment(tx: Executor, paymentId: string): Promise<EarningRow | undefined> {
  return tx('earnings').where({ payment_id: paymentId }).forUpdate().first<EarningRow | undefined>();
}

/** Creators with available money and an activated linked account, due a batch now: never a suspended creator, nor one
 * whose payouts an operator holds. */
export async function creatorsDueForBatch(
  db: Executor,
  opts: { freeTierPaise: number; proWindowMs: number; starterDue: boolean; todayIst: string; limit: number },
): Promise<string[]> {
  const rows = await db.raw<{ rows: Array<{ creator_id: string }> }>(
    `select b.creator_id from creator_earnings b
       join linked_accounts a on a.creator_id = b.creator_id and a.status = 'activated'
       join creators c on c.user_id = b.creator_id
      where b.available_paise > b.debt_paise
        and c.suspended_at is null
        and c.payouts_held_at is null
        and ((c.lifetime_gross_paise > ? and exists (
               select 1 from earnings e where e.creator_id = b.creator_id and e.state = 'available'
                  and e.updated_at <= now() - (? * interval '1 millisecond')))
          or (c.lifetime_gross_paise <= ? and ?::boolean
              and (b.last_batch_on is null or b.last_batch_on < ?::date)))
      order by b.creator_id limit ?`,
    [opts.freeTierPaise, opts.proWindowMs, opts.freeTierPaise, opts.starterDue, opts.todayIst, opts.limit],
  );
  return rows.rows.map((r) => r.creator_id);
}

/** Records the IST date of a creator's daily batch. */
export async function markBatched(tx: Executor, creatorId: string, todayIst: string): Promise<void> {
  await tx('creator_earnings').where({ creator_id: creatorId }).update({ last_batch_on: todayIst });
}

export interface ReversalRow {
  id: string;
  creator_id: string;
  earning_id: string;
  transfer_id: string | null;
  amount_paise: number;
  reason: string;
  method: 'balance' | 'transfer_reversal' | 'debt';
  status: 'done' | 'requested' | 'failed';
  razorpay_reversal_id: string | null;
  /** One reversal per earning and reference: a refund's id, 'dispute', or 'full' (rows before partial refunds). */
  reference: string;
  /** The payment's refunded total this reversal answered (paise); null for a lost dispute. */
  refund_paise: number | null;
  /** The part of `amount_paise` given back out of the 194-O TDS holding: not taken back from the creator. */
  tds_paise: number;
  created_at: Date;
}

/** Claims the reversal of an earning for one refund (or dispute); undefined when that one was applied before. */
export async function insertReversal(
  tx: Executor,
  r: Omit<ReversalRow, 'id' | 'created_at' | 'razorpay_reversal_id' | 'tds_paise'> & {
    sourceEventId: string | null;
  },
): Promise<ReversalRow | undefined> {
  const { sourceEventId, ...row } = r;
  const [inserted] = await tx('payout_reversals')
    .insert({ ...row, source_event_id: sourceEventId })
    .onConflict(['earning_id', 'reference'])
    .ignore()
    .returning<ReversalRow[]>('*');
  return inserted;
}

/** Marks a requested transfer reversal done (with Razorpay's id) or turned into a debt. */
export async function finishReversal(
  tx: Executor,
  id: string,
  outcome: {
    method: ReversalRow['method'];
    status: ReversalRow['status'];
    razorpayReversalId?: string | null;
  },
): Promise<void> {
  await tx('payout_reversals')
    .where({ id })
    .update({
      method: outcome.method,
      status: outcome.status,
      razorpay_reversal_id: outcome.razorpayReversalId ?? null,
      updated_at: tx.fn.now(),
    });
}

/** Transfer reversals requested but never confirmed (no answer), since before `before`, with Razorpay's transfer id. */
export async function listRequestedReversals(
  db: Executor,
  before: Date,
  limit: number,
): Promise<Array<ReversalRow & { razorpay_transfer_id: string }>> {
  return db('payout_reversals as r')
    .join('payout_transfers as t', 't.id', 'r.transfer_id')
    .where('r.status', 'requested')
    .where('r.updated_at', '<=', before)
    .whereNotNull('t.razorpay_transfer_id')
    .orderBy('r.created_at', 'asc')
    .limit(limit)
    .select<Array<ReversalRow & { razorpay_transfer_id: string }>>('r.*', 't.razorpay_transfer_id');
}

/** The earning of a tip (wallet or guest), locked. */
export async function lockEarningByTip(tx: Executor, tipId: string): Promise<EarningRow | undefined> {
  return tx('earnings').where({ tip_id: tipId }).forUpdate().first<EarningRow | undefined>();
}
