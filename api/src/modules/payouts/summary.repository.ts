import { payoutsSpace } from '@shabaash/shared';
import { coalesced, type LoadMany } from '../../db/coalesce.ts';
import type { Executor } from '../../db/knex.ts';
import type { BalancesRow, ReversalRow } from './earnings.repository.ts';
import type { LinkedAccountRow } from './linkedAccounts.repository.ts';
import type { TransferRow } from './transfers.repository.ts';

/** How many transfers and reversals the summary lists (newest first). */
export const SUMMARY_HISTORY = 50;

/** What the summary shows of the linked account (only the bank's name and last 4 digits of the account). */
export type SummaryAccount = Pick<
  LinkedAccountRow,
  'status' | 'clarification_reasons' | 'legal_name' | 'bank_name' | 'account_last4'
>;
export type SummaryTransfer = Pick<
  TransferRow,
  'id' | 'amount_paise' | 'status' | 'razorpay_transfer_id' | 'utr' | 'failure_reason' | 'created_at'
>;
export type SummaryReversal = Pick<ReversalRow, 'id' | 'amount_paise' | 'reason' | 'method' | 'created_at'>;

/** Everything a creator's payouts summary is made of, read in one snapshot. */
export interface SummaryRows {
  /** The payouts space's version in the same snapshot (0 when it never changed). */
  version: number;
  /** The creator's lifetime gross (decides the plan); 0 when there is no creator row. */
  lifetimeGrossPaise: number;
  /** An operator holds the creator's payouts. */
  payoutsOnHold: boolean;
  account: SummaryAccount | undefined;
  /** Zeros when no tip ever landed. */
  balances: BalancesRow;
  transfers: SummaryTransfer[];
  reversals: SummaryReversal[];
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface RawSummary {
  creator_id: string;
  version: number;
  lifetime_gross_paise: number;
  payouts_on_hold: boolean;
  account: SummaryAccount | null;
  balances: BalancesRow | null;
  transfers: Array<Omit<SummaryTransfer, 'created_at'> & { created_at: string }>;
  reversals: Array<Omit<SummaryReversal, 'created_at'> & { created_at: string }>;
}

/** The balances of a creator no tip ever reached. */
function zeroBalances(creatorId: string): BalancesRow {
  return {
    creator_id: creatorId,
    earned_paise: 0,
    fees_paise: 0,
    pending_paise: 0,
    available_paise: 0,
    in_transit_paise: 0,
    paid_paise: 0,
    reversed_paise: 0,
    tds_paise: 0,
    debt_paise: 0,
    last_batch_on: null,
  };
}

/**
 * The summaries of many creators in ONE statement (so one snapshot: the version a summary carries is exactly the
 * state it shows), shared by concurrent lookups (db/coalesce.ts). A creator with the Creator Suite open gets a
 * summary pushed up to once a second while tipped (realtime/publish.ts); before this it cost seven round trips.
 * Lists come back as jsonb (bigint paise as JSON numbers, below 2^53) and their timestamps are revived as Dates.
 */
const summaries: LoadMany<SummaryRows> = async (db, keys) => {
  const ids = keys.filter((k) => UUID_RE.test(k));
  const found = new Map<string, SummaryRows>();
  if (ids.length === 0) return found;
  const { rows } = await db.raw<{ rows: RawSummary[] }>(
    `select k.id::text as creator_id,
            coalesce((select version from sync_spaces where space = ? || k.id::text), 0) as version,
            coalesce((select lifetime_gross_paise from creators where user_id = k.id), 0) as lifetime_gross_paise,
            coalesce((select payouts_held_at is not null from creators where user_id = k.id), false)
              as payouts_on_hold,
            (select jsonb_build_object('status', a.status, 'clarification_reasons', a.clarification_reasons,
                                       'legal_name', a.legal_name, 'bank_name', a.bank_name,
                                       'account_last4', a.account_last4)
               from linked_accounts a where a.creator_id = k.id) as account,
            (select to_jsonb(e) from creator_earnings e where e.creator_id = k.id) as balances,
            coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'amount_paise', t.amount_paise,
                                       'status', t.status, 'razorpay_transfer_id', t.razorpay_transfer_id,
                                       'utr', t.utr, 'failure_reason', t.failure_reason,
                                       'created_at', t.created_at) order by t.created_at desc)
                        from (select * from payout_transfers where creator_id = k.id
                               order by created_at desc limit ?) t), '[]'::jsonb) as transfers,
            coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'amount_paise', r.amount_paise,
                                       'reason', r.reason, 'method', r.method,
                                       'created_at', r.created_at) order by r.created_at desc)
                        from (select * from payout_reversals where creator_id = k.id
                               order by created_at desc limit ?) r), '[]'::jsonb) as reversals
       from unnest(?::uuid[]) as k(id)`,
    [payoutsSpace(''), SUMMARY_HISTORY, SUMMARY_HISTORY, ids],
  );
  for (const row of rows) {
    found.set(row.creator_id, {
      version: Number(row.version),
      lifetimeGrossPaise: Number(row.lifetime_gross_paise),
      payoutsOnHold: row.payouts_on_hold,
      account: row.account ?? undefined,
      balances: row.balances ?? zeroBalances(row.creator_id),
      transfers: row.transfers.map((t) => ({ ...t, created_at: new Date(t.created_at) })),
      reversals: row.reversals.map((r) => ({ ...r, created_at: new Date(r.created_at) })),
    });
  }
  return found;
};

/** A creator's summary rows, read after the call (concurrent calls share one statement). */
export async function payoutSummaryRows(db: Executor, creatorId: string): Promise<SummaryRows> {
  const key = creatorId.toLowerCase();
  return (
    (await coalesced(db, summaries, key)) ?? {
      version: 0,
      lifetimeGrossPaise: 0,
      payoutsOnHold: false,
      account: undefined,
      balances: zeroBalances(key),
      transfers: [],
      reversals: [],
    }
  );
}
