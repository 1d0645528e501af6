import type { SpeechVoice } from '@shabaash/shared';

/** What to say and in which voice ('hi' for Hindi, 'en-IN' for English (India)). */
export interface SpeechRequest {
  text: string;
  voice: SpeechVoice;
}

/** Playable audio and its Content-Type. */
export interface SpeechAudio {
  audio: Buffer;
  mime: string;
}

/**
 * One interface for every text-to-speech engine (embedded eSpeak NG, Google Cloud). An engine reads `text` as plain
 * text, never as markup, and answers at most 30 s of audio at one loudness (`wav.ts#speechWav`).
 */
export interface SpeechEngine {
  readonly name: string;
  synthesize(request: SpeechRequest): Promise<SpeechAudio>;
  /** Frees workers and clients; further calls reject. */
  close(): Promise<void>;
}
