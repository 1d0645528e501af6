import type { ShowSettings } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';
import { creatorSettingsTable } from '../creators/settingsTable.repository.ts';

const showSettingsTable = creatorSettingsTable<ShowSettings>('creator_show_settings');

/** A creator's stored show settings, or null when they kept the defaults. */
export const findShowSettings = showSettingsTable.find;

/** Stores a creator's show settings (validated by showSettingsSchema). */
export const upsertShowSettings = showSettingsTable.upsert;

/**
 * What the speech job needs of a tip: its amount, message, status and the sender's phone (never read); for a Super
 * Sticker its author's name and the sticker's alt text.
 */
export interface SpeechSource {
  tipId: string;
  creatorId: string;
  amountPaise: number;
  message: string;
  /** A Super Sticker: who sent it and its alt text (what is read of it); null for any other tip. */
  sticker: { name: string; altText: string } | null;
  status: string;
  deleted: boolean;
  senderPhone: string | null;
  hasSpeech: boolean;
}

export async function findSpeechSource(db: Executor, tipId: string): Promise<SpeechSource | null> {
  const row = await db('tips as t')
    .leftJoin('users as u', 'u.id', 't.sender_id')
    .leftJoin('tip_speech as s', 's.tip_id', 't.id')
    .leftJoin('youtube_events as y', 'y.tip_id', 't.id')
    .where('t.id', tipId)
    .first<
      | {
          id: string;
          creator_id: string;
          amount_paise: string;
          message: string;
          status: string;
          deleted_at: Date | null;
          phone: string | null;
          speech: string | null;
          guest_name: string | null;
          sticker_alt_text: string | null;
        }
      | undefined
    >(
      't.id',
      't.creator_id',
      't.amount_paise',
      't.message',
      't.status',
      't.deleted_at',
      'u.phone',
      's.tip_id as speech',
      't.guest_name',
      'y.sticker_alt_text',
    );
  if (!row) return null;
  return {
    tipId: row.id,
    creatorId: row.creator_id,
    amountPaise: Number(row.amount_paise),
    message: row.message,
    sticker:
      row.sticker_alt_text != null ? { name: row.guest_name ?? '', altText: row.sticker_alt_text } : null,
    status: row.status,
    deleted: row.deleted_at !== null,
    senderPhone: row.phone,
    hasSpeech: row.speech !== null,
  };
}

/** Caches a tip's speech; a second write for the same tip keeps the first. */
export async function insertTipSpeech(
  db: Executor,
  speech: { tipId: string; mime: string; audio: Buffer; engine: string; voice: string },
): Promise<void> {
  await db('tip_speech')
    .insert({
      tip_id: speech.tipId,
      mime: speech.mime,
      audio: speech.audio,
      engine: speech.engine,
      voice: speech.voice,
    })
    .onConflict('tip_id')
    .ignore();
}

/** A tip's cached speech when this overlay key is its creator's and the tip is not deleted, else null. */
export async function findTipSpeechByOverlayKey(
  db: Executor,
  tipId: string,
  overlayKey: string,
): Promise<{ audio: Buffer; mime: string; createdAt: Date } | null> {
  const row = await db('tip_speech as s')
    .join('tips as t', 't.id', 's.tip_id')
    .join('creators as c', 'c.user_id', 't.creator_id')
    .where({ 's.tip_id': tipId, 'c.overlay_key': overlayKey })
    .whereNull('t.deleted_at')
    .first<{ audio: Buffer; mime: string; created_at: Date } | undefined>(
      's.audio',
      's.mime',
      's.created_at',
    );
  return row ? { audio: row.audio, mime: row.mime, createdAt: row.created_at } : null;
}
