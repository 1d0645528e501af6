import type { OverlaySettings } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';
import {
  findCreatorByOverlayKey,
  findCreatorByUserId,
  updateCreatorOverlaySettings,
  type CreatorRecord,
} from './creators.repository.ts';

/** A creator's overlay profile: settings plus the identifiers the studio shows. */
export interface OverlayProfile extends OverlaySettings {
  creatorId: string;
  handle: string;
  displayName: string;
  overlayKey: string;
}

/** The overlay view of a creator record (the creators repository owns the row mapping). */
function toProfile(creator: CreatorRecord): OverlayProfile {
  const { userId, lifetimeGrossPaise: _gross, createdAt: _created, ...profile } = creator;
  return { creatorId: userId, ...profile };
}

/** The overlay profile of a creator (by user id), or null. */
export async function findOverlayByCreatorId(
  db: Executor,
  creatorId: string,
): Promise<OverlayProfile | null> {
  const creator = await findCreatorByUserId(db, creatorId);
  return creator ? toProfile(creator) : null;
}

/** The overlay profile that an overlay key unlocks, or null for an unknown key. */
export async function findOverlayByKey(db: Executor, overlayKey: string): Promise<OverlayProfile | null> {
  const creator = await findCreatorByOverlayKey(db, overlayKey);
  return creator ? toProfile(creator) : null;
}

/** Saves overlay settings; returns the stored settings, or null when the creator does not exist. */
export async function updateOverlaySettings(
  db: Executor,
  creatorId: string,
  settings: OverlaySettings,
): Promise<OverlaySettings | null> {
  const creator = await updateCreatorOverlaySettings(db, creatorId, settings);
  return creator ? toProfile(creator) : null;
}

/** Replaces a creator's overlay key; returns false when the creator does not exist. */
export async function setOverlayKey(db: Executor, creatorId: string, overlayKey: string): Promise<boolean> {
  const count = await db('creators')
    .where({ user_id: creatorId })
    .update({ overlay_key: overlayKey, updated_at: db.fn.now() });
  return count > 0;
}
