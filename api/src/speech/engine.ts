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

/** One interface for every text-to-speech engine (embedded eSpeak NG, Google Cloud). */
export interface SpeechEngine {
  readonly name: string;
  synthesize(request: SpeechRequest): Promise<SpeechAudio>;
  /** Frees workers and clients; further calls reject. */
  close(): Promise<void>;
}
