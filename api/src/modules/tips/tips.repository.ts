import type { Executor } from '../../db/knex.ts';
import { LIMITS } from '@shabaash/shared';
import type { TipRecord } from '../../domain/tip.ts';
import { creatorSpace } from '../sync/spaces.ts';
import { tipFromRow, type TipRow } from './tips.row.ts';

export interface NewTip {
  creatorId: string;
  senderId: string | null;
  guestName: string | null;
  source: TipRecord['source'];
  amountPaise: number;
  message: string;
  paymentId?: string | null;
  orderId?: string | null;
  /** The payer added the platform fee ("I'll cover the fees"): recorded on the row, in the same transaction. */
  feesCovered?: boolean;
}

/**
 * A YouTube tip's original event (`youtube_events`) as the JSON presentTip reads (TipRecord.youtube); null for any other
 * tip (one primary-key read, for YouTube rows only). Every read that presents tips of `tips t` selects it.
 */
export const YOUTUBE_EVENT_COLUMN = `(case when t.source = 'youtube' then (
    select jsonb_build_object('kind', y.kind, 'amountMicros', y.amount_micros, 'currency', y.currency,
                              'displayAmount', y.display_amount, 'stickerAltText', y.sticker_alt_text,
                              'counted', y.counted)
      from youtube_events y where y.tip_id = t.id) end) as youtube`;

/** Columns of a tip with its sender, for presentTip. */
export const TIP_COLUMNS = [
  't.*',
  'u.name as sender_name',
  'u.profile_pic as sender_profile_pic',
  'u.phone as sender_phone',
  YOUTUBE_EVENT_COLUMN,
] as const;

/** TIP_COLUMNS as one select list, for raw SQL and `.select(db.raw(TIP_SELECT))`. */
export const TIP_SELECT = TIP_COLUMNS.join(', ');

/** The platform fee parameters `shabaash_insert_tip` takes (Starter free tier, Pro basis points). */
export const FEE_PARAMETERS = [LIMITS.starterFreeTierPaise, LIMITS.proFeeBasisPoints] as const;

/**
 * Inserts a tip inside the caller's transaction, in one statement (`shabaash_insert_tip`, the one implementation
 * of a tip landing): bumps the creator's lifetime gross (row lock), fixes the platform fee from the gross
 * before this tip, takes the next version of the creator's chat space, inserts the tip (unread unless told) and
 * returns it with its sender. Take it as late as possible in a transaction: a hot creator queues on this row.
 * Lock order everywhere: wallet row → wallet space → creator row → creator space.
 */
export async function insertTip(
  tx: Executor,
  tip: NewTip & { id?: string; status?: TipRecord['status'] },
): Promise<TipRecord> {
  const result = await tx.raw<{ rows: TipRow[] }>(
    `select ${TIP_SELECT}
     from shabaash_insert_tip(?::uuid, ?::uuid, ?::uuid, ?::text, ?::text, ?::bigint, ?::text, ?::text,
                              ?::text, ?::text, ?::bigint, ?::integer) as t
     left join users u on u.id = t.sender_id`,
    [
      tip.id ?? null,
      tip.creatorId,
      tip.senderId,
      tip.guestName,
      tip.source,
      tip.amountPaise,
      tip.message,
      tip.status ?? 'unread',
      tip.paymentId ?? null,
      tip.orderId ?? null,
      ...FEE_PARAMETERS,
    ],
  );
  const row = result.rows[0];
  if (!row) throw new Error('tip insert returned no row');
  if (tip.feesCovered) {
    await tx('tips').where({ id: row.id }).update({ fees_covered: true });
    row.fees_covered = true;
  }
  return tipFromRow(row);
}

/**
 * Marks a committed wallet tip as one whose sender covered the platform fee. Its own statement after the tip's
 * (the wallet tip is one set-based statement for a batch): the money is already right; only the mark would be
 * missing if the process died in between.
 */
export async function markTipFeesCovered(db: Executor, tipId: string): Promise<void> {
  await db('tips').where({ id: tipId }).update({ fees_covered: true });
}

/** One tip with its sender, or undefined (tombstones included; callers filter deleted_at). */
export async function findTipById(db: Executor, id: string): Promise<TipRecord | undefined> {
  const row = await db('tips as t')
    .leftJoin('users as u', 'u.id', 't.sender_id')
    .where('t.id', id)
    .first<TipRow | undefined>(db.raw(TIP_SELECT));
  return row && tipFromRow(row);
}

