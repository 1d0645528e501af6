import { defaultShowSettings, type ShowSettings } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';
import { findShowSettings, upsertShowSettings } from './show.repository.ts';

/** A creator's show settings: the stored ones over the defaults (a field added later gets its default). */
export async function getShowSettings(db: Executor, creatorId: string): Promise<ShowSettings> {
  const defaults = defaultShowSettings();
  const stored = await findShowSettings(db, creatorId);
  if (!stored) return defaults;
  return { ...defaults, ...stored, tts: { ...defaults.tts, ...stored.tts } };
}

/** Saves the show settings when given (a PUT without them keeps the stored ones); returns the current ones. */
export async function saveShowSettings(
  db: Executor,
  creatorId: string,
  settings: ShowSettings | undefined,
): Promise<ShowSettings> {
  if (!settings) return getShowSettings(db, creatorId);
  await upsertShowSettings(db, creatorId, settings);
  return settings;
}
