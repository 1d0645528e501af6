import { coalesced, type LoadMany } from '../../db/coalesce.ts';
import type { Executor } from '../../db/knex.ts';

// The space names are part of the contract (clients keep a cursor per space).
export { creatorSpace, payoutsSpace, walletSpace } from '@shabaash/shared';

/**
 * Takes the next version of a space inside the caller's transaction. The row lock orders commits, so a
 * reader asking for "everything after version N" never skips a row. Bump several spaces in sorted order.
 */
export async function bumpSpace(tx: Executor, space: string): Promise<number> {
  const result = await tx.raw<{ rows: Array<{ version: number }> }>(
    // The same function the tip and ledger functions use (migrations/20261122120000_create_tip_functions.ts).
    'select shabaash_bump_space(?) as version',
    [space],
  );
  const row = result.rows[0];
  if (!row) throw new Error(`could not bump space ${space}`);
  return Number(row.version);
}

/** Current version of a space (0 when it has never changed). */
export async function spaceVersion(db: Executor, space: string): Promise<number> {
  const row = await db('sync_spaces').where({ space }).first<{ version: number } | undefined>('version');
  return row ? Number(row.version) : 0;
}

/** Current versions of several spaces (0 for a space that has never changed), in one read. */
export async function spaceVersions(
  db: Executor,
  spaces: readonly string[],
): Promise<Record<string, number>> {
  const versions: Record<string, number> = Object.fromEntries(spaces.map((s) => [s, 0]));
  if (spaces.length === 0) return versions;
  const rows = await db('sync_spaces')
    .whereIn('space', spaces)
    .select<Array<{ space: string; version: number }>>('space', 'version');
  for (const row of rows) versions[row.space] = Number(row.version);
  return versions;
}

const versionsOf: LoadMany<number> = async (db, spaces) =>
  new Map(Object.entries(await spaceVersions(db, spaces)));

/**
 * Current versions of these spaces, read after the call (every commit that finished before it is counted);
 * concurrent calls (hellos, cached reads) share one round trip (db/coalesce.ts).
 */
export async function currentVersions(
  db: Executor,
  spaces: readonly string[],
): Promise<Record<string, number>> {
  const versions = await Promise.all(spaces.map((s) => coalesced(db, versionsOf, s)));
  return Object.fromEntries(spaces.map((s, i) => [s, versions[i] ?? 0]));
}
