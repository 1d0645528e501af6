import { createHash } from 'node:crypto';
import { LIMITS, MESSAGES, apiUrl, uploadedTierSounds, type ShowTier } from '@shabaash/shared';
import type { Db, Executor } from '../../db/knex.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { countTierSoundUpload } from '../../metrics/tierSounds.ts';
import { validateTierSound } from './tierSoundFile.ts';
import {
  countTierSounds,
  deleteTierSoundsExcept,
  findTierSound,
  insertTierSound,
  ownTierSoundIds,
} from './tierSounds.repository.ts';

/**
 * Stores a creator's uploaded tier sound once its bytes prove it an MP3 or OGG of at most the size cap; returns the
 * value a tier's `sound` takes and its URL. It stays only if a saved tier uses it (saveTierSoundUse).
 */
export async function uploadTierSound(db: Db, creatorId: string, dataString: string) {
  let file: ReturnType<typeof validateTierSound>;
  try {
    file = validateTierSound(dataString);
  } catch (error) {
    const tooBig = error instanceof AppError && error.message === MESSAGES.tierSoundSize;
    countTierSoundUpload(tooBig ? 'refused_size' : 'refused_type');
    throw error;
  }
  if ((await countTierSounds(db, creatorId)) >= LIMITS.tierSoundsPerCreator) {
    countTierSoundUpload('refused_full');
    throw badRequest(MESSAGES.tierSoundsFull, 'audio');
  }
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const id = await db.transaction((tx) => insertTierSound(tx, creatorId, { ...file, sha256 }));
  countTierSoundUpload('stored');
  return { sound: `upload:${id}`, url: apiUrl('tierSound', { id }) };
}

/** Refuses tiers that use an upload that is not the creator's own (another creator's, or one already deleted). */
export async function checkTierSoundOwnership(db: Executor, creatorId: string, tiers: readonly ShowTier[]) {
  const used = [...new Set(uploadedTierSounds(tiers))];
  const own = await ownTierSoundIds(db, creatorId, used);
  if (own.length !== used.length) throw badRequest(MESSAGES.tierSoundNotYours, 'show.tiers');
}

/** After the tiers are saved: the creator's uploads no tier uses any more are deleted (with audit rows). */
export async function deleteUnusedTierSounds(db: Db, creatorId: string, tiers: readonly ShowTier[]) {
  await db.transaction((tx) => deleteTierSoundsExcept(tx, creatorId, uploadedTierSounds(tiers)));
}

/** An upload's bytes (404 for an unknown id). */
export async function getTierSound(db: Executor, id: string) {
  const sound = await findTierSound(db, id);
  if (!sound) throw notFound('Sound');
  return sound;
}
