import type { ReviewMode } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';
import { liveSessionSql, type SessionClaims } from '../sessions/sessions.service.ts';

/** A creator's safety settings (camelCase view of a `creator_safety` row). */
export interface SafetyRecord {
  creatorId: string;
  blockedTerms: string[];
  builtinEnabled: boolean;
  minTipPaise: number;
  maxMessageLength: number;
  reviewMode: ReviewMode;
  autoLiveMinPaise: number;
  /** Null when the creator never saved settings (the defaults apply). */
  updatedAt: Date | null;
}

interface SafetyRow {
  creator_id: string;
  blocked_terms: string[];
  builtin_enabled: boolean;
  min_tip_paise: number;
  max_message_length: number;
  review_mode: ReviewMode;
  auto_live_min_paise: number;
  updated_at: Date;
}

function toRecord(row: SafetyRow): SafetyRecord {
  return {
    creatorId: row.creator_id,
    blockedTerms: row.blocked_terms,
    builtinEnabled: row.builtin_enabled,
    minTipPaise: Number(row.min_tip_paise),
    maxMessageLength: row.max_message_length,
    reviewMode: row.review_mode,
    autoLiveMinPaise: Number(row.auto_live_min_paise),
    updatedAt: row.updated_at,
  };
}

/** The stored settings of a creator, or null when there is no row yet. */
export async function findSafety(db: Executor, creatorId: string): Promise<SafetyRecord | null> {
  const row = await db('creator_safety').where({ creator_id: creatorId }).first<SafetyRow | undefined>();
  return row ? toRecord(row) : null;
}

/** Inserts or replaces a creator's settings row and returns it. */
export async function upsertSafety(
  db: Executor,
  record: Omit<SafetyRecord, 'updatedAt'>,
): Promise<SafetyRecord> {
  const values = {
    creator_id: record.creatorId,
    blocked_terms: record.blockedTerms,
    builtin_enabled: record.builtinEnabled,
    min_tip_paise: record.minTipPaise,
    max_message_length: record.maxMessageLength,
    review_mode: record.reviewMode,
    auto_live_min_paise: record.autoLiveMinPaise,
    updated_at: db.raw('clock_timestamp()'),
  };
  const [row] = await db('creator_safety')
    .insert(values)
    .onConflict('creator_id')
    .merge()
    .returning<SafetyRow[]>('*');
  if (!row) throw new Error('creator_safety upsert returned no row');
  return toRecord(row);
}

/** A blocked sender with the blocked user's name when it is a user. */
export interface BlockedSenderRecord {
  id: string;
  userId: string | null;
  name: string | null;
  phone: string | null;
  createdAt: Date;
}

interface BlockedSenderRow {
  id: string;
  user_id: string | null;
  name: string | null;
  phone: string | null;
  created_at: Date;
}

const toBlocked = (row: BlockedSenderRow): BlockedSenderRecord => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  phone: row.phone,
  createdAt: row.created_at,
});

function blockedWithNames(db: Executor) {
  return db('blocked_senders as b')
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .select<BlockedSenderRow[]>('b.id', 'b.user_id', 'u.name', 'b.phone', 'b.created_at');
}

/** A creator's blocked senders, newest first. */
export async function listBlockedSenders(db: Executor, creatorId: string): Promise<BlockedSenderRecord[]> {
  const rows = await blockedWithNames(db).where('b.creator_id', creatorId).orderBy('b.created_at', 'desc');
  return rows.map(toBlocked);
}

/** Blocks a user or a phone for a creator; blocking twice returns the existing entry. */
export async function insertBlockedSender(
  db: Executor,
  input: { creatorId: string; userId: string | null; phone: string | null },
): Promise<BlockedSenderRecord> {
  const target = input.userId !== null ? 'user_id' : 'phone';
  await db('blocked_senders')
    .insert({ creator_id: input.creatorId, user_id: input.userId, phone: input.phone })
    .onConflict(['creator_id', target])
    .ignore();
  const row = await blockedWithNames(db)
    .where('b.creator_id', input.creatorId)
    .where(`b.${target}`, input.userId ?? input.phone)
    .first();
  if (!row) throw new Error('blocked sender insert returned no row');
  return toBlocked(row);
}

/** Removes one blocked sender of this creator; returns whether a row was removed. */
export async function deleteBlockedSender(db: Executor, creatorId: string, id: string): Promise<boolean> {
  const count = await db('blocked_senders').where({ creator_id: creatorId, id }).delete();
  return count > 0;
}

/** The sender account of one of the creator's tips (null sender for guest tips); undefined when no such tip. */
export async function findTipSender(
  db: Executor,
  creatorId: string,
  tipId: string,
): Promise<{ senderId: string | null } | undefined> {
  const row = await db('tips')
    .where({ id: tipId, creator_id: creatorId })
    .whereNull('deleted_at')
    .first<{ sender_id: string | null } | undefined>('sender_id');
  return row ? { senderId: row.sender_id } : undefined;
}

