import type { Executor } from '../../db/knex.ts';
import type { TipRecord } from '../../domain/tip.ts';
import type { WalletTransactionRow } from '../wallet/wallet.repository.ts';
import { creatorSpace, walletSpace } from './spaces.ts';
import { TIP_SELECT } from '../tips/tips.repository.ts';
import { tipFromRow, type TipRow } from '../tips/tips.row.ts';

export interface CreatorChanges {
  /**
   * Tips whose current version is in (sinceVersion, version], ordered by version, as they stand (tombstones have
   * `deletedAt`; `createdVersion` tells a reader at `since` whether the tip is new to them).
   */
  rows: TipRecord[];
  /** Pull again from this version: the space's version, or the last row's version when `hasMore`. */
  version: number;
  /** True when `limit` rows came back and more may follow; pull again with `since = version`. */
  hasMore: boolean;
}

export interface WalletChanges {
  /** Ledger rows with version in (sinceVersion, version], ordered by version. */
  rows: WalletTransactionRow[];
  /** Current balance (paise), read in the same snapshot as the rows. */
  balancePaise: number;
  /** Pull again from this version (see CreatorChanges.version). */
  version: number;
  hasMore: boolean;
}

/**
 * Everything that changed in a creator's chat space after `sinceVersion`, in one statement (one snapshot):
 * the space version V is read with the rows and only rows with version ≤ V are returned. Every version ≤ V has
 * committed (the counter row lock orders commits), so pulling again from the returned version never skips.
 */
export async function creatorChangesSince(
  db: Executor,
  creatorId: string,
  sinceVersion: number,
  limit = 500,
): Promise<CreatorChanges> {
  const read = await creatorsChangesSince(db, [{ creatorId, since: sinceVersion }], limit);
  // creatorsChangesSince answers every cursor (its space version row at least).
  return read.get(creatorId)!;
}

/** One creator's rows of a changes read (a row without id: the space had none) as CreatorChanges. */
function creatorChanges(
  read: Array<Partial<TipRow> & { space_version: number }>,
  limit: number,
): CreatorChanges {
  const spaceVersion = Number(read[0]?.space_version ?? 0);
  const rows = read.filter((r) => r.id != null).map((r) => tipFromRow(r as TipRow));
  const hasMore = rows.length >= limit && limit > 0;
  const last = rows[rows.length - 1];
  return { rows, version: hasMore && last ? last.version : spaceVersion, hasMore };
}

/**
 * creatorChangesSince for many creators in one statement (one snapshot; the webhook outbox's derivation reads
 * every creator behind its cursor with it, and creatorChangesSince is its one-creator case): up to `limit` rows
 * each, with the same no-skip guarantee. Every cursor gets an entry, with no rows when nothing changed.
 */
export async function creatorsChangesSince(
  db: Executor,
  cursors: Array<{ creatorId: string; since: number }>,
  limit = 500,
): Promise<Map<string, CreatorChanges>> {
  if (cursors.length === 0) return new Map();
  const result = await db.raw<{
    rows: Array<Partial<TipRow> & { space_version: number; cursor_creator: string }>;
  }>(
    `select c.creator_id as cursor_creator, v.version as space_version, x.*
     from unnest(?::uuid[], ?::text[], ?::bigint[]) as c(creator_id, space, since)
     cross join lateral (
       select coalesce((select version from sync_spaces where space = c.space), 0) as version
     ) v
     left join lateral (
       select ${TIP_SELECT}
       from tips t left join users u on u.id = t.sender_id
       where t.creator_id = c.creator_id and t.version > c.since and t.version <= v.version
       order by t.version
       limit ?
     ) x on true
     order by c.creator_id, x.version`,
    [
      cursors.map((c) => c.creatorId),
      cursors.map((c) => creatorSpace(c.creatorId)),
      cursors.map((c) => c.since),
      limit,
    ],
  );
  const byCreator = new Map<string, Array<Partial<TipRow> & { space_version: number }>>();
  for (const { cursor_creator: creatorId, ...row } of result.rows) {
    const rows = byCreator.get(creatorId) ?? [];
    rows.push(row);
    byCreator.set(creatorId, rows);
  }
  return new Map([...byCreator].map(([creatorId, rows]) => [creatorId, creatorChanges(rows, limit)]));
}

/**
 * Ledger rows of a user's wallet after `sinceVersion` plus the balance, in one statement (one snapshot), with
 * the same no-skip guarantee as creatorChangesSince. `limit = 0` reads only the balance and version.
 */
export async function walletChangesSince(
  db: Executor,
  userId: string,
  sinceVersion: number,
  limit = 500,
): Promise<WalletChanges> {
  const result = await db.raw<{
    rows: Array<Partial<WalletTransactionRow> & { space_version: number; balance_paise: number | null }>;
  }>(
    `with v as (
       select coalesce((select version from sync_spaces where space = ?), 0) as version,
              coalesce((select balance_paise from wallets where user_id = ?), 0) as balance_paise
     )
     select v.version as space_version, v.balance_paise, x.*
     from v left join lateral (
       select wt.* from wallet_transactions wt
       where wt.user_id = ? and wt.version > ? and wt.version <= v.version
       order by wt.version
       limit ?
     ) x on true`,
    [walletSpace(userId), userId, userId, sinceVersion, limit],
  );
  const head = result.rows[0];
  const spaceVersion = Number(head?.space_version ?? 0);
  const rows = result.rows
    .filter((r) => r.id != null)
    .map(({ space_version: _v, balance_paise: _b, ...r }) => r as WalletTransactionRow);
  const hasMore = rows.length >= limit && limit > 0;
  const last = rows[rows.length - 1];
  return {
    rows,
    balancePaise: Number(head?.balance_paise ?? 0),
    version: hasMore && last ? Number(last.version) : spaceVersion,
    hasMore,
  };
}
