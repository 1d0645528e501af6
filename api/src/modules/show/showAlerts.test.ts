import { describe, expect, it } from 'vitest';
import { defaultShowSettings, type ServerMessage, type TestTip } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildCreator, buildUser, type BuiltCreator } from '../../../test/factories.ts';
import { TestSocket } from '../../../test/realtime/testSocket.ts';
import { parseWav, rmsOf } from '../../speech/wav.ts';
import { insertTip } from '../tips/tips.repository.ts';

const app: TestApp = await createTestApp({ realtime: true });

const looks = { overlayTheme: 'classic', font: 'Poppins', color: '#ff5c5c', sound: 'default' };

/** The creator's overlay socket and Chat Loader socket, both welcomed. */
async function sockets(creator: BuiltCreator) {
  const overlay = await TestSocket.hello(app.url, { overlayKey: creator.overlayKey });
  const loader = await TestSocket.hello(app.url, { token: creator.token });
  return { overlay, loader, close: () => (overlay.close(), loader.close()) };
}

const isShow = (m: ServerMessage) => m.type.startsWith('show:') || m.type.startsWith('speech:');

async function snapshot(creator: BuiltCreator) {
  const [chats, analytics, recent, csv] = await Promise.all([
    app.request('GET', '/api/creator/chats', { token: creator.token }),
    app.request('GET', '/api/creator/analytics', { token: creator.token }),
    app.request('GET', '/api/creator/recent-tips', { token: creator.token }),
    fetch(`${app.url}/api/creator/export.csv`, {
      headers: { authorization: `Bearer ${creator.token}` },
    }).then((r) => r.text()),
  ]);
  return { chats: chats.body, analytics: analytics.body, recent: recent.body, csv };
}

