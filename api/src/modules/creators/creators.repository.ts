import type { Knex } from 'knex';
import { MESSAGES } from '@shabaash/shared';
import type { Config } from '../../config.ts';
import { coalesced, type LoadMany } from '../../db/coalesce.ts';
import type { Executor } from '../../db/knex.ts';
import { AppError } from '../../http/errors.ts';
import { creatorSpace, currentVersions } from '../sync/spaces.ts';

/** A creator profile (camelCase view of a `creators` row). */
export interface CreatorRecord {
  userId: string;
  handle: string;
  displayName: string;
  overlayKey: string;
  overlayTheme: string;
  font: string;
  color: string;
  sound: string;
  lifetimeGrossPaise: number;
  createdAt: Date;
  /** When the creator's account was deleted: the handle stays reserved and refuses money. */
  deletedAt: Date | null;
  /** When an operator suspended the creator (null when not): no tips or orders, overlay and widgets dark. */
  suspendedAt: Date | null;
}

/** The columns of a `creators` row, aliased to the fields of a CreatorRecord. */
const CREATOR_COLUMNS = [
  'user_id as userId',
  'handle',
  'display_name as displayName',
  'overlay_key as overlayKey',
  'overlay_theme as overlayTheme',
  'font',
  'color',
  'sound',
  'lifetime_gross_paise as lifetimeGrossPaise',
  'created_at as createdAt',
  'deleted_at as deletedAt',
  'suspended_at as suspendedAt',
];

/** The first creator matching `where` (in `order`, when given), or null. */
async function findCreator(
  db: Executor,
  where: Record<string, string | null>,
  order: Array<{ column: string }> = [],
): Promise<CreatorRecord | null> {
  const row = await db('creators')
    .where(where)
    .orderBy(order)
    .first<CreatorRecord | undefined>(CREATOR_COLUMNS);
  return row ?? null;
}

