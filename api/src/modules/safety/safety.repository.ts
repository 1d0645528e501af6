import type { ReviewMode } from '@shabaash/shared';
import { handleKey } from '../creators/creators.repository.ts';
import type { Executor } from '../../db/knex.ts';

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

/** A blocked sender with the blocked user's name when it is a user, or the masked label of a guest payer. */
export interface BlockedSenderRecord {
  id: string;
  userId: string | null;
  name: string | null;
  phone: string | null;
  /** A blocked guest payer (by keyed hashes of what their payments carried), masked; null otherwise. */
  guestLabel: string | null;
  createdAt: Date;
}

interface BlockedSenderRow {
  id: string;
  user_id: string | null;
  name: string | null;
  phone: string | null;
  guest_label: string | null;
  created_at: Date;
}

const toBlocked = (row: BlockedSenderRow): BlockedSenderRecord => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  phone: row.phone,
  guestLabel: row.guest_label,
  createdAt: row.created_at,
});

function blockedWithNames(db: Executor) {
  return db('blocked_senders as b')
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .select<BlockedSenderRow[]>('b.id', 'b.user_id', 'u.name', 'b.phone', 'b.guest_label', 'b.created_at');
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

/**
 * Blocks a guest payer by the keys of one of their tips. A guest already blocked by any of these keys gains the
 * others (one entry per guest, however many ways they paid); returns the entry.
 */
export async function insertBlockedGuest(
  db: Executor,
  input: { creatorId: string; payerKeys: string[]; label: string },
): Promise<BlockedSenderRecord> {
  const result = await db.raw<{ rows: Array<{ id: string }> }>(
    `with existing as (
       update blocked_senders
          set payer_keys = (select array_agg(distinct k) from unnest(payer_keys || ?::text[]) k)
        where id = (select id from blocked_senders
                    where creator_id = ?::uuid and payer_keys && ?::text[]
                    order by created_at limit 1)
        returning id
     ), inserted as (
       insert into blocked_senders (creator_id, payer_keys, guest_label)
       select ?::uuid, ?::text[], ? where not exists (select 1 from existing)
       returning id
     )
     select id from existing union all select id from inserted`,
    [input.payerKeys, input.creatorId, input.payerKeys, input.creatorId, input.payerKeys, input.label],
  );
  const id = result.rows[0]?.id;
  const row = id ? await blockedWithNames(db).where('b.id', id).first() : undefined;
  if (!row) throw new Error('blocked guest insert returned no row');
  return toBlocked(row);
}

/** True when any of these payer keys is blocked by this creator. */
export async function isGuestPayerBlocked(
  db: Executor,
  creatorId: string,
  payerKeys: readonly string[],
): Promise<boolean> {
  if (payerKeys.length === 0) return false;
  const row = await db('blocked_senders')
    .where({ creator_id: creatorId })
    .whereRaw('payer_keys && ?::text[]', [[...payerKeys]])
    .first<{ id: string } | undefined>('id');
  return row !== undefined;
}

/**
 * True when this signed-in viewer may not tip this creator: the creator blocked the account or its phone number (as
 * a wallet tip checks), or an operator banned the account.
 */
export async function isViewerRefused(db: Executor, creatorId: string, userId: string): Promise<boolean> {
  const row = await db('users as u')
    .where('u.id', userId)
    .where((refused) =>
      refused.whereNotNull('u.banned_at').orWhereExists((blocked) =>
        blocked
          .select(db.raw('1'))
          .from('blocked_senders as b')
          .where('b.creator_id', creatorId)
          .where((who) => who.whereRaw('b.user_id = u.id').orWhereRaw('b.phone = u.phone')),
      ),
    )
    .first<{ id: string } | undefined>('u.id');
  return row !== undefined;
}

/** The payer keys and masked label of one of the creator's guest tips; undefined when none were recorded. */
export async function findTipPayer(
  db: Executor,
  creatorId: string,
  tipId: string,
): Promise<{ payerKeys: string[]; label: string } | undefined> {
  const row = await db('tip_payers as p')
    .join('tips as t', 't.id', 'p.tip_id')
    .where({ 'p.tip_id': tipId, 't.creator_id': creatorId })
    .first<{ payer_keys: string[]; label: string } | undefined>('p.payer_keys', 'p.label');
  return row && row.payer_keys.length > 0 ? { payerKeys: row.payer_keys, label: row.label } : undefined;
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

/** Queued (unread, not deleted) tips of a creator with their message and shown name, optionally limited to some ids. */
export async function listQueuedMessages(
  db: Executor,
  creatorId: string,
  ids?: readonly string[],
): Promise<Array<{ id: string; message: string; name: string | null }>> {
  const q = db('tips as t')
    .leftJoin('users as u', 'u.id', 't.sender_id')
    .where({ 't.creator_id': creatorId, 't.status': 'unread' })
    .whereNull('t.deleted_at')
    .orderBy('t.created_at', 'asc')
    .select<Array<{ id: string; message: string; name: string | null }>>(
      't.id',
      't.message',
      db.raw(`coalesce(nullif(u.name, ''), t.guest_name) as name`),
    );
  if (ids) q.whereIn('t.id', ids);
  return q;
}

/** A creator as a wallet tip decides with it (see tipContext.ts): identity and safety settings, one query. */
export interface TipContextRecord {
  creatorId: string;
  handle: string;
  displayName: string;
  /** Null when the creator never saved settings (the defaults apply). */
  settings: SafetyRecord | null;
  /** `creator_safety.updated_at` as PostgreSQL's text (microseconds kept), null without settings. */
  settingsUpdatedAt: string | null;
  /** The creator's account was deleted: the handle refuses tips. */
  deleted: boolean;
  /** An operator suspended the creator: tips are refused (the tip statement checks it again, SH423). */
  suspended: boolean;
}

/** The creator (by id, or by handle, case-insensitive) with its safety settings; null when there is none. */
export async function findTipContext(
  db: Executor,
  creator: { creatorId: string } | { handle: string },
): Promise<TipContextRecord | null> {
  const [column, key] =
    'creatorId' in creator ? ['c.user_id', creator.creatorId] : ['c.handle', handleKey(creator.handle)];
  const row = await db('creators as c')
    .leftJoin('creator_safety as s', 's.creator_id', 'c.user_id')
    .where(column, key)
    .first<
      | (Omit<SafetyRow, 'creator_id'> & {
          creator_id: string | null;
          user_id: string;
          handle: string;
          display_name: string;
          settings_updated_at: string | null;
          deleted_at: Date | null;
          suspended_at: Date | null;
        })
      | undefined
    >(
      'c.user_id',
      'c.handle',
      'c.display_name',
      'c.deleted_at',
      'c.suspended_at',
      's.creator_id',
      's.blocked_terms',
      's.builtin_enabled',
      's.min_tip_paise',
      's.max_message_length',
      's.review_mode',
      's.auto_live_min_paise',
      's.updated_at',
      db.raw('s.updated_at::text as settings_updated_at'),
    );
  if (!row) return null;
  return {
    creatorId: row.user_id,
    handle: row.handle,
    displayName: row.display_name,
    settings: row.creator_id === null ? null : toRecord({ ...row, creator_id: row.creator_id }),
    settingsUpdatedAt: row.settings_updated_at,
    deleted: row.deleted_at !== null,
    suspended: row.suspended_at !== null,
  };
}

/** True when this user ever tipped this creator (the only people a creator can block by id). */
export async function hasTippedCreator(db: Executor, creatorId: string, userId: string): Promise<boolean> {
  // Tombstoned tips count too: a troll stays blockable after the 24 h chat clear.
  const row = await db('tips')
    .where({ creator_id: creatorId, sender_id: userId })
    .first<{ id: string } | undefined>('id');
  return row !== undefined;
}
