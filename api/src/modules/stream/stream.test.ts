import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultWidgetSettings,
  type CreatorSupporters,
  webhookPayloadSchemas,
  type StreamState,
  type WebhookEndpoint,
  type WidgetSettings,
  type WidgetState,
} from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { RecordingBus } from '../../../test/doubles.ts';
import {
  buildCreator,
  buildUser,
  seedGuestTip,
  type BuiltCreator,
  type BuiltUser,
} from '../../../test/factories.ts';
import { startReceiver } from '../../../test/webhookReceiver.ts';
import { insertTip } from '../tips/tips.repository.ts';
import { runWebhooksOnce } from '../webhooks/webhooks.worker.ts';

let app: TestApp;
let bus: RecordingBus;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  bus = new RecordingBus();
  app = await createTestApp({ extend: (deps) => ({ ...deps, realtime: bus }) });
});
afterAll(async () => {
  for (const close of closers) await close();
});

const start = (c: BuiltCreator) =>
  app.request<StreamState>('POST', '/api/creator/stream/start', { token: c.token });
const end = (c: BuiltCreator) =>
  app.request<StreamState>('POST', '/api/creator/stream/end', { token: c.token });
const widgets = (key: string) =>
  app.request<WidgetState & { message?: string }>(
    'GET',
    `/api/overlay/widgets?key=${encodeURIComponent(key)}`,
  );
/** A paid guest tip, on air (status read) unless said otherwise. */
const guestTip = (c: BuiltCreator, guestName: string, rupees: number, status: 'read' | 'unread' = 'read') =>
  seedGuestTip(app.deps.db, c.id, { guestName, amountPaise: rupees * 100, status });
const walletTip = (c: BuiltCreator, sender: BuiltUser, rupees: number) =>
  app.deps.db.transaction((tx) =>
    insertTip(tx, {
      creatorId: c.id,
      senderId: sender.id,
      guestName: null,
      source: 'wallet',
      amountPaise: rupees * 100,
      message: 'gg',
      status: 'read',
    }),
  );
const supporterNames = async (c: BuiltCreator) =>
  (await widgets(c.overlayKey)).body.supporters.map((s) => s.name);
const moderate = (c: BuiltCreator, tipId: string, status: 'read' | 'ignore') =>
  app.request('PATCH', `/api/creator/chats/${tipId}/status`, { token: c.token, body: { status } });

async function saveWidgets(c: BuiltCreator, patch: Partial<WidgetSettings>) {
  const res = await app.request('PUT', '/api/creator/settings', {
    token: c.token,
    body: {
      overlayTheme: 'classic',
      font: 'Poppins',
      color: '#ff5c5c',
      sound: 'default',
      widgets: { ...defaultWidgetSettings(), ...patch },
    },
  });
  expect(res.status).toBe(200);
}

