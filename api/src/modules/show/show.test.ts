import { beforeAll, describe, expect, it } from 'vitest';
import { defaultShowSettings, defaultWidgetSettings, type OverlaySettings } from '@shabaash/shared';
import type { RecordingBus } from '../../../test/doubles.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildCreator, type BuiltCreator, creatorAndViewer } from '../../../test/factories.ts';
import { createLogger } from '../../logger.ts';
import { EspeakEngine } from '../../speech/espeak.ts';
import type { SpeechEngine, SpeechRequest } from '../../speech/index.ts';
import { parseWav, peakOf, rmsOf, SPEECH_LEVEL } from '../../speech/wav.ts';
import { connectChannel, superSticker } from '../../../test/youtube.ts';
import { insertTip } from '../tips/tips.repository.ts';
import { ingestYouTubeEvents } from '../youtube/ingest.ts';
import { SpeechQueue } from './speech.jobs.ts';

/** The real embedded engine, recording every request that reaches it. */
class RecordingEngine implements SpeechEngine {
  readonly name = 'espeak-ng';
  readonly requests: SpeechRequest[] = [];
  private readonly real = new EspeakEngine();
  synthesize(request: SpeechRequest) {
    this.requests.push(request);
    return this.real.synthesize(request);
  }
  close() {
    return this.real.close();
  }
}

let app: TestApp;
let engine: RecordingEngine;
let speech: SpeechQueue;

beforeAll(async () => {
  engine = new RecordingEngine();
  app = await createTestApp({
    extend: (deps) => {
      speech = new SpeechQueue({
        db: deps.db,
        logger: createLogger('silent'),
        engine,
        realtime: deps.realtime,
      });
      return { ...deps, speech };
    },
  });
  return () => speech.close();
});

const looks = { overlayTheme: 'classic', font: 'Poppins', color: '#ff5c5c', sound: 'default' };

async function guestTip(creator: BuiltCreator, amountPaise: number, message: string) {
  return app.deps.db.transaction((tx) =>
    insertTip(tx, {
      creatorId: creator.id,
      senderId: null,
      guestName: 'Guest',
      source: 'guest',
      amountPaise,
      message,
    }),
  );
}

/** Pushes a tip live from the Chat Loader and waits for the background synthesis. */
async function pushLive(creator: BuiltCreator, tipId: string) {
  const res = await app.request('PATCH', `/api/creator/chats/${tipId}/status`, {
    token: creator.token,
    body: { status: 'read' },
  });
  expect(res.status).toBe(200);
  await speech.idle();
}

const speechUrl = (tipId: string, key: string) =>
  `${app.url}/api/overlay/speech/${tipId}?key=${encodeURIComponent(key)}`;

