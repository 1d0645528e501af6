import { beforeAll, describe, expect, it } from 'vitest';
import {
  defaultShowSettings,
  defaultWidgetSettings,
  maskPhone,
  type Analytics,
  type Tip,
} from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { RecordingBus } from '../../../test/doubles.ts';
import { buildCreator, buildUser } from '../../../test/factories.ts';
import { insertTip } from '../tips/tips.repository.ts';

let app: TestApp;
let bus: RecordingBus;

beforeAll(async () => {
  bus = new RecordingBus();
  app = await createTestApp({ extend: (deps) => ({ ...deps, realtime: bus }) });
});

const settings = { overlayTheme: 'neon', font: 'Inter', color: '#00AAff', sound: 'chime.mp3' };
/** What the API answers: the settings plus the show's (default) tiers and TTS settings. */
const saved = { ...settings, show: defaultShowSettings(), widgets: defaultWidgetSettings() };

describe('overlay settings', () => {
  it('GET /creator/overlay gives defaults, handle, display name and key', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config, { name: 'Kabir Plays' });
    const res = await app.request('GET', '/api/creator/overlay', { token: creator.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      overlayTheme: 'classic',
      font: 'Poppins',
      color: '#ff5c5c',
      sound: 'default',
      show: defaultShowSettings(),
      widgets: defaultWidgetSettings(),
      handle: creator.handle,
      displayName: 'Kabir Plays',
      overlayKey: creator.overlayKey,
    });
  });

  it('PUT /creator/settings validates, saves, pushes overlay:update and returns the settings', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const bad = await app.request<{ message: string }>('PUT', '/api/creator/settings', {
      token: creator.token,
      body: { ...settings, color: 'red' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Colour must be a hex value such as #ff5c5c.');
    expect(bus.overlayUpdates.filter((u) => u.creatorId === creator.id)).toEqual([]);

    const res = await app.request('PUT', '/api/creator/settings', {
      token: creator.token,
      body: { ...settings, font: '  Inter  ' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(saved);
    expect(bus.overlayUpdates.filter((u) => u.creatorId === creator.id)).toEqual([
      { creatorId: creator.id, settings: saved },
    ]);
    const pub = await app.request(
      'GET',
      `/api/creator/overlay/public?key=${encodeURIComponent(creator.overlayKey)}`,
    );
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual(saved); // settings only: no handle, key or ids
  });

  it('public settings: unknown or missing key → 404/400; rotation kills the old key', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    expect((await app.request('GET', '/api/creator/overlay/public?key=nope')).status).toBe(404);
    expect((await app.request('GET', '/api/creator/overlay/public')).status).toBe(400);
    const rotated = await app.request<{ overlayKey: string }>('POST', '/api/creator/overlay-key/rotate', {
      token: creator.token,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.overlayKey).toMatch(/^[\w-]{32}$/);
    expect(rotated.body.overlayKey).not.toBe(creator.overlayKey);
    expect(
      (await app.request('GET', `/api/creator/overlay/public?key=${encodeURIComponent(creator.overlayKey)}`))
        .status,
    ).toBe(404);
    expect(
      (await app.request('GET', `/api/tips/display?key=${encodeURIComponent(creator.overlayKey)}`)).status,
    ).toBe(404);
    expect(
      (await app.request('GET', `/api/creator/overlay/public?key=${rotated.body.overlayKey}`)).status,
    ).toBe(200);
  });
});

describe('analytics, recent tips and CSV export', () => {
  it('counts every tip received (deleted included), gross, earnings after fee, and guest payments', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config, { lifetimeGrossPaise: 25_000_00 - 10_000 });
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    await app.request('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 500, creator: creator.handle },
    }); // fee ₹11.60
    const guestTip = await db.transaction((tx) =>
      insertTip(tx, {
        creatorId: creator.id,
        senderId: null,
        guestName: 'G',
        source: 'guest',
        amountPaise: 10_000,
        message: 'x',
        paymentId: 'pay_an1',
      }),
    ); // fee ₹2.90
    await app.request('DELETE', `/api/creator/chats/${guestTip.id}`, { token: creator.token });
    const other = await buildCreator(db, config);
    await app.request('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 50, creator: other.handle },
    });

    const res = await app.request<Analytics>('GET', '/api/creator/analytics', { token: creator.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalEarnings: 585.5,
      totalSuccessfulTopUps: 1,
      totalTipsAmount: 600,
      totalTipsCount: 2,
      youtube: { count: 0, countedPaise: 0 },
    });
    const fresh = await buildCreator(db, config);
    expect((await app.request('GET', '/api/creator/analytics', { token: fresh.token })).body).toEqual({
      totalEarnings: 0,
      totalSuccessfulTopUps: 0,
      totalTipsAmount: 0,
      totalTipsCount: 0,
      youtube: { count: 0, countedPaise: 0 },
    });
  });

  it("recent-tips lists the newest 10 of the caller's live (non-deleted) tips with phones", async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const other = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    for (let i = 0; i < 11; i++) {
      await app.request('POST', '/api/tips/send', {
        token: viewer.token,
        body: { amount: 1, message: `#${i}`, creator: creator.handle },
      });
    }
    await app.request('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 1, message: 'elsewhere', creator: other.handle },
    });
    const newest = (await db('tips').where({ creator_id: creator.id, message: '#10' }).first('id'))
      .id as string;
    await app.request('DELETE', `/api/creator/chats/${newest}`, { token: creator.token });
    const res = await app.request<{ tips: Tip[] }>('GET', '/api/creator/recent-tips', {
      token: creator.token,
    });
    // Newest first, the deleted #10 left out: #9 down to #0.
    expect(res.body.tips.map((t) => t.message)).toEqual(Array.from({ length: 10 }, (_, i) => `#${9 - i}`));
    expect(res.body.tips[0]?.sender?.phone).toBe(maskPhone(viewer.phone));
  });

  it('exports a CSV attachment with escaping and the formula-injection guard', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { name: '=HYPERLINK("x")', balancePaise: 100_000 });
    await app.request('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 12.5, message: 'hi, "friend"\nline two', creator: creator.handle },
    });
    await db.transaction((tx) =>
      insertTip(tx, {
        creatorId: creator.id,
        senderId: null,
        guestName: '+cmd',
        source: 'guest',
        amountPaise: 100,
        message: '@SUM(A1)',
        paymentId: 'pay_csv1',
      }),
    );
    const res = await fetch(`${app.url}/api/creator/export.csv`, {
      headers: { authorization: `Bearer ${creator.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="shabaash-tips-${creator.handle}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const text = (await res.text()).replace(/^\ufeff/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      '"Date","Name","Amount (INR)","Fee (INR)","Earnings (INR)","Message","Status","Payment reference"',
    );
    expect(lines[1]).toMatch(
      /^"\d{4}-\d\d-\d\dT[^,]+","'=HYPERLINK\(""x""\)","12\.50","0\.00","12\.50","hi, ""friend""\nline two","unread","[0-9a-f-]{36}"$/,
    );
    expect(lines[2]).toMatch(/,"'\+cmd","1\.00","0\.00","1\.00","'@SUM\(A1\)","unread","pay_csv1"$/);
  });
});
