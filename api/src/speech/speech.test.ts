import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { SpeechRequest } from './engine.ts';
import { EspeakEngine } from './espeak.ts';
import { buildGoogleRequest, GoogleSpeechEngine, parseServiceAccount, type TtsClient } from './google.ts';
import { createSpeechEngine } from './index.ts';
import {
  encodeWav,
  MAX_SPEECH_SECONDS,
  parseWav,
  peakOf,
  rmsOf,
  SPEECH_LEVEL,
  speechRmsOf,
  type WavInfo,
} from './wav.ts';

const seconds = (wav: WavInfo) => wav.samples.length / wav.sampleRate;

/** The longest stretch of 10 ms blocks quieter than about −40 dBFS, in seconds. */
function longestPause(wav: WavInfo): number {
  const block = wav.sampleRate / 100;
  let run = 0;
  let longest = 0;
  for (let start = 0; start < wav.samples.length; start += block) {
    run = rmsOf(wav.samples.subarray(start, start + block)) < 330 ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest / 100;
}

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
    expect(peakOf(wav.samples)).toBeLessThanOrEqual(SPEECH_LEVEL.peak);
  });

  const say = async (text: string, voice: SpeechRequest['voice'] = 'en-IN') =>
    parseWav((await engine.synthesize({ text, voice })).audio);

  it('markup is read as text, never obeyed: a break does not pause, and no speech is longer than 30 s', async () => {
    const breaks = await say('wait <break time="10s"/> '.repeat(6));
    expect(seconds(breaks)).toBeLessThanOrEqual(MAX_SPEECH_SECONDS);
    expect(longestPause(breaks)).toBeLessThan(1);
    const hindi = await say('नमस्ते <break time="10s"/> दोस्तों', 'hi');
    expect(longestPause(hindi)).toBeLessThan(1);
    expect(rmsOf(hindi.samples)).toBeGreaterThan(500);
    // Plain text that takes longer than 30 s to read is cut at 30 s, faded out.
    const long = await say('nine hundred ninety nine crore '.repeat(40));
    expect(seconds(long)).toBe(MAX_SPEECH_SECONDS);
    expect(peakOf(long.samples.subarray(-20))).toBeLessThan(500);
  });

  it('neither a prosody volume nor an embedded eSpeak command changes loudness, and nothing clips', async () => {
    const plain = await say('hello world, great stream');
    for (const text of [
      '<prosody volume="+20dB">hello world, great stream</prosody>',
      'hello \u0001200A world, great stream', // U+0001 200A: eSpeak's "amplitude 200"
      '\u00015A hello world, great stream', // amplitude 5: a whisper no level could bring back
    ]) {
      const loud = await say(text);
      expect(peakOf(loud.samples), text).toBeLessThanOrEqual(SPEECH_LEVEL.peak);
      const ratio = speechRmsOf(loud.samples, loud.sampleRate) / speechRmsOf(plain.samples, plain.sampleRate);
      expect(ratio, text).toBeGreaterThan(0.85);
      expect(ratio, text).toBeLessThan(1.15);
    }
  });

  it("control characters are spaces: eSpeak's embedded speed commands do nothing", async () => {
    for (const command of ['80S', '300S']) {
      const withCommand = await say(`hello \u0001${command} world, great stream`);
      const asText = await say(`hello  ${command} world, great stream`);
      expect(seconds(withCommand) / seconds(asText), command).toBeCloseTo(1, 1);
    }
  });

  it('words shown cannot be swapped for words not shown (sub alias, phoneme input)', async () => {
    const shown = 'extraordinary congratulations to everyone';
    const shownAudio = await say(shown);
    const alias = await say(`<sub alias="ok">${shown}</sub>`);
    expect(seconds(alias)).toBeGreaterThanOrEqual(seconds(shownAudio));
    // [[…]] would be read as eSpeak phonemes ("hello"); as text it is the letters and symbols shown.
    const phonemes = await say("[[h@l'oU]]");
    const hello = await say('hello');
    expect(seconds(phonemes)).toBeGreaterThan(seconds(hello) * 2);
  });

  it('answers requests sent together, each with its own audio', async () => {
    const [short, long] = await Promise.all([
      engine.synthesize({ text: 'hi', voice: 'en-IN' }),
      engine.synthesize({ text: 'this is a much longer sentence than the other one', voice: 'en-IN' }),
    ]);
    expect(parseWav(long.audio).samples.length).toBeGreaterThan(parseWav(short.audio).samples.length * 3);
  });
});

describe('Google Cloud Text-to-Speech engine (Google itself is never called in tests)', () => {
  it('asks for the hi-IN voice for Hindi and en-IN for English, as a WAV file', () => {
    expect(buildGoogleRequest({ text: 'नमस्ते', voice: 'hi' })).toEqual({
      input: { text: 'नमस्ते' },
      voice: { languageCode: 'hi-IN', name: 'hi-IN-Wavenet-A' },
      audioConfig: { audioEncoding: 'LINEAR16', speakingRate: 1.0 },
    });
    expect(buildGoogleRequest({ text: 'hello', voice: 'en-IN' }).voice.languageCode).toBe('en-IN');
  });

  it('sends the message as plain text, and its audio comes back at most 30 s long and never clipping', async () => {
    const sent: unknown[] = [];
    // What Google answers for LINEAR16: a WAV file; here 40 s of a full-scale 440 Hz tone at 24 kHz.
    const tone = Int16Array.from({ length: 24_000 * 40 }, (_, i) =>
      Math.sin(i / 8.68) > 0 ? 32767 : -32768,
    );
    const client: TtsClient = {
      synthesizeSpeech: async (request) => {
        sent.push(request);
        return [{ audioContent: encodeWav(tone, 24_000).toString('base64') }];
      },
      close: async () => undefined,
    };
    const google = new GoogleSpeechEngine({ client_email: 'e', private_key: 'k' }, async () => client);
    const text = '<speak><break time="10s"/>hi</speak>';
    const { audio, mime } = await google.synthesize({ text, voice: 'en-IN' });
    expect(sent).toEqual([buildGoogleRequest({ text, voice: 'en-IN' })]);
    expect(sent[0]).toMatchObject({ input: { text } });
    expect(JSON.stringify(sent[0])).not.toContain('ssml');
    expect(mime).toBe('audio/wav');
    const wav = parseWav(audio);
    expect(wav.sampleRate).toBe(24_000);
    expect(seconds(wav)).toBe(MAX_SPEECH_SECONDS);
    expect(peakOf(wav.samples)).toBeLessThanOrEqual(SPEECH_LEVEL.peak);
    await google.close();
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
