import type { Executor } from '../../db/knex.ts';

export interface MoneyTotalsRow {
  wallet_liability_paise: number;
  funded_wallets: number;
  pending_paise: number;
  available_paise: number;
  held_paise: number;
  in_transit_paise: number;
  paid_paise: number;
  reversed_paise: number;
  debt_paise: number;
  tds_paise: number;
  fees_paise: number;
}

export interface MoneyDayRow {
  day: string;
  wallet_tips_paise: number;
  wallet_tip_count: number;
  guest_tips_paise: number;
  guest_tip_count: number;
  fees_paise: number;
}

/**
 * What the platform holds for others, from the ledger in one snapshot: the sum of wallet balances, and creators'
 * earnings balances by state. Available money that cannot be paid out counts as held, not available: a creator whose
 * payout account is not activated, who is suspended, or whose payouts an operator holds.
 */
export async function moneyTotals(db: Executor): Promise<MoneyTotalsRow> {
  const { rows } = await db.raw<{ rows: Array<Record<keyof MoneyTotalsRow, string | number>> }>(
    `select (select coalesce(sum(balance_paise), 0) from wallets) as wallet_liability_paise,
            (select count(*) from wallets where balance_paise > 0) as funded_wallets,
            coalesce(sum(e.pending_paise), 0) as pending_paise,
            coalesce(sum(e.available_paise) filter (where h.held is false), 0) as available_paise,
            coalesce(sum(e.available_paise) filter (where h.held is not false), 0) as held_paise,
            coalesce(sum(e.in_transit_paise), 0) as in_transit_paise,
            coalesce(sum(e.paid_paise), 0) as paid_paise,
            coalesce(sum(e.reversed_paise), 0) as reversed_paise,
            coalesce(sum(e.debt_paise), 0) as debt_paise,
            coalesce(sum(e.tds_paise), 0) as tds_paise,
            coalesce(sum(e.fees_paise), 0) as fees_paise
       from creator_earnings e
       left join lateral (
         select a.status is distinct from 'activated' or c.suspended_at is not null or c.payouts_held_at is not null
                  as held
           from creators c left join linked_accounts a on a.creator_id = c.user_id
          where c.user_id = e.creator_id
       ) h on true`,
  );
  const row = rows[0] ?? {};
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as unknown as MoneyTotalsRow;
}

/** Wallet and guest tips (count, amount, platform fee) per IST day for the last `days` days, today included. */
export async function moneyByDay(db: Executor, days: number): Promise<MoneyDayRow[]> {
  const { rows } = await db.raw<{ rows: Array<Record<keyof MoneyDayRow, string | number>> }>(
    `with bounds as (select (now() at time zone 'Asia/Kolkata')::date as today),
          span as (select generate_series(today - (? - 1), today, interval '1 day')::date as day from bounds),
          tipped as (
            select (t.created_at at time zone 'Asia/Kolkata')::date as day, t.source, t.amount_paise, t.fee_paise
              from tips t, bounds
             where t.source <> 'youtube'
               and t.created_at >= ((today - (? - 1))::timestamp at time zone 'Asia/Kolkata'))
     select to_char(s.day, 'YYYY-MM-DD') as day,
            coalesce(sum(x.amount_paise) filter (where x.source = 'wallet'), 0) as wallet_tips_paise,
            count(x.source) filter (where x.source = 'wallet') as wallet_tip_count,
            coalesce(sum(x.amount_paise) filter (where x.source = 'guest'), 0) as guest_tips_paise,
            count(x.source) filter (where x.source = 'guest') as guest_tip_count,
            coalesce(sum(x.fee_paise), 0) as fees_paise
       from span s left join tipped x on x.day = s.day
      group by s.day order by s.day`,
    [days, days],
  );
  return rows.map((r) => ({
    day: String(r.day),
    wallet_tips_paise: Number(r.wallet_tips_paise),
    wallet_tip_count: Number(r.wallet_tip_count),
    guest_tips_paise: Number(r.guest_tips_paise),
    guest_tip_count: Number(r.guest_tip_count),
    fees_paise: Number(r.fees_paise),
  }));
}