/** A handle as stored and looked up: trimmed, lower-case (lookups are case-insensitive). */
export function handleKey(handle: string): string {
  return handle.trim().toLowerCase();
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Creators by one unique column, many keys in one read (for db/coalesce.ts: concurrent lookups share it). */
function creatorsBy(
  column: 'handle' | 'overlay_key' | 'user_id',
  keyOf: (c: CreatorRecord) => string,
): LoadMany<CreatorRecord> {
  return async (db, keys) => {
    const wanted = column === 'user_id' ? keys.filter((k) => UUID_RE.test(k)) : keys;
    const found = new Map<string, CreatorRecord>();
    if (wanted.length === 0) return found;
    const rows = await db('creators')
      .whereIn(column, wanted)
      .modify(liveOverlayKeysOnly(column))
      .select<CreatorRecord[]>(CREATOR_COLUMNS);
    for (const row of rows) found.set(keyOf(row), row);
    return found;
  };
}
/** A deleted creator's overlay key opens nothing (its widgets and overlay sockets are refused too). */
const liveOverlayKeysOnly =
  (column: string, prefix = '') =>
  (q: Knex.QueryBuilder) => {
    if (column === 'overlay_key') void q.whereNull(`${prefix}deleted_at`);
  };

const creatorsByHandle = creatorsBy('handle', (c) => c.handle);
const creatorsByOverlayKey = creatorsBy('overlay_key', (c) => c.overlayKey);
const creatorsByUserId = creatorsBy('user_id', (c) => c.userId);

/** The creator with this handle (case-insensitive; handles are stored lower-case), or null; deleted ones too. */
export function findCreatorByHandle(db: Executor, handle: string): Promise<CreatorRecord | null> {
  return coalesced(db, creatorsByHandle, handleKey(handle));
}

/** The creator whose overlay key this is, or null for an unknown key. */
export function findCreatorByOverlayKey(db: Executor, overlayKey: string): Promise<CreatorRecord | null> {
  return coalesced(db, creatorsByOverlayKey, overlayKey);
}

/** A creator with the version of its creator space, read in the same statement. */
export interface VersionedCreator {
  creator: CreatorRecord;
  /** The current version of `creator:<userId>` (0 when it never changed), read after the call. */
  spaceVersion: number;
}

/**
 * Creators by one unique column with their creator space's version, in one read shared by concurrent lookups
 * (db/coalesce.ts). Overlay hellos come in storms (a deploy reconnects every overlay at once) and public reads
 * are served from the read cache at that version (sync/readCache.ts): the lookup and the version are one round
 * trip, not two.
 */
function versionedCreatorsBy(
  column: 'handle' | 'overlay_key',
  keyOf: (c: CreatorRecord) => string,
): LoadMany<VersionedCreator> {
  return async (db, keys) => {
    const rows = await db('creators as c')
      .leftJoin('sync_spaces as s', 's.space', db.raw("'creator:' || c.user_id::text"))
      .whereIn(`c.${column}`, keys)
      .modify(liveOverlayKeysOnly(column, 'c.'))
      .select<Array<CreatorRecord & { spaceVersion: string | number | null }>>([
        ...CREATOR_COLUMNS.map((c) => `c.${c}`),
        's.version as spaceVersion',
      ]);
    const found = new Map<string, VersionedCreator>();
    for (const { spaceVersion, ...creator } of rows)
      found.set(keyOf(creator), { creator, spaceVersion: Number(spaceVersion ?? 0) });
    return found;
  };
}
const overlayCreators = versionedCreatorsBy('overlay_key', (c) => c.overlayKey);
const handleCreators = versionedCreatorsBy('handle', (c) => c.handle);

/** The creator whose overlay key this is, with its creator space's current version; null for an unknown key. */
export function findOverlayCreator(db: Executor, overlayKey: string): Promise<VersionedCreator | null> {
  return coalesced(db, overlayCreators, overlayKey);
}

/** The creator with this handle (case-insensitive), with its creator space's current version; null when none. */
export function findCreatorWithVersion(db: Executor, handle: string): Promise<VersionedCreator | null> {
  return coalesced(db, handleCreators, handleKey(handle));
}

/** Saves a creator's overlay settings; returns the updated creator, or null when there is none. */
export async function updateCreatorOverlaySettings(
  db: Executor,
  userId: string,
  settings: { overlayTheme: string; font: string; color: string; sound: string },
): Promise<CreatorRecord | null> {
  const [row] = await db('creators')
    .where({ user_id: userId })
    .update({
      overlay_theme: settings.overlayTheme,
      font: settings.font,
      color: settings.color,
      sound: settings.sound,
      updated_at: db.fn.now(),
    })
    .returning<CreatorRecord[]>(CREATOR_COLUMNS);
  return row ?? null;
}

/** The creator profile of a user, or null. */
export function findCreatorByUserId(db: Executor, userId: string): Promise<CreatorRecord | null> {
  return coalesced(db, creatorsByUserId, userId.toLowerCase());
}

/** The platform's default creator: DEFAULT_CREATOR's handle if it exists, else the oldest creator; null if none. */
export async function findDefaultCreator(
  db: Executor,
  config: Pick<Config, 'DEFAULT_CREATOR'>,
): Promise<CreatorRecord | null> {
  if (config.DEFAULT_CREATOR) {
    const configured = await findCreatorByHandle(db, config.DEFAULT_CREATOR);
    if (configured) return configured;
  }
  return coalesced(db, oldestCreator, 'oldest');
}

/** The oldest creator (ties by handle): every viewer hello without a creator asks, so concurrent ones share it. */
const oldestCreator: LoadMany<CreatorRecord> = async (db) => {
  const row = await findCreator(db, { deleted_at: null }, [{ column: 'created_at' }, { column: 'handle' }]);
  return new Map(row ? [['oldest', row]] : []);
};

/**
 * resolveCreator with the creator space's current version read from the database after the creator (one round
 * trip for a handle): for reads served from the read cache at that version.
 */
export async function resolveVersionedCreator(
  db: Executor,
  config: Pick<Config, 'DEFAULT_CREATOR'>,
  handle?: string | null,
): Promise<VersionedCreator> {
  if (handle) {
    return usableCreator(
      await findCreatorWithVersion(db, handle),
      (found) => found.creator.deletedAt !== null,
    );
  }
  const creator = await resolveCreator(db, config);
  const space = creatorSpace(creator.userId);
  return { creator, spaceVersion: (await currentVersions(db, [space]))[space] ?? 0 };
}

/** The refusal of a suspended creator's tips and orders (403 CREATOR_SUSPENDED, neutral words). */
export const creatorSuspended = () => new AppError('CREATOR_SUSPENDED', MESSAGES.creatorSuspended);

/** The refusal of a deleted creator's handle (410 GONE): it takes no tips, orders or overlay reads. */
export const creatorDeleted = () => new AppError('GONE', MESSAGES.creatorDeleted);

/**
 * The creator a read by handle found, refused as every such read refuses it: 404 (MESSAGES.creatorNotFound) when
 * there is none (`found` null), 410 (creatorDeleted) when `isDeleted` says it was deleted.
 */
export function usableCreator<T>(found: T | null | undefined, isDeleted: (found: T) => boolean): T {
  if (!found) throw new AppError('NOT_FOUND', MESSAGES.creatorNotFound);
  if (isDeleted(found)) throw creatorDeleted();
  return found;
}

/**
 * The creator a request is about: the given handle, or the default creator when none is given.
 * Throws 404 with MESSAGES.creatorNotFound when there is no such creator, 410 (creatorDeleted) when it was deleted.
 */
export async function resolveCreator(
  db: Executor,
  config: Pick<Config, 'DEFAULT_CREATOR'>,
  handle?: string | null,
): Promise<CreatorRecord> {
  const creator = handle ? await findCreatorByHandle(db, handle) : await findDefaultCreator(db, config);
  return usableCreator(creator, (found) => found.deletedAt !== null);
}

/** Inserts a creator profile with default overlay settings; duplicate handle or user raises 23505. */
export async function insertCreator(
  db: Executor,
  input: { userId: string; handle: string; displayName: string; overlayKey: string },
): Promise<void> {
  await db('creators').insert({
    user_id: input.userId,
    handle: input.handle,
    display_name: input.displayName,
    overlay_key: input.overlayKey,
  });
}