// ---------- reads and moderation (tips + chats) ----------

/** Escapes `\`, `%` and `_` so user text matches literally in `ILIKE ... ESCAPE '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A `tipsWithSender` query's tips as records: TIP_SELECT's columns through tipFromRow. */
async function selectTips(db: Executor, query: ReturnType<typeof tipsWithSender>): Promise<TipRecord[]> {
  return (await query.select<TipRow[]>(db.raw(TIP_SELECT))).map(tipFromRow);
}

function tipsWithSender(db: Executor) {
  return db('tips as t').leftJoin('users as u', 'u.id', 't.sender_id');
}

/**
 * What the overlay shows: a creator's pushed-live tips, most recently pushed live first (for a `read` tip,
 * updated_at is the moment it went live), so the overlay's "first tip" is the one on screen now.
 */
export async function liveTipsOfCreator(
  db: Executor,
  creatorId: string,
  limit: number,
): Promise<TipRecord[]> {
  return selectTips(
    db,
    tipsWithSender(db)
      // A tip held by "Pause alerts" is not on the overlay until Resume plays it.
      .where({ 't.creator_id': creatorId, 't.status': 'read', 't.held': false })
      .whereNull('t.deleted_at')
      .orderBy([
        { column: 't.updated_at', order: 'desc' },
        { column: 't.created_at', order: 'desc' },
      ])
      .limit(limit),
  );
}

/** The newest non-deleted tips of a creator (any status), newest first. */
export async function newestTipsOfCreator(
  db: Executor,
  creatorId: string,
  limit: number,
): Promise<TipRecord[]> {
  return selectTips(
    db,
    tipsWithSender(db)
      .where('t.creator_id', creatorId)
      .whereNull('t.deleted_at')
      .orderBy([
        { column: 't.created_at', order: 'desc' },
        { column: 't.id', order: 'desc' },
      ])
      .limit(limit),
  );
}

export interface ChatFilter {
  status?: 'unread' | 'read' | 'ignore' | undefined;
  search?: string | undefined;
  sort: 'updated' | 'amount';
  limit: number;
}

/**
 * The Chat Loader list of one creator: non-deleted tips; `ignore` only when asked for; search is a literal,
 * case-insensitive substring of the message, the sender's name or the guest name.
 */
export async function listChats(db: Executor, creatorId: string, filter: ChatFilter): Promise<TipRecord[]> {
  const query = tipsWithSender(db).where('t.creator_id', creatorId).whereNull('t.deleted_at');
  if (filter.status) query.where('t.status', filter.status);
  else query.whereNot('t.status', 'ignore');
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    query.where((q) =>
      q
        .whereRaw(`t.message ilike ? escape '\\'`, [pattern])
        .orWhereRaw(`u.name ilike ? escape '\\'`, [pattern])
        .orWhereRaw(`t.guest_name ilike ? escape '\\'`, [pattern]),
    );
  }
  query.orderBy(
    filter.sort === 'amount'
      ? [
          { column: 't.amount_paise', order: 'desc' },
          { column: 't.created_at', order: 'desc' },
          { column: 't.id', order: 'desc' },
        ]
      : [
          { column: 't.updated_at', order: 'desc' },
          { column: 't.id', order: 'desc' },
        ],
  );
  return selectTips(db, query.limit(filter.limit));
}

/** Locks a live (non-deleted) tip of this creator; undefined when it does not exist, is deleted or is not theirs. */
export async function lockCreatorTip(
  tx: Executor,
  creatorId: string,
  tipId: string,
): Promise<{ id: string; status: TipRecord['status'] } | undefined> {
  return tx('tips')
    .where({ id: tipId, creator_id: creatorId })
    .whereNull('deleted_at')
    .forUpdate()
    .first<{ id: string; status: TipRecord['status'] } | undefined>('id', 'status');
}

/**
 * Sets a tip's status at a new version (the caller bumped the creator space), naming the moderator who set it
 * (`byName`; null when the creator did, which clears an earlier moderator's name).
 */
export async function updateTipStatus(
  tx: Executor,
  tipId: string,
  status: TipRecord['status'],
  version: number,
  byName: string | null = null,
): Promise<void> {
  await tx('tips')
    .where({ id: tipId })
    .update({ status, version, status_by_name: byName, updated_at: tx.fn.now() });
}