describe('stream sessions', () => {
  it('start and end frame a session whose totals count only its paid tips; the next session starts at zero', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const none = await app.request<StreamState>('GET', '/api/creator/stream', { token: creator.token });
    expect(none.body).toEqual({
      session: null,
      totals: { amount: 0, amountPaise: 0, count: 0, topTip: null },
    });

    await guestTip(creator, 'Before', 900); // before the stream: not counted
    const started = await start(creator);
    expect(started.status).toBe(200);
    expect(started.body.session).toMatchObject({ endedAt: null });
    // A second "Start stream" while live is the same session, announced once.
    expect((await start(creator)).body.session?.id).toBe(started.body.session?.id);
    expect(bus.streamUpdates.filter((u) => u.creatorId === creator.id)).toHaveLength(1);

    await guestTip(creator, 'Asha', 100);
    await guestTip(creator, 'Ravi', 500.5);
    const live = await app.request<StreamState>('GET', '/api/creator/stream', { token: creator.token });
    expect(live.body.totals).toEqual({
      amount: 600.5,
      amountPaise: 60_050,
      count: 2,
      topTip: { name: 'Ravi', amount: 500.5, amountPaise: 50_050 },
    });

    const ended = await end(creator);
    expect(ended.body.session?.id).toBe(started.body.session?.id);
    expect(ended.body.session?.endedAt).not.toBeNull();
    expect(ended.body.totals.count).toBe(2);
    await guestTip(creator, 'After', 50); // after the end: not counted
    expect(
      (await app.request<StreamState>('GET', '/api/creator/stream', { token: creator.token })).body.totals
        .count,
    ).toBe(2);
    // Ending again changes nothing and announces nothing.
    expect((await end(creator)).body.session?.endedAt).toBe(ended.body.session?.endedAt);
    expect(bus.streamUpdates.filter((u) => u.creatorId === creator.id)).toHaveLength(2);

    const next = await start(creator);
    expect(next.body.session?.id).not.toBe(started.body.session?.id);
    expect(next.body.totals).toMatchObject({ amountPaise: 0, count: 0, topTip: null });
  });

  it('is the creator’s own: a viewer is refused and a signed-out call is 401', async () => {
    const viewer = await buildUser(app.deps.db, app.deps.config);
    expect((await app.request('POST', '/api/creator/stream/start', { token: viewer.token })).status).toBe(
      403,
    );
    expect((await app.request('GET', '/api/creator/stream')).status).toBe(401);
  });

  it('sends stream.started and stream.ended (with totals) to subscribed webhook endpoints, signed, once each', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const hook = await startReceiver();
    closers.push(() => hook.close());
    const reg = await app.request<{ endpoint: WebhookEndpoint }>('POST', '/api/creator/webhooks', {
      token: creator.token,
      body: { url: hook.url, events: ['stream.started', 'stream.ended'] },
    });
    expect(reg.status).toBe(200);
    const started = await start(creator);
    // Written by the start's own transaction: the event and its delivery exist before any worker pass.
    const queued = await app.deps
      .db('outgoing_webhook_events as e')
      .join('outgoing_webhook_deliveries as d', 'd.event_id', 'e.id')
      .where('e.creator_id', creator.id)
      .select('e.event', 'd.status');
    expect(queued).toEqual([{ event: 'stream.started', status: 'pending' }]);
    await start(creator);
    await guestTip(creator, 'Meera', 250);
    await end(creator);
    await end(creator);
    for (let i = 0; i < 40 && hook.handled.size < 2; i += 1) {
      await runWebhooksOnce(app.deps);
      await new Promise((r) => setTimeout(r, 50));
    }
    await runWebhooksOnce(app.deps);
    expect(hook.requests.map((r) => r.body.event)).toEqual(['stream.started', 'stream.ended']);
    for (const r of hook.requests) webhookPayloadSchemas[r.body.event as 'stream.started'].parse(r.body);
    expect(hook.requests[0]?.body.data).toEqual({ session: started.body.session });
    expect(hook.requests[1]?.body.data).toMatchObject({
      session: { id: started.body.session?.id },
      totals: { amount: 250, count: 1, topTip: { name: 'Meera', amount: 250 } },
    });
  });
});

