import { LIMITS, type Role } from '@shabaash/shared';
import { coalesced, uuidPairOf, type LoadMany } from '../../db/coalesce.ts';
import type { Executor } from '../../db/knex.ts';
import type { TipRecord } from '../../domain/tip.ts';
import type { SessionClaims } from '../../http/auth.ts';
import { handleKey } from '../creators/creators.repository.ts';
import { sessionKey } from '../sessions/sessions.repository.ts';
import { TIP_SELECT } from './tips.repository.ts';
import { tipFromRow, type TipRow } from './tips.row.ts';

/** The creator a recent-tips read is about, as the read needs it, with its space version read in the same statement. */
export interface ReadCreator {
  userId: string;
  /** The creator's account was deleted (the read answers 410). */
  deleted: boolean;
  /** The current version of `creator:<userId>` (0 when it never changed). */
  spaceVersion: number;
}

/** What one `GET /tips/recent` needs from the database: whether its session is live, and the creator. */
export interface RecentReader {
  /** The session's user's role; null when the session is revoked, expired or unknown. */
  role: Role | null;
  /** null when no creator has the handle. */
  creator: ReadCreator | null;
}

/**
 * The live sessions and the creators (by handle, with their space's CURRENT version) of many reads, in ONE
 * statement: the many-key form of sessions.repository.ts#liveSessionRoles and
 * creators.repository.ts#findCreatorWithVersion together, so a read waits for one round trip and concurrent reads
 * share it (db/coalesce.ts). Keys are `<sessionKey>|<handle key>`.
 */
const recentReaders: LoadMany<RecentReader> = async (db, keys) => {
  const sessions = new Map<string, [string, string]>();
  const handles = new Set<string>();
  for (const key of keys) {
    const bar = key.indexOf('|');
    const session = uuidPairOf(key.slice(0, bar));
    if (session) sessions.set(session.join(':'), session);
    handles.add(key.slice(bar + 1));
  }
  const pairs = [...sessions.values()];
  const result = await db
    .raw<{
      rows: Array<{
        key: string;
        role: Role | null;
        creator_id: string | null;
        deleted: boolean;
        version: number;
      }>;
    }>(
      `select s.id::text || ':' || s.user_id::text as key, u.role, null::text as creator_id, false as deleted,
            0::bigint as version
       from unnest(?::uuid[], ?::uuid[]) as k(sid, uid)
       join sessions s on s.id = k.sid and s.user_id = k.uid and s.revoked_at is null and s.expires_at > now()
       join users u on u.id = s.user_id
     union all
     select '|' || c.handle, null, c.user_id::text, c.deleted_at is not null, coalesce(v.version, 0)
       from creators c
       left join sync_spaces v on v.space = 'creator:' || c.user_id::text
      where c.handle = any(?::text[])`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1]), [...handles]] as unknown as readonly string[], // JS arrays → PostgreSQL arrays
      // Named: prepared once per connection, so PostgreSQL neither parses nor plans it again (about half its CPU).
      // Its columns are listed (no `*`), so a migration adding columns cannot change its result type.
    )
    .options({ name: 'recent_readers' });
  const roles = new Map<string, Role>();
  const creators = new Map<string, ReadCreator>();
  for (const row of result.rows) {
    if (row.creator_id === null) roles.set(row.key, row.role!);
    else
      creators.set(row.key.slice(1), {
        userId: row.creator_id,
        deleted: row.deleted,
        spaceVersion: Number(row.version),
      });
  }
  const found = new Map<string, RecentReader>();
  for (const key of keys) {
    const bar = key.indexOf('|');
    found.set(key, {
      role: roles.get(key.slice(0, bar)) ?? null,
      creator: creators.get(key.slice(bar + 1)) ?? null,
    });
  }
  return found;
};

/** The session's role (null when not live) and the creator with this handle, with its space version: one round trip. */
export async function findRecentReader(
  db: Executor,
  claims: SessionClaims,
  handle: string,
): Promise<RecentReader> {
  return (
    (await coalesced(db, recentReaders, `${sessionKey(claims)}|${handleKey(handle)}`)) ?? {
      role: null,
      creator: null,
    }
  );
}

/**
 * What viewers read of creators (`<creatorId>:<viewerId>` keys): for each, the creator's pushed-live (`read`) tips
 * plus the viewer's own tips to that creator, newest first, at most LIMITS.recentTipsKept; in ONE statement for
 * every viewer whose read missed the cache at once (db/coalesce.ts), as they all do when a tip goes live. Each
 * key's tips are the per-viewer query's: two index-backed candidate lists (live tips; the viewer's own), merged,
 * no scan of the unread queue. Not a named statement: it selects `t.*`, whose shape a migration may change.
 */
const recentTipsOfViewers: LoadMany<TipRecord[]> = async (db, keys) => {
  const pairs = keys.map(uuidPairOf).filter((pair) => pair !== null);
  const limit = LIMITS.recentTipsKept;
  const result = await db.raw<{ rows: Array<TipRow & { read_key: string }> }>(
    `select k.cid::text || ':' || k.vid::text as read_key, ${TIP_SELECT}
       from unnest(?::uuid[], ?::uuid[]) as k(cid, vid)
       cross join lateral (
         select tips.* from tips
          where tips.id in (
                  (select id from tips where creator_id = k.cid and status = 'read' and deleted_at is null
                    order by created_at desc, id desc limit ?)
                  union
                  (select id from tips where sender_id = k.vid and creator_id = k.cid and deleted_at is null
                    order by created_at desc, id desc limit ?))
          order by tips.created_at desc, tips.id desc
          limit ?) as t
       left join users u on u.id = t.sender_id
      order by read_key, t.created_at desc, t.id desc`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1]), limit, limit, limit] as unknown as readonly string[],
  );
  const found = new Map<string, TipRecord[]>(keys.map((key) => [key, []]));
  for (const row of result.rows) found.get(row.read_key)?.push(tipFromRow(row));
  return found;
};

/** The tips `viewerId` reads of `creatorId` (GET /tips/recent), newest first; concurrent reads share the statement. */
export async function recentTipsForViewer(
  db: Executor,
  creatorId: string,
  viewerId: string,
): Promise<TipRecord[]> {
  return (await coalesced(db, recentTipsOfViewers, `${creatorId}:${viewerId}`.toLowerCase())) ?? [];
}
