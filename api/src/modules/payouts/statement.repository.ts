import type { Knex } from 'knex';
import type { Executor } from '../../db/knex.ts';

/** Keeps the rows whose `column` falls in the statement period [from, to), oldest first. */
function inPeriod(column: string, from: Date, to: Date) {
  return (query: Knex.QueryBuilder) =>
    query.where(column, '>=', from).where(column, '<', to).orderBy(column, 'asc');
}

export interface StatementTipRow {
  tip_id: string;
  created_at: Date;
  payment_id: string | null;
  source: 'wallet' | 'guest';
  payer_name: string | null;
  payer_phone: string | null;
  message: string;
  status: string;
  gross_paise: number;
  fee_paise: number;
  net_paise: number;
  gateway_fee_paise: number | null;
  gateway_tax_paise: number | null;
}

/** One creator's tips (with their earnings) between two instants, oldest first. */
export async function statementTips(
  db: Executor,
  creatorId: string,
  from: Date,
  to: Date,
): Promise<StatementTipRow[]> {
  const result = await db.raw<{ rows: StatementTipRow[] }>(
    `select t.id as tip_id, t.created_at, coalesce(t.payment_id, t.id::text) as payment_id, t.source,
            coalesce(u.name, t.guest_name) as payer_name, u.phone as payer_phone, t.message, t.status,
            e.gross_paise, e.fee_paise, e.net_paise, e.gateway_fee_paise, e.gateway_tax_paise
       from tips t join earnings e on e.tip_id = t.id left join users u on u.id = t.sender_id
      where t.creator_id = ? and t.created_at >= ? and t.created_at < ?
      order by t.created_at, t.id`,
    [creatorId, from, to],
  );
  return result.rows;
}

export interface MovementSums {
  net_tips: number;
  reversals: number;
  paid: number;
  taken_back: number;
  /** 194-O TDS withheld (into the TDS holding) less what was given back out of it. */
  tds: number;
}

/**
 * Sums of the movements that change what Shabaash holds for a creator (pending + available + in transit − debt)
 * before `to` and from `from`: net tips credited, reversals (the part a TDS give-back covered included), transfers
 * paid, transfer reversals taken back, and 194-O TDS withheld net of what came back.
 */
export async function movementSums(
  db: Executor,
  creatorId: string,
  from: Date | null,
  to: Date,
): Promise<MovementSums> {
  const result = await db.raw<{ rows: MovementSums[] }>(
    `select
       coalesce((select sum(e.net_paise) from earnings e
                  where e.creator_id = ? and e.created_at < ? and (?::timestamptz is null or e.created_at >= ?)), 0)::bigint as net_tips,
       coalesce(sum(m.amount_paise) filter (where m.kind = 'reversal'
                                              or (m.from_state = 'tds' and m.to_state = 'reversed')), 0)::bigint
         as reversals,
       coalesce(sum(m.amount_paise) filter (where m.kind = 'paid'), 0)::bigint as paid,
       (coalesce(sum(m.amount_paise) filter (where m.kind = 'reversal' and m.from_state = 'paid'), 0)
        - coalesce(sum(m.amount_paise) filter (where m.kind = 'reversal_to_debt'), 0))::bigint as taken_back,
       (coalesce(sum(m.amount_paise) filter (where m.to_state = 'tds'), 0)
        - coalesce(sum(m.amount_paise) filter (where m.from_state = 'tds'), 0))::bigint as tds
     from earning_movements m
     where m.creator_id = ? and m.created_at < ? and (?::timestamptz is null or m.created_at >= ?)`,
    [creatorId, to, from, from, creatorId, to, from, from],
  );
  const row = result.rows[0];
  return {
    net_tips: Number(row?.net_tips ?? 0),
    reversals: Number(row?.reversals ?? 0),
    paid: Number(row?.paid ?? 0),
    taken_back: Number(row?.taken_back ?? 0),
    tds: Number(row?.tds ?? 0),
  };
}

export interface StatementTransferRow {
  id: string;
  razorpay_transfer_id: string | null;
  amount_paise: number;
  status: string;
  utr: string | null;
  processed_at: Date | null;
  created_at: Date;
  /** 194-O TDS this transfer withheld (negative: an earlier excess it gave back); null without TDS. */
  tds_paise: number | null;
}

/** Transfers created in the period (with the TDS each withheld), oldest first. */
export async function statementTransfers(
  db: Executor,
  creatorId: string,
  from: Date,
  to: Date,
): Promise<StatementTransferRow[]> {
  return db('payout_transfers as t')
    .leftJoin('tds_deductions as d', 'd.transfer_id', 't.id')
    .where('t.creator_id', creatorId)
    .modify(inPeriod('t.created_at', from, to))
    .select<StatementTransferRow[]>(
      't.id',
      't.razorpay_transfer_id',
      't.amount_paise',
      't.status',
      't.utr',
      't.processed_at',
      't.created_at',
      'd.tds_paise',
    );
}

export interface StatementReversalRow {
  id: string;
  amount_paise: number;
  reason: string;
  method: string;
  payment_id: string | null;
  created_at: Date;
}

/** Reversals made in the period, oldest first. */
export async function statementReversals(
  db: Executor,
  creatorId: string,
  from: Date,
  to: Date,
): Promise<StatementReversalRow[]> {
  return db('payout_reversals as r')
    .join('earnings as e', 'e.id', 'r.earning_id')
    .where('r.creator_id', creatorId)
    .modify(inPeriod('r.created_at', from, to))
    .select<StatementReversalRow[]>(
      'r.id',
      'r.amount_paise',
      'r.reason',
      'r.method',
      'e.payment_id',
      'r.created_at',
    );
}
