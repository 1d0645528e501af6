import type { SpeechAudio, SpeechEngine, SpeechRequest } from './engine.ts';
import { parseWav, speechWav } from './wav.ts';

/** The fields of a Google service-account key that the client needs. */
export interface GoogleServiceAccount {
  client_email: string;
  private_key: string;
  project_id?: string | undefined;
}

/** Google Cloud voices per eSpeak voice name: Hindi (India) and English (India) WaveNet voices. */
export const GOOGLE_VOICES = {
  hi: { languageCode: 'hi-IN', name: 'hi-IN-Wavenet-A' },
  'en-IN': { languageCode: 'en-IN', name: 'en-IN-Wavenet-A' },
} as const;

/**
 * The synthesizeSpeech request for one message. The message goes in `input.text`, which Google reads as plain text
 * (never `input.ssml`, whose tags could pause, shout or say words the message does not show). LINEAR16 is a WAV
 * file, so the audio gets the same 30 s cut and loudness as eSpeak NG's (`speechWav`).
 */
export function buildGoogleRequest(request: SpeechRequest) {
  return {
    input: { text: request.text },
    voice: GOOGLE_VOICES[request.voice],
    audioConfig: { audioEncoding: 'LINEAR16' as const, speakingRate: 1.0 },
  };
}

/** Parses GOOGLE_TTS_SERVICE_ACCOUNT (the key file's JSON); null when it is not a service-account key. */
export function parseServiceAccount(json: string): GoogleServiceAccount | null {
  try {
    const value = JSON.parse(json) as Partial<GoogleServiceAccount> | null;
    if (typeof value?.client_email !== 'string' || typeof value.private_key !== 'string') return null;
    return { client_email: value.client_email, private_key: value.private_key, project_id: value.project_id };
  } catch {
    return null;
  }
}

/** The part of the official client the engine uses. */
export type TtsClient = {
  synthesizeSpeech(
    req: ReturnType<typeof buildGoogleRequest>,
  ): Promise<[{ audioContent?: Uint8Array | string | null }, ...unknown[]]>;
  close(): Promise<void>;
};

/** The official client, loaded only when the engine is first used. */
async function officialClient(account: GoogleServiceAccount): Promise<TtsClient> {
  const { TextToSpeechClient } = await import('@google-cloud/text-to-speech');
  return new TextToSpeechClient({
    credentials: { client_email: account.client_email, private_key: account.private_key },
    projectId: account.project_id,
  }) as unknown as TtsClient;
}

/** Google Cloud Text-to-Speech through its official client, loaded only when the setting is present. */
export class GoogleSpeechEngine implements SpeechEngine {
  readonly name = 'google';
  private client: Promise<TtsClient> | null = null;

  /** `connect` makes the client; tests pass one that answers locally (the official one needs Google's network). */
  constructor(
    private readonly account: GoogleServiceAccount,
    private readonly connect: (account: GoogleServiceAccount) => Promise<TtsClient> = officialClient,
  ) {}

  private getClient(): Promise<TtsClient> {
    this.client ??= this.connect(this.account);
    return this.client;
  }

  async synthesize(request: SpeechRequest): Promise<SpeechAudio> {
    const client = await this.getClient();
    const [response] = await client.synthesizeSpeech(buildGoogleRequest(request));
    const content = response.audioContent;
    if (!content || content.length === 0) throw new Error('Google Text-to-Speech returned no audio');
    const wav = parseWav(typeof content === 'string' ? Buffer.from(content, 'base64') : Buffer.from(content));
    if (wav.channels !== 1) throw new Error('Google Text-to-Speech returned more than one channel');
    return { audio: speechWav(wav.samples, wav.sampleRate), mime: 'audio/wav' };
  }

  async close(): Promise<void> {
    if (this.client) await (await this.client).close();
  }
}
