import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { EspeakEngine } from './espeak.ts';
import { buildGoogleRequest, parseServiceAccount } from './google.ts';
import { createSpeechEngine } from './index.ts';
import { parseWav, rmsOf } from './wav.ts';

describe('embedded eSpeak NG engine (worker thread)', () => {
  const engine = new EspeakEngine();
  afterAll(() => engine.close());

  it.each([
    ['Devanagari, Hindi voice', 'नमस्ते दोस्तों, बहुत बढ़िया स्ट्रीम', 'hi'],
    ['Latin, English (India) voice', 'Great stream, keep going!', 'en-IN'],
    ['Hinglish read in Hindi', 'bahut badhiya bhai', 'hi'],
  ] as const)('%s: a playable, non-silent WAV', async (_label, text, voice) => {
    const { audio, mime } = await engine.synthesize({ text, voice });
    expect(mime).toBe('audio/wav');
    const wav = parseWav(audio);
    expect(wav).toMatchObject({ channels: 1, bitsPerSample: 16, sampleRate: 22050 });
    expect(wav.samples.length / wav.sampleRate).toBeGreaterThan(0.5); // at least half a second of speech
    expect(rmsOf(wav.samples)).toBeGreaterThan(500);
  });

  it('answers requests sent together, each with its own audio', async () => {
    const [short, long] = await Promise.all([
      engine.synthesize({ text: 'hi', voice: 'en-IN' }),
      engine.synthesize({ text: 'this is a much longer sentence than the other one', voice: 'en-IN' }),
    ]);
    expect(parseWav(long.audio).samples.length).toBeGreaterThan(parseWav(short.audio).samples.length * 3);
  });
});

describe('Google Cloud Text-to-Speech engine (request building only; never called in tests)', () => {
  it('asks for the hi-IN voice for Hindi and en-IN for English, as MP3', () => {
    expect(buildGoogleRequest({ text: 'नमस्ते', voice: 'hi' })).toEqual({
      input: { text: 'नमस्ते' },
      voice: { languageCode: 'hi-IN', name: 'hi-IN-Wavenet-A' },
      audioConfig: { audioEncoding: 'MP3', speakingRate: 1.0 },
    });
    expect(buildGoogleRequest({ text: 'hello', voice: 'en-IN' }).voice.languageCode).toBe('en-IN');
  });

  it('the setting must be a service-account key; it selects the Google engine', async () => {
    expect(() => loadConfig({ GOOGLE_TTS_SERVICE_ACCOUNT: '{"type":"service_account"}' })).toThrow(
      /GOOGLE_TTS_SERVICE_ACCOUNT: must be the JSON of a Google service-account key/,
    );
    const key = JSON.stringify({
      client_email: 'tts@p.iam.gserviceaccount.com',
      private_key: 'k',
      project_id: 'p',
    });
    expect(parseServiceAccount(key)).toEqual({
      client_email: 'tts@p.iam.gserviceaccount.com',
      private_key: 'k',
      project_id: 'p',
    });
    const google = createSpeechEngine(loadConfig({ GOOGLE_TTS_SERVICE_ACCOUNT: key }));
    expect(google.name).toBe('google');
    const embedded = createSpeechEngine(loadConfig({}));
    expect(embedded.name).toBe('espeak-ng');
    await Promise.all([google.close(), embedded.close()]);
  });
});