/** Queued (unread, not deleted) tips of a creator that carry a message, optionally limited to some ids. */
export async function listQueuedMessages(
  db: Executor,
  creatorId: string,
  ids?: readonly string[],
): Promise<Array<{ id: string; message: string }>> {
  const q = db('tips')
    .where({ creator_id: creatorId, status: 'unread' })
    .whereNull('deleted_at')
    .whereNot('message', '')
    .orderBy('created_at', 'asc')
    .select<Array<{ id: string; message: string }>>('id', 'message');
  if (ids) q.whereIn('id', ids);
  return q;
}

/** What a tip check needs of a creator, read in one query (see findTipSafety). */
export interface TipSafetyRecord {
  creatorId: string;
  creatorDisplayName: string;
  /** Null when the creator never saved settings (the defaults apply). */
  settings: SafetyRecord | null;
  senderBlocked: boolean;
  /** Only looked up when it can matter: auto-live mode, a signed-in sender, an amount at or above the minimum. */
  pushedLiveBefore: boolean;
}

type TipSafetyRow = { [K in keyof Omit<SafetyRow, 'creator_id'>]: SafetyRow[K] | null } & {
  /** Null when no creator matched (the query always answers one row, for the session check). */
  user_id: string | null;
  display_name: string;
  has_settings: boolean;
  sender_blocked: boolean;
  pushed_live_before: boolean;
};

/**
 * In ONE query: the creator (by id, or by handle, case-insensitive), their safety settings, whether the sender
 * (user, that user's phone, or a phone) is blocked, and whether this creator pushed one of the sender's tips
 * live before; with `session`, also whether that session row is live (checked even when the creator is
 * unknown). `record` is null when there is no such creator.
 */
export async function findTipSafety(
  db: Executor,
  creator: { creatorId: string } | { handle: string },
  tip: { senderUserId: string | null; senderPhone: string | null; amountPaise: number },
  session?: SessionClaims,
): Promise<{ sessionLive: boolean; record: TipSafetyRecord | null }> {
  const [where, key] =
    'creatorId' in creator
      ? ['c.user_id = ?', creator.creatorId]
      : ['c.handle = ?', creator.handle.trim().toLowerCase()];
  const sessionLive = session ? `exists(select 1 from sessions ss where ${liveSessionSql('ss')})` : 'true';
  const result = await db.raw<{ rows: Array<TipSafetyRow & { session_live: boolean }> }>(
    `select ${sessionLive} as session_live, c.user_id, c.display_name, s.blocked_terms, s.builtin_enabled, s.min_tip_paise, s.max_message_length,
            s.review_mode, s.auto_live_min_paise, s.updated_at, s.creator_id is not null as has_settings,
            exists(select 1 from blocked_senders b
                   where b.creator_id = c.user_id
                     and (b.user_id = ?::uuid
                          or b.phone in (select phone from users where id = ?::uuid)
                          or b.phone = ?::text)) as sender_blocked,
            case when s.review_mode = 'auto_live_trusted' and ?::uuid is not null
                      and ?::bigint >= s.auto_live_min_paise
                 then exists(select 1 from tips t
                             where t.creator_id = c.user_id and t.sender_id = ?::uuid
                               and t.status = 'read' and t.deleted_at is null)
                 else false end as pushed_live_before
     from (select 1) as one
       left join creators c on ${where}
       left join creator_safety s on s.creator_id = c.user_id`,
    [
      ...(session ? [session.sessionId, session.userId] : []),
      tip.senderUserId,
      tip.senderUserId,
      tip.senderPhone,
      tip.senderUserId,
      tip.amountPaise,
      tip.senderUserId,
      key,
    ],
  );
  const row = result.rows[0];
  if (!row) throw new Error('the tip safety query returned no row');
  if (row.user_id === null) return { sessionLive: row.session_live, record: null };
  const record: TipSafetyRecord = {
    creatorId: row.user_id,
    creatorDisplayName: row.display_name,
    settings: row.has_settings
      ? toRecord({
          creator_id: row.user_id,
          blocked_terms: row.blocked_terms ?? [],
          builtin_enabled: row.builtin_enabled ?? true,
          min_tip_paise: Number(row.min_tip_paise),
          max_message_length: Number(row.max_message_length),
          review_mode: row.review_mode ?? 'queue_all',
          auto_live_min_paise: Number(row.auto_live_min_paise),
          updated_at: row.updated_at ?? new Date(0),
        })
      : null,
    senderBlocked: row.sender_blocked,
    pushedLiveBefore: row.pushed_live_before,
  };
  return { sessionLive: row.session_live, record };
}

/** True when a user with this id exists. */
export async function userExists(db: Executor, userId: string): Promise<boolean> {
  const row = await db('users').where({ id: userId }).first<{ id: string } | undefined>('id');
  return row !== undefined;
}