describe('the widgets’ state (GET /overlay/widgets?key=)', () => {
  it('answers only to the current overlay key', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    expect((await widgets(creator.overlayKey)).status).toBe(200);
    expect((await widgets('not-a-key')).status).toBe(404);
    expect((await app.request('GET', '/api/overlay/widgets')).status).toBe(400);
    await app.request('POST', '/api/creator/overlay-key/rotate', { token: creator.token });
    expect((await widgets(creator.overlayKey)).status).toBe(404);
  });

  it('the goal counts the paid tips of the current session and is reset by the next one', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    await saveWidgets(creator, { goal: { title: 'New mic', targetAmount: 1000 } });
    await guestTip(creator, 'Early', 300);
    const before = (await widgets(creator.overlayKey)).body;
    expect(before).toMatchObject({ handle: creator.handle, language: 'en', session: null });
    expect(before.widgets.goal).toEqual({ title: 'New mic', targetAmount: 1000 });
    expect(before.goal).toEqual({ raised: 0, raisedPaise: 0 });
    await start(creator);
    await guestTip(creator, 'A', 120);
    await guestTip(creator, 'B', 80);
    expect((await widgets(creator.overlayKey)).body.goal).toEqual({ raised: 200, raisedPaise: 20_000 });
    await end(creator);
    expect((await widgets(creator.overlayKey)).body.goal.raised).toBe(200); // the last session stays on screen
    await start(creator);
    expect((await widgets(creator.overlayKey)).body.goal).toEqual({ raised: 0, raisedPaise: 0 });
  });

  it('top supporters: off by default; guests grouped by name, wallet users by account; blocked viewers and phones left out', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const priya = await buildUser(db, config, { name: 'Priya' });
    const troll = await buildUser(db, config, { name: 'Troll' });
    const byPhone = await buildUser(db, config, { name: 'Phone Blocked' });
    const twin = await buildUser(db, config, { name: 'Priya' }); // same name, another account
    await start(creator);
    await guestTip(creator, 'Rahul', 100);
    await guestTip(creator, '  rahul ', 150); // the same guest name, typed differently
    await walletTip(creator, priya, 200);
    await walletTip(creator, priya, 30);
    await walletTip(creator, twin, 10);
    await walletTip(creator, troll, 5000);
    await walletTip(creator, byPhone, 4000);
    await guestTip(creator, 'Zoya', 60);
    await guestTip(creator, 'Kiran', 20);
    await guestTip(creator, 'Om', 5);

    expect((await widgets(creator.overlayKey)).body.supporters).toEqual([]); // off until enabled
    await saveWidgets(creator, { supporters: { enabled: true, range: 'stream' } });
    for (const body of [{ userId: troll.id }, { phone: byPhone.phone }]) {
      const res = await app.request('POST', '/api/creator/safety/blocked-senders', {
        token: creator.token,
        body,
      });
      expect(res.status).toBe(201);
    }
    const res = await widgets(creator.overlayKey);
    expect(res.body.supporters).toEqual([
      { name: 'rahul', amount: 250, amountPaise: 25_000, count: 2 },
      { name: 'Priya', amount: 230, amountPaise: 23_000, count: 2 },
      { name: 'Zoya', amount: 60, amountPaise: 6_000, count: 1 },
      { name: 'Kiran', amount: 20, amountPaise: 2_000, count: 1 },
      { name: 'Priya', amount: 10, amountPaise: 1_000, count: 1 },
    ]);
    const text = JSON.stringify(res.body);
    for (const user of [priya, troll, byPhone, twin]) {
      expect(text).not.toContain(user.phone);
      expect(text).not.toContain(user.id);
    }
  });

  it('ranges: this stream, this week and all time', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const old = await guestTip(creator, 'Old Friend', 700);
    await app.deps
      .db('tips')
      .where({ id: old })
      .update({ created_at: app.deps.db.raw(`now() - interval '30 days'`) });
    await guestTip(creator, 'This Week', 40);
    await start(creator);
    await guestTip(creator, 'Tonight', 10);
    const names = async (range: 'stream' | 'week' | 'all') => {
      await saveWidgets(creator, { supporters: { enabled: true, range } });
      return (await widgets(creator.overlayKey)).body.supporters.map((s) => s.name);
    };
    expect(await names('stream')).toEqual(['Tonight']);
    // Monday 00:00 IST starts the week: "This Week" is in it unless the test runs in the minutes after midnight.
    expect(await names('week')).toEqual(expect.arrayContaining(['Tonight']));
    expect(await names('week')).not.toContain('Old Friend');
    expect(await names('all')).toEqual(['Old Friend', 'This Week', 'Tonight']);
  });

  it('a queued guest name never reaches the widget: its amount counts as Anonymous until the tip is put on air', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    await saveWidgets(creator, { supporters: { enabled: true, range: 'all' } });
    const queued = await guestTip(creator, 'Slur Name', 300, 'unread');
    await guestTip(creator, 'Kiran', 100);
    const res = await widgets(creator.overlayKey);
    expect(res.body.supporters).toEqual([
      { name: 'Anonymous', amount: 300, amountPaise: 30_000, count: 1 },
      { name: 'Kiran', amount: 100, amountPaise: 10_000, count: 1 },
    ]);
    expect(JSON.stringify(res.body)).not.toContain('Slur');
    expect((await moderate(creator, queued, 'read')).status).toBe(200);
    expect(await supporterNames(creator)).toEqual(['Slur Name', 'Kiran']);
  });

  it('an ignored or deleted tip takes its name and amount off the widget', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    await saveWidgets(creator, { supporters: { enabled: true, range: 'all' } });
    const ignored = await guestTip(creator, 'Troll One', 900);
    const deleted = await guestTip(creator, 'Troll Two', 800);
    await guestTip(creator, 'Kiran', 100);
    expect(await supporterNames(creator)).toEqual(['Troll One', 'Troll Two', 'Kiran']);
    expect((await moderate(creator, ignored, 'ignore')).status).toBe(200);
    const del = await app.request('DELETE', `/api/creator/chats/${deleted}`, { token: creator.token });
    expect(del.status).toBe(200);
    const res = await widgets(creator.overlayKey);
    expect(res.body.supporters).toEqual([{ name: 'Kiran', amount: 100, amountPaise: 10_000, count: 1 }]);
  });

  it('a creator hides one supporter from the widget and shows them again; open widgets are told at once', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const other = await buildCreator(db, config);
    const priya = await buildUser(db, config, { name: 'Priya' });
    await saveWidgets(creator, { supporters: { enabled: true, range: 'all' } });
    await walletTip(creator, priya, 500);
    await guestTip(creator, 'Kiran', 100);
    await guestTip(creator, ' kiran', 50);
    const list = await app.request<CreatorSupporters>('GET', '/api/creator/supporters', {
      token: creator.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.supporters.map((s) => [s.name, s.amountPaise])).toEqual([
      ['Priya', 50_000],
      ['kiran', 15_000], // as the guest last wrote it on a tip on air
    ]);
    const kiran = list.body.supporters[1]?.key ?? '';
    // Another creator cannot hide (or learn anything about) this creator's supporter.
    const foreign = await app.request('POST', '/api/creator/supporters/hidden', {
      token: other.token,
      body: { key: kiran },
    });
    expect(foreign.status).toBe(404);

    const pushesBefore = bus.overlayUpdates.length;
    const hidden = await app.request<CreatorSupporters>('POST', '/api/creator/supporters/hidden', {
      token: creator.token,
      body: { key: kiran },
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.supporters.map((s) => s.name)).toEqual(['Priya']);
    expect(hidden.body.hidden.map((h) => h.name)).toEqual(['kiran']);
    expect(bus.overlayUpdates.length).toBe(pushesBefore + 1);
    expect(await supporterNames(creator)).toEqual(['Priya']);
    await guestTip(creator, 'KIRAN', 1000); // a new tip under the same name stays hidden
    expect(await supporterNames(creator)).toEqual(['Priya']);

    const hiddenId = hidden.body.hidden[0]?.id ?? '';
    const notTheirs = await app.request('DELETE', `/api/creator/supporters/hidden/${hiddenId}`, {
      token: other.token,
    });
    expect(notTheirs.status).toBe(404);
    const shown = await app.request<CreatorSupporters>(
      'DELETE',
      `/api/creator/supporters/hidden/${hiddenId}`,
      {
        token: creator.token,
      },
    );
    expect(shown.status).toBe(200);
    expect(shown.body.hidden).toEqual([]);
    expect(await supporterNames(creator)).toEqual(['KIRAN', 'Priya']);
  });
});
