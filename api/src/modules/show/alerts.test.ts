import { describe, expect, it } from 'vitest';
import type { AlertsState, ServerMessage, Tip } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildCreator, type BuiltCreator } from '../../../test/factories.ts';
import { TestSocket } from '../../../test/realtime/testSocket.ts';
import { sleep } from '../../realtime/types.ts';
import { creatorChangesSince } from '../sync/changes.ts';
import { insertTip } from '../tips/tips.repository.ts';
import { eventsOf } from '../webhooks/outbox.ts';

// A short re-show delay: an overlay that comes back gets unacknowledged alerts 100 ms after its hello.
const app: TestApp = await createTestApp({ realtime: { reshowDelayMs: 100 } });

async function newTip(creator: BuiltCreator, guestName: string, amountPaise = 50_000) {
  return app.deps.db.transaction((tx) =>
    insertTip(tx, {
      creatorId: creator.id,
      senderId: null,
      guestName,
      source: 'guest',
      amountPaise,
      message: `Hello from ${guestName}`,
    }),
  );
}

async function pushLive(creator: BuiltCreator, tipId: string) {
  const res = await app.request<{ tip: Tip }>('PATCH', `/api/creator/chats/${tipId}/status`, {
    token: creator.token,
    body: { status: 'read' },
  });
  if (res.status !== 200) throw new Error(`push live answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.tip;
}

const overlayOf = (creator: BuiltCreator) => TestSocket.hello(app.url, { overlayKey: creator.overlayKey });

type AlertShow = Extract<ServerMessage, { type: 'alert:show' }>;
const alertShows = (socket: TestSocket) =>
  socket.messages.filter((m): m is AlertShow => m.type === 'alert:show');
const isTipEvent = (m: ServerMessage) => m.type.startsWith('tip:');
/** A tip pushed live as an overlay hears it (tip:new when it never saw the tip, else tip:status). */
const isLive = (m: ServerMessage) =>
  (m.type === 'tip:new' || m.type === 'tip:status') && m.data.status === 'read';

describe('alert receipts', () => {
  it("records an overlay's receipt once: the Chat Loader gets tip:aired once, a second overlay's receipt changes nothing", async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const [first, second] = [await overlayOf(creator), await overlayOf(creator)];
    const loader = await TestSocket.hello(app.url, { token: creator.token });
    const tip = await newTip(creator, 'Asha');
    await pushLive(creator, tip.id);
    await first.waitFor(isLive);
    await second.waitFor(isLive);

    first.send({ type: 'alert:ack', tipId: tip.id, sound: 'played' });
    const aired = await loader.waitFor<Extract<ServerMessage, { type: 'tip:aired' }>>(
      (m) => m.type === 'tip:aired',
    );
    // The receipts that follow (another overlay's, the same overlay's again) change nothing. They are sent after the
    // first one is recorded: two sockets' messages may reach the server in either order.
    second.send({ type: 'alert:ack', tipId: tip.id, sound: 'no_sound' });
    first.send({ type: 'alert:ack', tipId: tip.id, sound: 'failed' });
    await sleep(300);
    expect(loader.messages.filter((m) => m.type === 'tip:aired')).toHaveLength(1);
    expect(aired.data).toMatchObject({ id: tip.id, status: 'read', aired: { sound: 'played' } });
    // The receipt is no news to the overlays: no second tip event, so no second alert.
    expect(first.messages.filter(isTipEvent)).toHaveLength(1);
    expect(second.messages.filter(isTipEvent)).toHaveLength(1);

    const chats = await app.request<{ tips: Tip[] }>('GET', '/api/creator/chats', { token: creator.token });
    const listed = chats.body.tips.find((t) => t.id === tip.id);
    expect(listed?.aired?.sound).toBe('played');
    // A receipt does not reorder the Chat Loader (updated_at is the moment it went live).
    expect(listed?.updatedAt).toBe(aired.data.updatedAt);
    [first, second, loader].forEach((s) => s.close());
  });

  it('derives tip.aired once, and still tip.live for a webhook reader that had not seen the tip go live', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const overlay = await overlayOf(creator);
    const tip = await newTip(creator, 'Ravi');
    const live = await pushLive(creator, tip.id);
    await overlay.waitFor(isLive);
    overlay.send({ type: 'alert:ack', tipId: tip.id, sound: 'no_sound' });
    const loader = await TestSocket.hello(app.url, { token: creator.token });
    for (let i = 0; i < 50; i++) {
      const changes = await creatorChangesSince(app.deps.db, creator.id, live.version);
      if (changes.rows.length > 0) break;
      await sleep(50);
    }
    const afterLive = await creatorChangesSince(app.deps.db, creator.id, live.version);
    const [row] = afterLive.rows;
    expect(eventsOf(row!, live.version).map((e) => e.event)).toEqual(['tip.aired']);
    const [aired] = eventsOf(row!, live.version);
    expect(aired?.data).toMatchObject({ tip: { id: tip.id, aired: { sound: 'no_sound' } } });
    // A reader behind the live change gets tip.live with the id it would have had, then tip.aired.
    const behind = eventsOf(row!, tip.version);
    expect(behind.map((e) => e.event)).toEqual(['tip.live', 'tip.aired']);
    const liveRow = { ...row!, version: live.version, aired_version: null, aired_at: null };
    expect(behind[0]?.id).toBe(eventsOf(liveRow, tip.version)[0]?.id);
    overlay.close();
    loader.close();
  });

  it('shows an unacknowledged live alert again to the overlay that comes back, once: never to a second overlay or a second return', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const tip = await newTip(creator, 'Meera');
    await pushLive(creator, tip.id);

    const back = await overlayOf(creator);
    const shown = await back.waitFor<AlertShow>((m) => m.type === 'alert:show');
    expect(shown.data.reason).toBe('reshow');
    expect(shown.data.tips.map((t) => t.id)).toEqual([tip.id]);
    expect(shown.data.tips[0]?.sender).toBeNull();

    const other = await overlayOf(creator);
    back.close();
    const again = await overlayOf(creator);
    await sleep(400);
    expect(alertShows(other)).toEqual([]);
    expect(alertShows(again)).toEqual([]);
    [other, again].forEach((s) => s.close());
  });

  it('overlays of a creator coming back together share one claim, and each unacknowledged alert plays on exactly one of them', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const tips = [await newTip(creator, 'Asha'), await newTip(creator, 'Bilal')];
    for (const tip of tips) await pushLive(creator, tip.id);

    const claims: string[] = [];
    const record = (q: { sql: string }) => {
      if (q.sql.includes('reshown_at = now()')) claims.push(q.sql);
    };
    app.deps.db.on('query', record);
    const overlays = await Promise.all(Array.from({ length: 8 }, () => overlayOf(creator)));
    await sleep(600);
    app.deps.db.removeListener('query', record);

    const shownIds = overlays.flatMap((s) => alertShows(s).flatMap((m) => m.data.tips.map((t) => t.id)));
    expect(shownIds.sort()).toEqual(tips.map((t) => t.id).sort());
    expect(claims.length).toBeLessThanOrEqual(2);
    overlays.forEach((s) => s.close());
  });

  it("overlays of different creators coming back together share one claim, and each plays only its own creator's alerts", async () => {
    const creators = await Promise.all([0, 1, 2].map(() => buildCreator(app.deps.db, app.deps.config)));
    const tipsOf = new Map<string, string[]>();
    for (const creator of creators) {
      const tips = [await newTip(creator, 'Asha'), await newTip(creator, 'Bilal')];
      for (const tip of tips) await pushLive(creator, tip.id);
      tipsOf.set(creator.overlayKey, tips.map((t) => t.id).sort());
    }

    const claims: string[] = [];
    const record = (q: { sql: string }) => {
      if (q.sql.includes('reshown_at = now()')) claims.push(q.sql);
    };
    app.deps.db.on('query', record);
    const overlays = await Promise.all(
      creators.flatMap((creator) => [0, 1].map(async () => ({ creator, socket: await overlayOf(creator) }))),
    );
    await sleep(600);
    app.deps.db.removeListener('query', record);

    for (const creator of creators) {
      const own = overlays.filter((o) => o.creator === creator);
      const shownIds = own.flatMap((o) => alertShows(o.socket).flatMap((m) => m.data.tips.map((t) => t.id)));
      expect(shownIds.sort()).toEqual(tipsOf.get(creator.overlayKey));
    }
    expect(claims.length).toBeLessThanOrEqual(2);
    overlays.forEach((o) => o.socket.close());
  });

  it('re-shows to an overlay OBS hid only once OBS shows it again, and tells the Chat Loader it is not showing', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const loader = await TestSocket.hello(app.url, { token: creator.token });
    const hidden = await TestSocket.open(app.url);
    hidden.send({ type: 'hello', overlayKey: creator.overlayKey });
    await hidden.waitFor((m) => m.type === 'welcome');
    hidden.send({ type: 'overlay:state', visible: false, audible: true });
    const presence = (pred: (d: Extract<ServerMessage, { type: 'overlay:presence' }>['data']) => boolean) =>
      loader.waitFor((m) => m.type === 'overlay:presence' && pred(m.data));
    await presence((d) => d.count === 1 && d.showing === 0 && d.heard === 0);

    const tip = await newTip(creator, 'Kabir');
    await pushLive(creator, tip.id);
    await sleep(300);
    expect(alertShows(hidden)).toEqual([]);
    hidden.send({ type: 'overlay:state', visible: true, audible: false });
    await presence((d) => d.showing === 1 && d.heard === 0);
    const shown = await hidden.waitFor<AlertShow>((m) => m.type === 'alert:show');
    expect(shown.data.tips.map((t) => t.id)).toEqual([tip.id]);
    hidden.close();
    await presence((d) => !d.connected && d.count === 0);
    loader.close();
  });

  it('pause holds tips pushed live from the overlays (state kept server-side); resume plays them in the order they went live', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const overlay = await overlayOf(creator);
    const paused = await app.request<AlertsState>('PUT', '/api/creator/show/alerts', {
      token: creator.token,
      body: { paused: true },
    });
    expect(paused.body).toEqual({ paused: true, held: 0 });
    const tips = [await newTip(creator, 'One'), await newTip(creator, 'Two'), await newTip(creator, 'Three')];
    const order = [tips[1]!, tips[0]!, tips[2]!];
    for (const tip of order) expect((await pushLive(creator, tip.id)).status).toBe('read');

    const state = await app.request<AlertsState>('GET', '/api/creator/show/alerts', { token: creator.token });
    expect(state.body).toEqual({ paused: true, held: 3 });
    // Nothing live reached the overlay: not as a tip event, not on a reload (display list).
    expect(overlay.messages.filter(isLive)).toEqual([]);
    const display = await app.request<{ tips: Tip[] }>(
      'GET',
      `/api/tips/display?key=${encodeURIComponent(creator.overlayKey)}`,
    );
    expect(display.body.tips).toEqual([]);

    const resumed = await app.request<AlertsState>('PUT', '/api/creator/show/alerts', {
      token: creator.token,
      body: { paused: false },
    });
    expect(resumed.body).toEqual({ paused: false, held: 0 });
    const shown = await overlay.waitFor<AlertShow>((m) => m.type === 'alert:show');
    expect(shown.data.reason).toBe('resume');
    expect(shown.data.tips.map((t) => t.id)).toEqual(order.map((t) => t.id));
    overlay.close();
  });

  it('replay puts the last live tip back on the overlays; with none live it says so', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const overlay = await overlayOf(creator);
    const none = await app.request('POST', '/api/creator/show/replay', { token: creator.token });
    expect(none.body).toEqual({ tipId: null });
    const [a, b] = [await newTip(creator, 'A'), await newTip(creator, 'B')];
    await pushLive(creator, a.id);
    await pushLive(creator, b.id);
    const replay = await app.request('POST', '/api/creator/show/replay', { token: creator.token });
    expect(replay.body).toEqual({ tipId: b.id });
    const shown = await overlay.waitFor<AlertShow>((m) => m.type === 'alert:show');
    expect(shown.data).toMatchObject({ reason: 'replay', tips: [{ id: b.id }] });
    // The tips went live while this overlay was connected: nothing of them is re-shown to it as missed.
    await sleep(300);
    expect(overlay.messages.filter((m) => m.type === 'alert:show')).toHaveLength(1);
    overlay.close();
  });

  it('refuses receipts and overlay states from a socket that is not an overlay', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const loader = await TestSocket.hello(app.url, { token: creator.token });
    loader.send({ type: 'overlay:state', visible: false, audible: false });
    await expect.poll(() => loader.isOpen).toBe(false);
    const other = await buildCreator(app.deps.db, app.deps.config);
    const tip = await newTip(other, 'Not yours');
    await pushLive(other, tip.id);
    // Another creator's overlay cannot air this creator's tip.
    const foreign = await overlayOf(creator);
    foreign.send({ type: 'alert:ack', tipId: tip.id, sound: 'played' });
    await sleep(300);
    const chats = await app.request<{ tips: Tip[] }>('GET', '/api/creator/chats', { token: other.token });
    expect(chats.body.tips.find((t) => t.id === tip.id)?.aired).toBeUndefined();
    foreign.close();
  });
});
