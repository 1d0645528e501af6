import type { SpeechAudio, SpeechEngine, SpeechRequest } from './engine.ts';

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

/** The synthesizeSpeech request for one message: MP3 (small, plays in every browser source). */
export function buildGoogleRequest(request: SpeechRequest) {
  return {
    input: { text: request.text },
    voice: GOOGLE_VOICES[request.voice],
    audioConfig: { audioEncoding: 'MP3' as const, speakingRate: 1.0 },
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

type TtsClient = {
  synthesizeSpeech(
    req: ReturnType<typeof buildGoogleRequest>,
  ): Promise<[{ audioContent?: Uint8Array | string | null }, ...unknown[]]>;
  close(): Promise<void>;
};

/** Google Cloud Text-to-Speech through its official client, loaded only when the setting is present. */
export class GoogleSpeechEngine implements SpeechEngine {
  readonly name = 'google';
  private client: Promise<TtsClient> | null = null;

  constructor(private readonly account: GoogleServiceAccount) {}

  private getClient(): Promise<TtsClient> {
    this.client ??= import('@google-cloud/text-to-speech').then(
      (m) =>
        new m.TextToSpeechClient({
          credentials: { client_email: this.account.client_email, private_key: this.account.private_key },
          projectId: this.account.project_id,
        }) as unknown as TtsClient,
    );
    return this.client;
  }

  async synthesize(request: SpeechRequest): Promise<SpeechAudio> {
    const client = await this.getClient();
    const [response] = await client.synthesizeSpeech(buildGoogleRequest(request));
    const content = response.audioContent;
    if (!content || content.length === 0) throw new Error('Google Text-to-Speech returned no audio');
    const audio = typeof content === 'string' ? Buffer.from(content, 'base64') : Buffer.from(content);
    return { audio, mime: 'audio/mpeg' };
  }

  async close(): Promise<void> {
    if (this.client) await (await this.client).close();
  }
}