describe('show settings (tiers, auto-advance, TTS) in the overlay settings', () => {
  it('GET gives the defaults; PUT validates and saves them; the public overlay settings carry them', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const got = await app.request<OverlaySettings>('GET', '/api/creator/overlay', { token: creator.token });
    expect(got.body.show).toEqual(defaultShowSettings());

    const show = defaultShowSettings();
    const bad = await app.request<{ message: string }>('PUT', '/api/creator/settings', {
      token: creator.token,
      body: { ...looks, show: { ...show, tiers: [show.tiers[0], show.tiers[2], show.tiers[1]] } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Tier minimums must go up from one tier to the next.');

    const mine = {
      tiers: [
        { minAmount: 0, color: '#111111', seconds: 4 },
        { minAmount: 250.5, color: '#222222', seconds: 9 },
      ],
      autoAdvance: true,
      tts: { enabled: true, minAmount: 20, maxChars: 120, volume: 55, hinglishInHindi: true },
      language: 'hi' as const,
    };
    const put = await app.request('PUT', '/api/creator/settings', {
      token: creator.token,
      body: { ...looks, show: mine },
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ ...looks, show: mine, widgets: defaultWidgetSettings() });
    const pub = await app.request(
      'GET',
      `/api/creator/overlay/public?key=${encodeURIComponent(creator.overlayKey)}`,
    );
    expect(pub.body).toEqual({ ...looks, show: mine, widgets: defaultWidgetSettings() });
    // A PUT of the looks alone keeps the stored show settings.
    const looksOnly = await app.request('PUT', '/api/creator/settings', {
      token: creator.token,
      body: looks,
    });
    expect(looksOnly.body).toEqual({ ...looks, show: mine, widgets: defaultWidgetSettings() });
  });
});

describe('speech of tips pushed live', () => {
  it('a Devanagari and a Latin message become playable, non-silent WAV files served only with the overlay key', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const other = await buildCreator(db, config);
    const hindi = await guestTip(creator, 50_000, 'बहुत बढ़िया स्ट्रीम भाई 🔥🔥 मेरा नंबर 9876543210');
    const english = await guestTip(creator, 10_000, 'Great stream, see https://example.com sooooo good');

    expect((await fetch(speechUrl(hindi.id, creator.overlayKey))).status).toBe(404); // not live yet
    await pushLive(creator, hindi.id);
    await pushLive(creator, english.id);
    expect(engine.requests.slice(-2)).toEqual([
      { text: 'बहुत बढ़िया स्ट्रीम भाई मेरा नंबर', voice: 'hi' },
      { text: 'Great stream, see link sooo good', voice: 'en-IN' },
    ]);

    for (const tip of [hindi, english]) {
      const res = await fetch(speechUrl(tip.id, creator.overlayKey));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/wav');
      expect(res.headers.get('cache-control')).toBe('private, max-age=86400, immutable');
      const wav = parseWav(Buffer.from(await res.arrayBuffer()));
      expect(wav.samples.length / wav.sampleRate).toBeGreaterThan(1);
      expect(rmsOf(wav.samples)).toBeGreaterThan(500);
    }
    // Only the tip's own creator's overlay key unlocks it; no key is a 400.
    expect((await fetch(speechUrl(hindi.id, other.overlayKey))).status).toBe(404);
    expect((await fetch(speechUrl(hindi.id, 'wrong-key'))).status).toBe(404);
    expect((await fetch(`${app.url}/api/overlay/speech/${hindi.id}`)).status).toBe(400);
    // Cached: pushing the tip live again synthesises nothing and serves the same bytes, announced again.
    const first = Buffer.from(await (await fetch(speechUrl(hindi.id, creator.overlayKey))).arrayBuffer());
    const requests = engine.requests.length;
    await app.request('PATCH', `/api/creator/chats/${hindi.id}/status`, {
      token: creator.token,
      body: { status: 'unread' },
    });
    await pushLive(creator, hindi.id);
    expect(engine.requests).toHaveLength(requests);
    const again = Buffer.from(await (await fetch(speechUrl(hindi.id, creator.overlayKey))).arrayBuffer());
    expect(again.equals(first)).toBe(true);
    const ready = (app.deps.realtime as RecordingBus).shows.filter(
      (s) => s.message.type === 'speech:ready' && s.message.data.tipId === hindi.id,
    );
    expect(ready).toHaveLength(2);
    // Rotating the key invalidates the old link.
    const rotated = await app.request<{ overlayKey: string }>('POST', '/api/creator/overlay-key/rotate', {
      token: creator.token,
    });
    expect((await fetch(speechUrl(hindi.id, creator.overlayKey))).status).toBe(404);
    expect((await fetch(speechUrl(hindi.id, rotated.body.overlayKey))).status).toBe(200);
  });

  it('a wallet tip put live at once by auto-live gets its speech without a Chat Loader action', async () => {
    const { creator, viewer } = await creatorAndViewer(app.deps, 100_000);
    await app.request('PUT', '/api/creator/safety', {
      token: creator.token,
      body: { reviewMode: 'auto_live_trusted' },
    });
    // Auto-live trusts a sender once the creator has pushed one of their tips live.
    const first = await app.request<{ tip: { id: string } }>('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 10, message: 'first tip', creator: creator.handle },
    });
    await pushLive(creator, first.body.tip.id);
    const second = await app.request<{ tip: { id: string; status: string } }>('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 10, message: 'second tip goes live by itself', creator: creator.handle },
    });
    expect(second.body.tip.status).toBe('read');
    await speech.idle();
    expect(engine.requests.at(-1)).toEqual({ text: 'second tip goes live by itself', voice: 'en-IN' });
    expect((await fetch(speechUrl(second.body.tip.id, creator.overlayKey))).status).toBe(200);
  });

  it('markup in a ₹1 tip is never obeyed: the engine gets only the words shown, and the stored speech is short', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const message = `<sub alias="words nobody saw">hi</sub> ${'<break time="10s"/>'.repeat(10)} <prosody volume="+20dB">bye</prosody>`;
    const tip = await guestTip(creator, 100, message);
    await pushLive(creator, tip.id);
    expect(engine.requests.at(-1)).toEqual({ text: 'hi bye', voice: 'en-IN' });
    const res = await fetch(speechUrl(tip.id, creator.overlayKey));
    const wav = parseWav(Buffer.from(await res.arrayBuffer()));
    expect(wav.samples.length / wav.sampleRate).toBeLessThan(3);
    expect(peakOf(wav.samples)).toBeLessThanOrEqual(SPEECH_LEVEL.peak);
  });

  it('a tip below the TTS minimum, or with TTS off, has no speech', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const show = defaultShowSettings();
    await app.request('PUT', '/api/creator/settings', {
      token: creator.token,
      body: { ...looks, show: { ...show, tts: { ...show.tts, minAmount: 100 } } },
    });
    const before = engine.requests.length;
    const below = await guestTip(creator, 9_999, 'just below the minimum');
    await pushLive(creator, below.id);
    expect((await fetch(speechUrl(below.id, creator.overlayKey))).status).toBe(404);
    const at = await guestTip(creator, 10_000, 'exactly the minimum');
    await pushLive(creator, at.id);
    expect((await fetch(speechUrl(at.id, creator.overlayKey))).status).toBe(200);
    expect(engine.requests.slice(before).map((r) => r.text)).toEqual(['exactly the minimum']);

    await app.request('PUT', '/api/creator/settings', {
      token: creator.token,
      body: { ...looks, show: { ...show, tts: { ...show.tts, enabled: false } } },
    });
    const off = await guestTip(creator, 100_000, 'tts is off');
    await pushLive(creator, off.id);
    expect((await fetch(speechUrl(off.id, creator.overlayKey))).status).toBe(404);
    expect(engine.requests.slice(before)).toHaveLength(1);
  });

  it('a blocked word is never synthesised: refused before payment, and not read if blocked after', async () => {
    const { creator, viewer } = await creatorAndViewer(app.deps, 100_000);
    await app.request('PUT', '/api/creator/safety', {
      token: creator.token,
      body: { blockedTerms: ['zorblax'], reviewMode: 'auto_live_trusted' },
    });
    const before = engine.requests.length;
    const refused = await app.request('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 500, message: 'you are a zorblax', creator: creator.handle },
    });
    expect(refused.status).toBe(400);
    // A tip that landed before the word was blocked is not read when pushed live later.
    const older = await guestTip(creator, 50_000, 'ZORBLAX again');
    await pushLive(creator, older.id);
    expect((await fetch(speechUrl(older.id, creator.overlayKey))).status).toBe(404);
    expect(engine.requests.slice(before)).toEqual([]);
  });

  it("a Super Sticker pushed live is read as who sent it and its sticker's alt text", async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const channelId = await connectChannel(db, creator.id);
    await ingestYouTubeEvents(app.deps, { creatorId: creator.id, channelId }, [
      superSticker({ authorName: 'Meera', stickerAltText: 'A cat dancing with joy' }),
    ]);
    const [sticker] = await db('tips').where({ creator_id: creator.id }).select<Array<{ id: string }>>('id');
    await pushLive(creator, sticker!.id);
    expect(engine.requests.at(-1)).toEqual({
      text: 'Meera sent a Super Sticker: A cat dancing with joy',
      voice: 'en-IN',
    });
    expect((await fetch(speechUrl(sticker!.id, creator.overlayKey))).status).toBe(200);
  });
});
