import type { Executor } from '../../db/knex.ts';

/** Stores an uploaded tier sound and its audit row in the caller's transaction; returns its id. */
export async function insertTierSound(
  tx: Executor,
  creatorId: string,
  sound: { contentType: string; bytes: Buffer; sha256: string },
): Promise<string> {
  const [row] = await tx('tier_sounds')
    .insert({ creator_id: creatorId, content_type: sound.contentType, bytes: sound.bytes })
    .returning<Array<{ id: string }>>('id');
  if (!row) throw new Error('tier sound insert returned no row');
  await tx('tier_sound_audit').insert({
    creator_id: creatorId,
    sound_id: row.id,
    action: 'uploaded',
    size_bytes: sound.bytes.length,
    sha256: sound.sha256,
  });
  return row.id;
}

/** How many uploads the creator keeps. */
export async function countTierSounds(db: Executor, creatorId: string): Promise<number> {
  const row = await db('tier_sounds')
    .where({ creator_id: creatorId })
    .count<{ count: string }>('* as count')
    .first();
  return Number(row?.count ?? 0);
}

/** Which of `ids` are the creator's own uploads. */
export async function ownTierSoundIds(db: Executor, creatorId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db('tier_sounds')
    .where({ creator_id: creatorId })
    .whereIn('id', ids)
    .select<Array<{ id: string }>>('id');
  return rows.map((r) => r.id);
}

/** Deletes the creator's uploads other than `keep`, each with a `deleted` audit row; returns how many went. */
export async function deleteTierSoundsExcept(
  tx: Executor,
  creatorId: string,
  keep: string[],
): Promise<number> {
  const result = await tx.raw<{ rowCount: number }>(
    `with gone as (
       delete from tier_sounds where creator_id = ? and not (id = any(?::uuid[]))
       returning id, length(bytes) as size_bytes, encode(sha256(bytes), 'hex') as sha256
     )
     insert into tier_sound_audit (creator_id, sound_id, action, size_bytes, sha256)
     select ?, id, 'deleted', size_bytes, sha256 from gone`,
    [creatorId, keep, creatorId],
  );
  return result.rowCount;
}

/** An upload's bytes and type, or undefined. */
export async function findTierSound(
  db: Executor,
  id: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const row = await db('tier_sounds')
    .where({ id })
    .first<{ content_type: string; bytes: Buffer } | undefined>('content_type', 'bytes');
  return row ? { contentType: row.content_type, bytes: row.bytes } : undefined;
}