/** Turns a tip into a tombstone at a new version: deleted_at set, message text cleared. */
export async function tombstoneTip(tx: Executor, tipId: string, version: number): Promise<void> {
  await tx('tips')
    .where({ id: tipId })
    .update({ deleted_at: tx.fn.now(), message: '', version, updated_at: tx.fn.now() });
}

/**
 * Tombstones up to `limit` live tips of one creator created before `before`, one version each, inside the
 * caller's transaction: locks the rows, bumps the creator space by their count in one statement and hands
 * them consecutive versions. Returns how many were cleared.
 */
export async function tombstoneTipsCreatedBefore(
  tx: Executor,
  creatorId: string,
  before: Date,
  limit: number,
): Promise<number> {
  const rows = await tx('tips')
    .where('creator_id', creatorId)
    .whereNull('deleted_at')
    .where('created_at', '<', before)
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .select<Array<{ id: string }>>('id');
  if (rows.length === 0) return 0;
  const bumped = await tx.raw<{ rows: Array<{ version: number }> }>(
    `insert into sync_spaces (space, version) values (?, ?)
     on conflict (space) do update set version = sync_spaces.version + excluded.version
     returning version`,
    [creatorSpace(creatorId), rows.length],
  );
  const top = Number(bumped.rows[0]?.version);
  const first = top - rows.length + 1;
  await tx.raw(
    `update tips t set deleted_at = now(), message = '', updated_at = now(), version = v.version
     from unnest(?::uuid[], ?::bigint[]) as v(id, version)
     where t.id = v.id`,
    [rows.map((r) => r.id), rows.map((_, i) => first + i)],
  );
  return rows.length;
}

/** Creators that have live tips created before `before` (candidates for the 24 h auto-clear). */
export async function creatorsWithTipsBefore(db: Executor, before: Date): Promise<string[]> {
  const rows = await db('tips')
    .whereNull('deleted_at')
    .where('created_at', '<', before)
    .distinct<Array<{ creator_id: string }>>('creator_id');
  return rows.map((r) => r.creator_id);
}

/** Every tip a creator ever received, tombstones included, oldest first (for the CSV export). */
export async function allTipsOfCreator(db: Executor, creatorId: string): Promise<TipRecord[]> {
  return selectTips(
    db,
    tipsWithSender(db)
      .where('t.creator_id', creatorId)
      .orderBy([
        { column: 't.created_at', order: 'asc' },
        { column: 't.id', order: 'asc' },
      ]),
  );
}

export interface CreatorTipTotals {
  count: number;
  grossPaise: number;
  feePaise: number;
  guestPayments: number;
  /** Super Chats and Super Stickers (no money moved through Shabaash): how many, and the paise they counted. */
  youtube: { count: number; countedPaise: number };
}

/**
 * Sums over every tip a creator ever received (tombstones included: deleting a chat does not undo money); YouTube
 * rows apart, as they moved no money.
 */
export async function creatorTipTotals(db: Executor, creatorId: string): Promise<CreatorTipTotals> {
  const row = await db('tips')
    .where({ creator_id: creatorId })
    .first<{ count: number; gross: number; fee: number; guest: number; yt: number; yt_paise: number }>(
      db.raw(`count(*) filter (where source <> 'youtube')::bigint as count`),
      db.raw(`coalesce(sum(amount_paise) filter (where source <> 'youtube'), 0)::bigint as gross`),
      db.raw(`coalesce(sum(fee_paise) filter (where source <> 'youtube'), 0)::bigint as fee`),
      db.raw(`count(*) filter (where source = 'guest')::bigint as guest`),
      db.raw(`count(*) filter (where source = 'youtube')::bigint as yt`),
      db.raw(`coalesce(sum(amount_paise) filter (where source = 'youtube'), 0)::bigint as yt_paise`),
    );
  return {
    count: Number(row.count),
    grossPaise: Number(row.gross),
    feePaise: Number(row.fee),
    guestPayments: Number(row.guest),
    youtube: { count: Number(row.yt), countedPaise: Number(row.yt_paise) },
  };
}

/**
 * Every paid tip this deployment ever landed (tombstones included: a deleted chat was still processed); YouTube Super
 * Chats were paid elsewhere and are not counted.
 */
export async function countAllTips(db: Executor): Promise<number> {
  const row = await db('tips')
    .whereNot({ source: 'youtube' })
    .first<{ count: number }>(db.raw('count(*)::bigint as count'));
  return Number(row.count);
}
