import type { Config } from '../config.ts';
import type { SpeechEngine } from './engine.ts';
import { EspeakEngine } from './espeak.ts';
import { GoogleSpeechEngine, parseServiceAccount } from './google.ts';

export type { SpeechAudio, SpeechEngine, SpeechRequest } from './engine.ts';

/** Google Cloud when GOOGLE_TTS_SERVICE_ACCOUNT is set (config.ts has validated it), else embedded eSpeak NG. */
export function createSpeechEngine(config: Pick<Config, 'GOOGLE_TTS_SERVICE_ACCOUNT'>): SpeechEngine {
  const account = config.GOOGLE_TTS_SERVICE_ACCOUNT
    ? parseServiceAccount(config.GOOGLE_TTS_SERVICE_ACCOUNT)
    : null;
  return account ? new GoogleSpeechEngine(account) : new EspeakEngine();
}
