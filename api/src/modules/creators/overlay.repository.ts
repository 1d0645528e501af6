import type { OverlaySettings } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';

/** A creator's overlay profile: settings plus the identifiers the studio shows. */
export interface OverlayProfile extends OverlaySettings {
  creatorId: string;
  handle: string;
  displayName: string;
  overlayKey: string;
}

interface OverlayRow {
  user_id: string;
  handle: string;
  display_name: string;
  overlay_key: string;
  overlay_theme: string;
  font: string;
  color: string;
  sound: string;
}

const COLUMNS = [
  'user_id',
  'handle',
  'display_name',
  'overlay_key',
  'overlay_theme',
  'font',
  'color',
  'sound',
] as const;

function toProfile(row: OverlayRow): OverlayProfile {
  return {
    creatorId: row.user_id,
    handle: row.handle,
    displayName: row.display_name,
    overlayKey: row.overlay_key,
    overlayTheme: row.overlay_theme,
    font: row.font,
    color: row.color,
    sound: row.sound,
  };
}

/** The overlay profile of a creator (by user id), or null. */
export async function findOverlayByCreatorId(
  db: Executor,
  creatorId: string,
): Promise<OverlayProfile | null> {
  const row = await db('creators')
    .where({ user_id: creatorId })
    .first<OverlayRow | undefined>(...COLUMNS);
  return row ? toProfile(row) : null;
}

/** The overlay profile that an overlay key unlocks, or null for an unknown key. */
export async function findOverlayByKey(db: Executor, overlayKey: string): Promise<OverlayProfile | null> {
  const row = await db('creators')
    .where({ overlay_key: overlayKey })
    .first<OverlayRow | undefined>(...COLUMNS);
  return row ? toProfile(row) : null;
}

/** Saves overlay settings; returns the stored settings, or null when the creator does not exist. */
export async function updateOverlaySettings(
  db: Executor,
  creatorId: string,
  settings: OverlaySettings,
): Promise<OverlaySettings | null> {
  const [row] = await db('creators')
    .where({ user_id: creatorId })
    .update({
      overlay_theme: settings.overlayTheme,
      font: settings.font,
      color: settings.color,
      sound: settings.sound,
      updated_at: db.fn.now(),
    })
    .returning<OverlayRow[]>([...COLUMNS]);
  return row ? toProfile(row) : null;
}

/** Replaces a creator's overlay key; returns false when the creator does not exist. */
export async function setOverlayKey(db: Executor, creatorId: string, overlayKey: string): Promise<boolean> {
  const count = await db('creators')
    .where({ user_id: creatorId })
    .update({ overlay_key: overlayKey, updated_at: db.fn.now() });
  return count > 0;
}
