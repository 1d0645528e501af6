import { cleanSpeechText, rupeesToPaise, voiceFor } from '@shabaash/shared';
import type { AppDeps, SpeechJobs } from '../../deps.ts';
import type { SpeechEngine } from '../../speech/index.ts';
import { getSafety, isMessageBlocked } from '../safety/safety.service.ts';
import { findSpeechSource, insertTipSpeech } from './show.repository.ts';
import { getShowSettings } from './show.service.ts';

/** Why a tip pushed live got no speech (or 'synthesised'); returned for tests and the bench. */
export type SpeechOutcome =
  'synthesised' | 'cached' | 'not-live' | 'tts-off' | 'below-minimum' | 'nothing-to-read' | 'blocked';

/**
 * Decides and synthesises one tip's speech: only a live (read), undeleted tip of a creator with TTS on, at or
 * above the TTS minimum, whose cleaned text is not empty and matches none of the creator's current blocked words
 * (the safety filter refused such messages before payment; a word blocked since then is not read either).
 */
export async function synthesiseTipSpeech(
  deps: { db: AppDeps['db']; engine: SpeechEngine },
  tipId: string,
): Promise<SpeechOutcome> {
  const tip = await findSpeechSource(deps.db, tipId);
  if (!tip || tip.deleted || tip.status !== 'read') return 'not-live';
  if (tip.hasSpeech) return 'cached';
  const { tts } = await getShowSettings(deps.db, tip.creatorId);
  if (!tts.enabled) return 'tts-off';
  if (tip.amountPaise < rupeesToPaise(tts.minAmount)) return 'below-minimum';
  if (isMessageBlocked(await getSafety(deps.db, tip.creatorId), tip.message)) return 'blocked';
  const text = cleanSpeechText(tip.message, { maxChars: tts.maxChars, senderPhone: tip.senderPhone });
  if (!text) return 'nothing-to-read';
  const voice = voiceFor(text, tts.hinglishInHindi);
  const { audio, mime } = await deps.engine.synthesize({ text, voice });
  await insertTipSpeech(deps.db, { tipId, mime, audio, engine: deps.engine.name, voice });
  return 'synthesised';
}

/** The in-process queue: one synthesis at a time, each tip once while queued; never throws at the caller. */
export class SpeechQueue implements SpeechJobs {
  private tail: Promise<void> = Promise.resolve();
  private readonly queued = new Set<string>();
  private closed = false;

  constructor(
    private readonly deps: { db: AppDeps['db']; logger: AppDeps['logger']; engine: SpeechEngine },
  ) {}

  tipLive(tipId: string): void {
    if (this.closed || this.queued.has(tipId)) return;
    this.queued.add(tipId);
    this.tail = this.tail.then(async () => {
      try {
        if (!this.closed) await synthesiseTipSpeech(this.deps, tipId);
      } catch (err) {
        this.deps.logger.warn({ err, tipId }, 'speech synthesis failed');
      } finally {
        this.queued.delete(tipId);
      }
    });
  }

  /** Resolves when every job queued so far has finished. */
  idle(): Promise<void> {
    return this.tail;
  }

  /** Lets running jobs finish, drops queued ones, stops the engine. */
  async close(): Promise<void> {
    this.closed = true;
    await this.tail;
    await this.deps.engine.close();
  }
}
