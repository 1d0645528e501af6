import { cleanSpeechText, rupeesToPaise, superStickerSpeech, voiceFor } from '@shabaash/shared';
import type { AppDeps, RealtimeBus, SpeechJobs } from '../../deps.ts';
import type { SpeechAudio, SpeechEngine, SpeechRequest } from '../../speech/index.ts';
import { getSafety, isMessageBlocked, onAirName } from '../safety/safety.service.ts';
import { findSpeechSource, insertTipSpeech } from './show.repository.ts';
import { getShowSettings } from './show.service.ts';

/** Why a tip pushed live got no speech (or 'synthesised'); returned for tests and the bench. */
export type SpeechOutcome =
  'synthesised' | 'cached' | 'not-live' | 'tts-off' | 'below-minimum' | 'nothing-to-read' | 'blocked';

/**
 * Decides and synthesises one tip's speech: only a live (read), undeleted tip of a creator with TTS on, at or
 * above the TTS minimum, whose cleaned text is not empty and matches none of the creator's current blocked words
 * (the safety filter refused such messages before payment; a word blocked since then is not read either). A Super
 * Sticker is read as "<name> sent a Super Sticker: <alt text>" (a name the lists refuse is read as Anonymous).
 */
export async function synthesiseTipSpeech(
  deps: { db: AppDeps['db']; engine: SpeechEngine },
  tipId: string,
  onReady: (creatorId: string) => void = () => undefined,
): Promise<SpeechOutcome> {
  const tip = await findSpeechSource(deps.db, tipId);
  if (!tip || tip.deleted || tip.status !== 'read') return 'not-live';
  const { tts } = await getShowSettings(deps.db, tip.creatorId);
  if (!tts.enabled) return 'tts-off';
  if (tip.amountPaise < rupeesToPaise(tts.minAmount)) return 'below-minimum';
  const safety = await getSafety(deps.db, tip.creatorId);
  const spoken = tip.sticker
    ? superStickerSpeech(onAirName(safety, tip.sticker.name), tip.sticker.altText)
    : tip.message;
  if (isMessageBlocked(safety, spoken)) return 'blocked';
  // Cached from an earlier push: announced again, after the same checks (settings may have changed since).
  if (tip.hasSpeech) {
    onReady(tip.creatorId);
    return 'cached';
  }
  const text = cleanSpeechText(spoken, { maxChars: tts.maxChars, senderPhone: tip.senderPhone });
  if (!text) return 'nothing-to-read';
  const voice = voiceFor(text, tts.hinglishInHindi);
  const { audio, mime } = await deps.engine.synthesize({ text, voice });
  await insertTipSpeech(deps.db, { tipId, mime, audio, engine: deps.engine.name, voice });
  onReady(tip.creatorId);
  return 'synthesised';
}

/** Test alert speeches kept per instance (a handful of fixed texts per voice). */
const TEST_SPEECH_CACHE = 8;

/**
 * The in-process queue: one synthesis at a time, each tip once while queued; never throws at the caller. When a
 * tip's speech is ready (made now or cached from an earlier push) its creator's overlays hear `speech:ready`.
 */
export class SpeechQueue implements SpeechJobs {
  private tail: Promise<void> = Promise.resolve();
  private readonly queued = new Set<string>();
  private closed = false;

  private readonly tests = new Map<string, Promise<SpeechAudio>>();
  constructor(
    private readonly deps: {
      db: AppDeps['db'];
      logger: AppDeps['logger'];
      engine: SpeechEngine;
      realtime: Pick<RealtimeBus, 'showEvent'>;
    },
  ) {}

  tipLive(tipId: string): void {
    if (this.closed || this.queued.has(tipId)) return;
    this.queued.add(tipId);
    this.tail = this.tail.then(async () => {
      try {
        if (!this.closed)
          await synthesiseTipSpeech(this.deps, tipId, (creatorId) =>
            this.deps.realtime.showEvent(creatorId, { type: 'speech:ready', data: { tipId } }),
          );
      } catch (err) {
        this.deps.logger.warn({ err, tipId }, 'speech synthesis failed');
      } finally {
        this.queued.delete(tipId);
      }
    });
  }

  /** The test alert's speech: made once per text and voice on this instance, then kept (a failure is not kept). */
  testSpeech(request: SpeechRequest): Promise<SpeechAudio> {
    const key = `${request.voice}:${request.text}`;
    let audio = this.tests.get(key);
    if (!audio) {
      if (this.tests.size >= TEST_SPEECH_CACHE) this.tests.delete(this.tests.keys().next().value ?? '');
      audio = this.deps.engine.synthesize(request);
      audio.catch(() => this.tests.delete(key));
      this.tests.set(key, audio);
    }
    return audio;
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
