import { randomUUID } from 'node:crypto';
import {
  cleanSpeechText,
  defaultShowSettings,
  rupeesToPaise,
  TEST_ALERT_DEFAULT_RUPEES,
  TEST_ALERT_TEXT,
  voiceFor,
  type ShowSettings,
  type TestTip,
} from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import type { SpeechAudio } from '../../speech/index.ts';
import { findOverlayByKey } from '../creators/overlay.repository.ts';
import { findShowSettings } from './show.repository.ts';

/** A creator's show settings: the stored ones over the defaults (a field added later gets its default). */
export async function getShowSettings(db: Executor, creatorId: string): Promise<ShowSettings> {
  const defaults = defaultShowSettings();
  const stored = await findShowSettings(db, creatorId);
  if (!stored) return defaults;
  return { ...defaults, ...stored, tts: { ...defaults.tts, ...stored.tts } };
}

/**
 * Shows a marked test tip on the creator's overlays (`show:test`): the tier of `amount`, the sound, and speech when
 * the creator's TTS would read a tip of that amount. Nothing is stored, so no list, analytics or export sees it.
 */
export async function sendTestAlert(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  creatorId: string,
  amount: number = TEST_ALERT_DEFAULT_RUPEES,
): Promise<TestTip> {
  const { tts, language } = await getShowSettings(deps.db, creatorId);
  const amountPaise = rupeesToPaise(amount);
  const text = TEST_ALERT_TEXT[language];
  const tip: TestTip = {
    id: `test-${randomUUID()}`,
    name: text.name,
    amount,
    amountPaise,
    message: text.message,
    speech: tts.enabled && amountPaise >= rupeesToPaise(tts.minAmount),
  };
  deps.realtime.showEvent(creatorId, { type: 'show:test', data: tip });
  return tip;
}

/** Stops the speech on every connected overlay of the creator. */
export function skipSpeech(deps: Pick<AppDeps, 'realtime'>, creatorId: string): void {
  deps.realtime.showEvent(creatorId, { type: 'speech:skip' });
}

/** The test alert's speech for the creator of this overlay key (unknown key or TTS off → 404). */
export async function testAlertSpeech(
  deps: Pick<AppDeps, 'db' | 'speech'>,
  overlayKey: string,
): Promise<SpeechAudio> {
  const profile = await findOverlayByKey(deps.db, overlayKey);
  if (!profile) throw notFound('Speech');
  const { tts, language } = await getShowSettings(deps.db, profile.creatorId);
  if (!tts.enabled) throw notFound('Speech');
  const text = cleanSpeechText(TEST_ALERT_TEXT[language].message, { maxChars: tts.maxChars });
  return deps.speech.testSpeech({ text, voice: voiceFor(text, tts.hinglishInHindi) });
}