describe('the test alert', () => {
  it('reaches the overlays only (tier amount, speech flag) and leaves no trace in lists, analytics or export', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const { overlay, loader, close } = await sockets(creator);
    const before = await snapshot(creator);

    const sent = await app.request<TestTip>('POST', '/api/creator/show/test-alert', {
      token: creator.token,
      body: { amount: 1000 },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ name: 'Test alert', amount: 1000, amountPaise: 100_000, speech: true });
    const shown = await overlay.waitFor((m) => m.type === 'show:test');
    expect(shown).toEqual({ type: 'show:test', data: sent.body });

    // Without an amount it is ₹500 (the orange tier of the defaults).
    const plain = await app.request<TestTip>('POST', '/api/creator/show/test-alert', {
      token: creator.token,
      body: {},
    });
    expect(plain.body.amount).toBe(500);
    await overlay.waitForCount((m) => m.type === 'show:test', 2);

    expect(await snapshot(creator)).toEqual(before);
    expect(loader.messages.filter(isShow)).toEqual([]);
    close();
  });

  it('its speech is served for the overlay key only, in the overlay language, and not when TTS is off', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const url = (key: string) => `${app.url}/api/overlay/test-speech?key=${encodeURIComponent(key)}`;
    const res = await fetch(url(creator.overlayKey));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    const wav = parseWav(Buffer.from(await res.arrayBuffer()));
    expect(wav.samples.length / wav.sampleRate).toBeGreaterThan(1);
    expect(rmsOf(wav.samples)).toBeGreaterThan(500);
    expect((await fetch(url('wrong-key'))).status).toBe(404);
    expect((await fetch(`${app.url}/api/overlay/test-speech`)).status).toBe(400);

    const show = defaultShowSettings();
    await app.request('PUT', '/api/creator/settings', {
      token: creator.token,
      body: { ...looks, show: { ...show, language: 'hi', tts: { ...show.tts, minAmount: 600 } } },
    });
    const hindi = await app.request<TestTip>('POST', '/api/creator/show/test-alert', {
      token: creator.token,
      body: { amount: 500 },
    });
    expect(hindi.body).toMatchObject({ name: 'टेस्ट अलर्ट', speech: false });
    expect(hindi.body.message).toMatch(/^यह एक टेस्ट अलर्ट है/);
    const hindiAudio = await fetch(url(creator.overlayKey));
    expect(hindiAudio.status).toBe(200);
    expect(
      Buffer.from(await hindiAudio.arrayBuffer()).equals(
        Buffer.from(await (await fetch(url(creator.overlayKey))).arrayBuffer()),
      ),
    ).toBe(true);

    await app.request('PUT', '/api/creator/settings', {
      token: creator.token,
      body: { ...looks, show: { ...show, tts: { ...show.tts, enabled: false } } },
    });
    expect((await fetch(url(creator.overlayKey))).status).toBe(404);
  });

  it('is for creators only and rate-limited (10 a minute)', async () => {
    const { db, config } = app.deps;
    const viewer = await buildUser(db, config);
    const refused = await app.request('POST', '/api/creator/show/test-alert', {
      token: viewer.token,
      body: {},
    });
    expect(refused.status).toBe(403);
    expect((await app.request('POST', '/api/creator/show/test-alert', { body: {} })).status).toBe(401);
    const bad = await app.request<{ message: string }>('POST', '/api/creator/show/test-alert', {
      token: (await buildCreator(db, config)).token,
      body: { amount: -5 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Enter a valid amount greater than zero.');

    const creator = await buildCreator(db, config);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await app.request('POST', '/api/creator/show/test-alert', {
        token: creator.token,
        body: {},
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('speech on the overlay: ready and skip', () => {
  it('a tip pushed live is announced as speech:ready to overlays after its card; pushing it again announces it again', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const { overlay, loader, close } = await sockets(creator);
    const tip = await db.transaction((tx) =>
      insertTip(tx, {
        creatorId: creator.id,
        senderId: null,
        guestName: 'Guest',
        source: 'guest',
        amountPaise: 50_000,
        message: 'Namaste from the test',
      }),
    );
    const push = (status: 'read' | 'unread') =>
      app.request('PATCH', `/api/creator/chats/${tip.id}/status`, { token: creator.token, body: { status } });
    await push('read');
    await overlay.waitFor((m) => m.type === 'speech:ready');
    const order = overlay.messages.map((m) => m.type).filter((t) => t !== 'overlay:presence');
    expect(order.indexOf('tip:status')).toBeLessThan(order.indexOf('speech:ready'));
    expect(overlay.messages.find((m) => m.type === 'speech:ready')).toEqual({
      type: 'speech:ready',
      data: { tipId: tip.id },
    });
    const audio = await fetch(
      `${app.url}/api/overlay/speech/${tip.id}?key=${encodeURIComponent(creator.overlayKey)}`,
    );
    expect(audio.status).toBe(200);

    await push('unread');
    await push('read');
    await overlay.waitForCount((m) => m.type === 'speech:ready', 2);
    expect(loader.messages.filter(isShow)).toEqual([]);
    close();
  });

  it('Skip reading reaches every overlay of the creator, and no other creator', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const other = await buildCreator(db, config);
    const first = await TestSocket.hello(app.url, { overlayKey: creator.overlayKey });
    const second = await TestSocket.hello(app.url, { overlayKey: creator.overlayKey });
    const stranger = await TestSocket.hello(app.url, { overlayKey: other.overlayKey });
    const res = await app.request('POST', '/api/creator/show/skip-speech', { token: creator.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    await first.waitFor((m) => m.type === 'speech:skip');
    await second.waitFor((m) => m.type === 'speech:skip');
    // A later message to the stranger proves the skip would have arrived first had it been sent.
    await app.request('POST', '/api/creator/show/skip-speech', { token: other.token });
    await stranger.waitFor((m) => m.type === 'speech:skip');
    expect(stranger.messages.filter((m) => m.type === 'speech:skip')).toHaveLength(1);
    for (const s of [first, second, stranger]) s.close();
  });
});
