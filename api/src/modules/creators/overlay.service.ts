import { randomBytes } from 'node:crypto';
import { MESSAGES, type OverlaySettings } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { getShowSettings } from '../show/show.service.ts';
import { upsertShowSettings } from '../show/show.repository.ts';
import { checkTierSoundOwnership, deleteUnusedTierSounds } from '../show/tierSounds.service.ts';
import { getWidgetSettings } from '../stream/stream.service.ts';
import { upsertWidgetSettings } from '../stream/stream.repository.ts';
import { findOverlayCreator, resolveVersionedCreator, type VersionedCreator } from './creators.repository.ts';
import {
  findOverlayByCreatorId,
  findOverlayByKey,
  setOverlayKey,
  updateOverlaySettings,
  type OverlayProfile,
} from './overlay.repository.ts';

/** A fresh unguessable overlay key (192 random bits, URL-safe). */
export function newOverlayKey(): string {
  return randomBytes(24).toString('base64url');
}

/** Only the settings fields (the four looks and the show's tiers and TTS), never private data. */
export function pickSettings(profile: OverlaySettings): OverlaySettings {
  return {
    overlayTheme: profile.overlayTheme,
    font: profile.font,
    color: profile.color,
    sound: profile.sound,
    ...(profile.show ? { show: profile.show } : {}),
    ...(profile.widgets ? { widgets: profile.widgets } : {}),
  };
}

/** The caller's overlay profile (404 when the creator row is missing). */
export async function getOverlay(db: AppDeps['db'], creatorId: string): Promise<OverlayProfile> {
  const profile = await findOverlayByCreatorId(db, creatorId);
  if (!profile) throw notFound('Creator');
  return {
    ...profile,
    show: await getShowSettings(db, creatorId),
    widgets: await getWidgetSettings(db, creatorId),
  };
}

/** Saves overlay settings and pushes `overlay:update` to the creator's overlays; returns the saved settings. */
export async function saveOverlaySettings(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  creatorId: string,
  settings: OverlaySettings,
): Promise<OverlaySettings> {
  if (settings.show) await checkTierSoundOwnership(deps.db, creatorId, settings.show.tiers);
  const saved = await updateOverlaySettings(deps.db, creatorId, settings);
  if (!saved) throw notFound('Creator');
  /** Saves a part (the show, the widgets) the PUT carries; a PUT without it keeps the stored one. */
  const saveOrKeep = async <S>(
    given: S | undefined,
    current: (db: Executor, creatorId: string) => Promise<S>,
    save: (db: Executor, creatorId: string, value: S) => Promise<unknown>,
  ): Promise<S> => {
    if (given === undefined) return current(deps.db, creatorId);
    await save(deps.db, creatorId, given);
    return given;
  };
  const result = pickSettings({
    ...saved,
    show: await saveOrKeep(settings.show, getShowSettings, upsertShowSettings),
    widgets: await saveOrKeep(settings.widgets, getWidgetSettings, upsertWidgetSettings),
  });
  if (settings.show) await deleteUnusedTierSounds(deps.db, creatorId, settings.show.tiers);
  deps.realtime.overlayUpdated(creatorId, result);
  return result;
}

/** Settings that an overlay key unlocks; unknown key → 404. */
export async function publicOverlaySettings(db: AppDeps['db'], overlayKey: string): Promise<OverlaySettings> {
  const profile = await findOverlayByKey(db, overlayKey);
  if (!profile) throw notFound('Overlay');
  return pickSettings({
    ...profile,
    show: await getShowSettings(db, profile.creatorId),
    widgets: await getWidgetSettings(db, profile.creatorId),
  });
}

/** Replaces the caller's overlay key: old links stop loading and open overlays on them disconnect. */
export async function rotateOverlayKey(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  creatorId: string,
): Promise<string> {
  const key = newOverlayKey();
  if (!(await setOverlayKey(deps.db, creatorId, key))) throw notFound('Creator');
  deps.realtime.overlayKeyRotated(creatorId);
  return key;
}

/**
 * The creator an overlay-style read is about, with its creator space's version read in the same statement: the
 * overlay key when given (unknown key → 404), else the handle, else the platform's default creator.
 */
export async function resolveDisplayCreator(
  deps: Pick<AppDeps, 'db' | 'config'>,
  query: { key?: string | undefined; creator?: string | undefined },
): Promise<VersionedCreator> {
  if (query.key) {
    const found = await findOverlayCreator(deps.db, query.key);
    if (!found) throw new AppError('NOT_FOUND', MESSAGES.creatorNotFound);
    return found;
  }
  return resolveVersionedCreator(deps.db, deps.config, query.creator);
}
