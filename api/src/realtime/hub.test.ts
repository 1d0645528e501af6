import { beforeAll, describe, expect, it } from 'vitest';
import {
  WS_CLOSE,
  defaultShowSettings,
  defaultWidgetSettings,
  maskPhone,
  type ServerMessage,
  type TipStatus,
} from '@shabaash/shared';
import { authEmulatorUrl, createTestApp, type TestApp } from '../../test/harness.ts';
import { getPhoneIdToken } from '../../test/firebaseEmulator.ts';
import { issueSession } from '../modules/sessions/sessions.service.ts';
import { buildCreator, buildUser, type BuiltCreator, type BuiltUser } from '../../test/factories.ts';
import { insertTip } from '../modules/tips/tips.repository.ts';
import { bumpSpace, creatorSpace, payoutsSpace, walletSpace } from '../modules/sync/spaces.ts';
import { postLedgerEntry } from '../modules/wallet/ledger.ts';
import { NOTIFY_CHANNEL, type NotifyPayload } from './notifyPayload.ts';
import { TestSocket } from '../../test/realtime/testSocket.ts';

type TipMsg = Extract<ServerMessage, { type: 'tip:new' | 'tip:status' }>;
type OverlayMsg = Extract<ServerMessage, { type: 'overlay:update' }>;
const isTip = (m: ServerMessage): m is TipMsg => m.type === 'tip:new' || m.type === 'tip:status';

/** A committed wallet tip, announced the way the tips service does it (after commit). */
async function sendTip(
  app: TestApp,
  creator: BuiltCreator,
  sender: BuiltUser,
  amountPaise = 5000,
  message = 'Great stream!',
) {
  const row = await app.deps.db.transaction((tx) =>
    insertTip(tx, {
      creatorId: creator.id,
      senderId: sender.id,
      guestName: null,
      source: 'wallet',
      amountPaise,
      message,
    }),
  );
  app.deps.realtime.changed([creatorSpace(creator.id)]);
  return row;
}

/** A versioned status change (what PATCH /creator/chats/:id/status does). */
async function setStatus(app: TestApp, creatorId: string, tipId: string, status: TipStatus): Promise<number> {
  const version = await app.deps.db.transaction(async (tx) => {
    const v = await bumpSpace(tx, creatorSpace(creatorId));
    await tx('tips')
      .where({ id: tipId, creator_id: creatorId })
      .update({ status, version: v, updated_at: tx.fn.now() });
    return v;
  });
  app.deps.realtime.changed([creatorSpace(creatorId)]);
  return version;
}

/** A versioned delete leaving a tombstone (what DELETE /creator/chats/:id does). */
async function deleteTip(app: TestApp, creatorId: string, tipId: string): Promise<void> {
  await app.deps.db.transaction(async (tx) => {
    const v = await bumpSpace(tx, creatorSpace(creatorId));
    await tx('tips')
      .where({ id: tipId })
      .update({ deleted_at: tx.fn.now(), message: '', version: v, updated_at: tx.fn.now() });
  });
  app.deps.realtime.changed([creatorSpace(creatorId)]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let app: TestApp;
let creator: BuiltCreator;
let viewer: BuiltUser;

beforeAll(async () => {
  // The heartbeat comes from the configuration (WS_HEARTBEAT_MS, at its minimum of 1 s here).
  app = await createTestApp({ env: { WS_HEARTBEAT_MS: '1000' }, realtime: { helloTimeoutMs: 600 } });
  creator = await buildCreator(app.deps.db, app.deps.config, { handle: 'first-creator' });
  viewer = await buildUser(app.deps.db, app.deps.config, { balancePaise: 100_000 });
});

describe('hello and credentials', () => {
  it('welcomes a creator into its creator, payouts and wallet rooms with current versions, then pushes new tips with the phone and the earning', async () => {
    const socket = await TestSocket.hello(app.url, { token: creator.token });
    const welcome = socket.messages[0];
    expect(welcome?.type).toBe('welcome');
    if (welcome?.type !== 'welcome') throw new Error('no welcome');
    expect(welcome.rooms.sort()).toEqual(
      [`creator:${creator.id}`, `payouts:${creator.id}`, `wallet:${creator.id}`].sort(),
    );
    expect(Object.keys(welcome.versions).sort()).toEqual(
      [creatorSpace(creator.id), payoutsSpace(creator.id), walletSpace(creator.id)].sort(),
    );
    const payoutsBefore = welcome.versions[payoutsSpace(creator.id)] ?? 0;

    const row = await sendTip(app, creator, viewer, 12_345, 'Namaste from Pune');
    const got = await socket.waitFor<TipMsg>((m) => m.type === 'tip:new' && m.data.id === row.id);
    expect(got.space).toBe(creatorSpace(creator.id));
    expect(got.version).toBe(Number(row.version));
    expect(got.data).toMatchObject({
      amount: 123.45,
      amountPaise: 12_345,
      message: 'Namaste from Pune',
      status: 'unread',
    });
    expect(got.data.sender?.phone).toBe(maskPhone(viewer.phone));
    // The tips trigger credited the earning in the tip's transaction: the payouts space follows the chat space.
    const payout = await socket.waitFor<Extract<ServerMessage, { type: 'payout:update' }>>(
      (m) => m.type === 'payout:update',
    );
    expect(payout.space).toBe(payoutsSpace(creator.id));
    expect(payout.version).toBeGreaterThan(payoutsBefore);
    expect(payout.data.balances.earnedPaise).toBeGreaterThanOrEqual(12_345);
    expect(payout.data.version).toBe(payout.version);
    socket.close();
  });

  it('closes a bad token with 4001 and a reason within 5 s', async () => {
    const socket = await TestSocket.open(app.url);
    const started = Date.now();
    socket.send({ type: 'hello', token: 'not-a-jwt' });
    const closed = await socket.closed;
    expect(closed.code).toBe(WS_CLOSE.unauthorized);
    expect(closed.reason).toMatch(/session/i);
    expect(closed.at - started).toBeLessThan(5000);
    expect(socket.messages).toEqual([]);
  });

  it('closes a wrong overlay key and missing credentials with 4001', async () => {
    const a = await TestSocket.open(app.url);
    a.send({ type: 'hello', overlayKey: 'guessed-key' });
    expect(await a.closed).toMatchObject({ code: WS_CLOSE.unauthorized, reason: 'Invalid overlay key' });
    const b = await TestSocket.open(app.url);
    b.send({ type: 'hello' });
    expect((await b.closed).code).toBe(WS_CLOSE.unauthorized);
  });

  it('closes a silent socket with 4002 after the hello timeout', async () => {
    const socket = await TestSocket.open(app.url);
    const closed = await socket.closed;
    expect(closed.code).toBe(WS_CLOSE.helloTimeout);
    expect(closed.reason).toMatch(/hello/);
  });

  it('closes malformed messages with 4003 and answers app-level pings', async () => {
    const socket = await TestSocket.hello(app.url, { token: viewer.token });
    socket.send({ type: 'ping' });
    await socket.waitFor((m) => m.type === 'pong');
    socket.send('{not json');
    expect((await socket.closed).code).toBe(WS_CLOSE.badMessage);

    const other = await TestSocket.open(app.url);
    other.send({ type: 'subscribe', room: 'creator:x' });
    expect((await other.closed).code).toBe(WS_CLOSE.badMessage);
  });

  it('refuses upgrades on other paths', async () => {
    await expect(TestSocket.open(app.url, { path: '/api/ws' })).rejects.toThrow(/404/);
  });
});

describe('overlay and public rooms', () => {
  it('send only pushed-live tips, without phone numbers, and clear tips that leave the live view', async () => {
    const overlay = await TestSocket.hello(app.url, { overlayKey: creator.overlayKey });
    const welcome = overlay.messages[0];
    expect(welcome?.type === 'welcome' && welcome.rooms).toEqual([`overlay:${creator.id}`]);
    const publicViewer = await TestSocket.hello(app.url, { token: viewer.token }); // default creator = the oldest
    const pubWelcome = publicViewer.messages[0];
    expect(pubWelcome?.type === 'welcome' && pubWelcome.rooms.sort()).toEqual(
      [`public:${creator.id}`, `wallet:${viewer.id}`].sort(),
    );

    const hidden = await sendTip(app, creator, viewer, 1000, 'not moderated yet');
    const live = await sendTip(app, creator, viewer, 2000, 'push me live');
    const liveVersion = await setStatus(app, creator.id, live.id, 'read');

    for (const socket of [overlay, publicViewer]) {
      const first = await socket.waitFor(isTip);
      // The first tip this room sees is the live one: as tip:status, or as tip:new (status read) when a busy machine
      // delays the publish of its creation until the status change has committed and both are read at once. An
      // overlay goes live on either (pwa/src/overlay/overlayState.ts).
      expect(['tip:status', 'tip:new']).toContain(first.type);
      expect(first).toMatchObject({
        version: liveVersion,
        data: { id: live.id, status: 'read', message: 'push me live' },
      });
      expect(first.type !== 'welcome' && isTip(first) && first.data.sender?.phone).toBeNull();
    }

    await setStatus(app, creator.id, live.id, 'unread');
    await deleteTip(app, creator.id, hidden.id);
    for (const socket of [overlay, publicViewer]) {
      await socket.waitFor((m) => m.type === 'tip:deleted' && m.data.id === live.id);
      await socket.waitFor((m) => m.type === 'tip:deleted' && m.data.id === hidden.id);
      const all = socket.raw.join('\n');
      expect(all).not.toContain('not moderated yet');
      expect(all).not.toContain(viewer.phone);
    }
    overlay.close();
    publicViewer.close();
  });

  it('pushes overlay settings to the overlay and the creator, and overlay presence to the creator', async () => {
    const creatorSocket = await TestSocket.hello(app.url, { token: creator.token });
    await creatorSocket.waitFor((m) => m.type === 'overlay:presence' && !m.data.connected);
    const overlay = await TestSocket.hello(app.url, { overlayKey: creator.overlayKey });
    await creatorSocket.waitFor(
      (m) => m.type === 'overlay:presence' && m.data.connected && m.data.count === 1,
    );

    const settings = { overlayTheme: 'neon', font: 'Inter', color: '#00aa88', sound: 'chime' };
    app.deps.realtime.overlayUpdated(creator.id, settings);
    expect((await overlay.waitFor<OverlayMsg>((m) => m.type === 'overlay:update')).data).toEqual(settings);
    expect((await creatorSocket.waitFor<OverlayMsg>((m) => m.type === 'overlay:update')).data).toEqual(
      settings,
    );

    overlay.close();
    await overlay.closed;
    await creatorSocket.waitForCount((m) => m.type === 'overlay:presence' && !m.data.connected, 2);
    creatorSocket.close();
  });

  it("a viewer naming another creator joins that creator's public room; an unknown handle is refused", async () => {
    const second = await buildCreator(app.deps.db, app.deps.config, { handle: 'second-creator' });
    const socket = await TestSocket.hello(app.url, { token: viewer.token, creator: 'second-creator' });
    const welcome = socket.messages[0];
    expect(welcome?.type === 'welcome' && welcome.rooms).toContain(`public:${second.id}`);
    const bad = await TestSocket.open(app.url);
    bad.send({ type: 'hello', token: viewer.token, creator: 'nobody-here' });
    expect(await bad.closed).toMatchObject({ code: WS_CLOSE.badMessage, reason: 'Unknown creator' });
    socket.close();
  });
});

describe('wallet room', () => {
  it('pushes the new balance with its version after a ledger change', async () => {
    const socket = await TestSocket.hello(app.url, { token: viewer.token });
    const result = await app.deps.db.transaction((tx) =>
      postLedgerEntry(tx, {
        userId: viewer.id,
        type: 'credit',
        kind: 'top_up',
        amountPaise: 25_050,
        description: 'Top-up',
        reference: 'pay_ws_1',
      }),
    );
    app.deps.realtime.changed([walletSpace(viewer.id)]);
    const update = await socket.waitFor((m) => m.type === 'wallet:update');
    expect(update).toMatchObject({
      space: walletSpace(viewer.id),
      version: result.version,
      data: { balancePaise: result.balancePaise, balance: result.balancePaise / 100 },
    });
    socket.close();
  });
});

describe('heartbeats', () => {
  it('terminates a socket that does not answer pings (every WS_HEARTBEAT_MS) and keeps one that does', async () => {
    await sleep(100); // let earlier tests' sockets finish closing
    const before = app.hub!.socketCount();
    const dead = await TestSocket.hello(app.url, { token: viewer.token }, { autoPong: false });
    const alive = await TestSocket.hello(app.url, { token: viewer.token });
    const closed = await dead.closed;
    expect(closed.code).toBe(1006); // terminated, no close frame
    await sleep(2100); // two more heartbeat rounds
    expect(alive.isOpen).toBe(true);
    expect(app.hub!.socketCount()).toBe(before + 1);
    alive.close();
  });
});

describe('reconnect with since', () => {
  it('an overlay that drops while 100 tips are pushed live ends with every tip exactly once', async () => {
    const c = await buildCreator(app.deps.db, app.deps.config);
    const tips = [];
    for (let i = 0; i < 100; i++) tips.push(await sendTip(app, c, viewer, 100 + i, `tip ${i}`));

    let socket = await TestSocket.hello(app.url, { overlayKey: c.overlayKey });
    const seen: TipMsg[] = [];
    let lastVersion = 0;
    const take = (s: TestSocket) => {
      for (const m of s.messages) {
        if (!isTip(m)) continue;
        seen.push(m);
        lastVersion = Math.max(lastVersion, m.version);
      }
    };

    // Four concurrent moderators push live; the socket drops after ~30 arrive and reconnects mid-way.
    const queue = [...tips];
    const pushing = Promise.all(
      [0, 1, 2, 3].map(async () => {
        for (let t = queue.shift(); t; t = queue.shift()) {
          await setStatus(app, c.id, t.id, 'read');
          await sleep(5);
        }
      }),
    );
    await socket.waitForCount(isTip, 30, 10_000);
    socket.terminate();
    await socket.closed;
    take(socket);
    const beforeDrop = seen.length;
    await sleep(50);
    socket = await TestSocket.hello(app.url, {
      overlayKey: c.overlayKey,
      since: { [creatorSpace(c.id)]: lastVersion },
    });
    await pushing;
    await socket.waitForCount(isTip, 100 - seen.length, 10_000);
    await sleep(200); // anything extra (a duplicate) would arrive now
    take(socket);

    expect(beforeDrop).toBeGreaterThanOrEqual(30);
    expect(beforeDrop).toBeLessThan(100); // the drop really happened mid-stream
    const ids = seen.map((m) => m.data.id);
    expect(new Set(ids).size).toBe(ids.length); // no duplicates
    expect(ids.sort()).toEqual(tips.map((t) => t.id).sort()); // none missing
    expect(seen.every((m) => m.data.status === 'read' && m.data.sender?.phone === null)).toBe(true);
    socket.close();
  });

  it('a creator that reconnects with since gets the missed tips as tip:new, in version order, including deletes', async () => {
    const c = await buildCreator(app.deps.db, app.deps.config);
    let socket = await TestSocket.hello(app.url, { token: c.token });
    const first = await sendTip(app, c, viewer, 500, 'before the drop');
    const got = await socket.waitFor<TipMsg>((m) => m.type === 'tip:new');
    socket.terminate();
    await socket.closed;

    const missed = [];
    for (let i = 0; i < 5; i++) missed.push(await sendTip(app, c, viewer, 600 + i, `missed ${i}`));
    await deleteTip(app, c.id, first.id);
    await deleteTip(app, c.id, missed[0]!.id);

    socket = await TestSocket.hello(app.url, {
      token: c.token,
      since: { [creatorSpace(c.id)]: got.version },
    });
    const deleted = await socket.waitForCount((m) => m.type === 'tip:deleted', 2);
    expect(deleted.map((m) => (m.type === 'tip:deleted' ? m.data.id : '')).sort()).toEqual(
      [first.id, missed[0]!.id].sort(),
    );
    const news = socket.messages.filter((m) => m.type === 'tip:new');
    expect(news.map((m) => (m.type === 'tip:new' ? m.data.message : ''))).toEqual([
      'missed 1',
      'missed 2',
      'missed 3',
      'missed 4',
    ]);
    const versions = socket.messages
      .filter((m) => 'version' in m)
      .map((m) => ('version' in m ? m.version : 0));
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    socket.close();
  });
});

describe('two instances over one database', () => {
  it('a tip committed through A reaches the creator on B, and pushing it live through A reaches the overlay on B', async () => {
    const b = await createTestApp({ realtime: true, databaseUrl: app.databaseUrl });
    const c = await buildCreator(app.deps.db, app.deps.config);
    const creatorOnB = await TestSocket.hello(b.url, { token: c.token });
    const overlayOnB = await TestSocket.hello(b.url, { overlayKey: c.overlayKey });

    const started = Date.now();
    const row = await sendTip(app, c, viewer, 7777, 'from instance A'); // announced on A only
    const created = await creatorOnB.waitFor<TipMsg>((m) => m.type === 'tip:new' && m.data.id === row.id);
    expect(created.data.sender?.phone).toBe(maskPhone(viewer.phone));
    expect(Date.now() - started).toBeLessThan(2000);

    const version = await setStatus(app, c.id, row.id, 'read');
    const live = await overlayOnB.waitFor<TipMsg>((m) => isTip(m) && m.data.id === row.id);
    expect(live).toMatchObject({
      type: 'tip:status',
      version,
      data: { status: 'read', message: 'from instance A' },
    });
    expect(live.data.sender?.phone).toBeNull();

    const settings = { overlayTheme: 'retro', font: 'Mukta', color: '#123456', sound: 'dhol' };
    await app.deps
      .db('creators')
      .where({ user_id: c.id })
      .update({ overlay_theme: 'retro', font: 'Mukta', color: '#123456', sound: 'dhol' });
    app.deps.realtime.overlayUpdated(c.id, settings);
    // B reads the settings again, the show's tiers and TTS (defaults here) included.
    expect((await overlayOnB.waitFor<OverlayMsg>((m) => m.type === 'overlay:update')).data).toEqual({
      ...settings,
      show: defaultShowSettings(),
      widgets: defaultWidgetSettings(),
    });

    // A show moment announced on A (Skip reading) reaches the overlay on B, and not the Chat Loader.
    app.deps.realtime.showEvent(c.id, { type: 'speech:skip' });
    await overlayOnB.waitFor((m) => m.type === 'speech:skip');

    // Nothing is pushed twice on B (its own publish + A's notification).
    await sleep(200);
    expect(creatorOnB.messages.filter((m) => isTip(m) && m.data.id === row.id)).toHaveLength(2); // tip:new + tip:status
    expect(overlayOnB.messages.filter((m) => isTip(m))).toHaveLength(1);
    expect(overlayOnB.messages.filter((m) => m.type === 'speech:skip')).toHaveLength(1);
    expect(creatorOnB.messages.filter((m) => m.type === 'speech:skip')).toHaveLength(0);
    creatorOnB.close();
    overlayOnB.close();
  });

  it('B re-listens after its LISTEN connection is killed and pushes what was committed meanwhile', async () => {
    const b = await createTestApp({ realtime: true, databaseUrl: app.databaseUrl });
    const c = await buildCreator(app.deps.db, app.deps.config);
    const creatorOnB = await TestSocket.hello(b.url, { token: c.token });
    const killed = await app.deps.db.raw<{ rows: unknown[] }>(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where application_name = 'shabaash-realtime-listen' and datname = current_database()`,
    );
    expect(killed.rows.length).toBeGreaterThanOrEqual(2); // A's and B's listeners
    const row = await sendTip(app, c, viewer, 4242, 'while B was deaf');
    const got = await creatorOnB.waitFor<TipMsg>((m) => m.type === 'tip:new' && m.data.id === row.id, 10_000);
    expect(got.data.message).toBe('while B was deaf');
    // And live notifications flow again afterwards.
    await sleep(300);
    const next = await sendTip(app, c, viewer, 4343, 'after B is back');
    await creatorOnB.waitFor((m) => m.type === 'tip:new' && m.data.id === next.id, 5000);
    expect(creatorOnB.messages.filter((m) => m.type === 'tip:new')).toHaveLength(2);
    creatorOnB.close();
  });
});

describe('revoked credentials close their sockets, on every instance', () => {
  it('logging out closes the sockets of that session only; the same user on another device keeps receiving', async () => {
    const b = await createTestApp({ realtime: true, databaseUrl: app.databaseUrl });
    const c = await buildCreator(app.deps.db, app.deps.config);
    const otherDevice = await issueSession(app.deps.db, app.deps.config, c.id);
    const loggingOutOnA = await TestSocket.hello(app.url, { token: c.token });
    const loggingOutOnB = await TestSocket.hello(b.url, { token: c.token });
    const staying = await TestSocket.hello(b.url, { token: otherDevice });

    expect((await app.request('POST', '/api/auth/logout', { token: c.token })).status).toBe(200);
    for (const socket of [loggingOutOnA, loggingOutOnB]) {
      expect(await socket.closed).toMatchObject({ code: WS_CLOSE.unauthorized, reason: 'Session ended' });
    }
    const row = await sendTip(app, c, viewer, 4200, 'still here on the other phone');
    await staying.waitFor((m) => m.type === 'tip:new' && m.data.id === row.id);
    expect(staying.isOpen).toBe(true);
    // The revoked token cannot come back either.
    const again = await TestSocket.open(app.url);
    again.send({ type: 'hello', token: c.token });
    expect((await again.closed).code).toBe(WS_CLOSE.unauthorized);
    staying.close();
  });

  it('a hello that read its session just before a logout is refused, not welcomed', async () => {
    const c = await buildCreator(app.deps.db, app.deps.config);
    // Hold the hello between reading its (still valid) session and its welcome: sync_spaces is read in between.
    const lock = await app.deps.db.transaction();
    try {
      await lock.raw('lock table sync_spaces in access exclusive mode');
      const socket = await TestSocket.open(app.url);
      socket.send({ type: 'hello', token: c.token });
      await expect
        .poll(async () => {
          const { rows } = await app.deps.db.raw<{ rows: unknown[] }>(
            `select 1 from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'
                and query ilike 'select%from "sync_spaces"%'`,
          );
          return rows.length;
        })
        .toBeGreaterThan(0);
      expect((await app.request('POST', '/api/auth/logout', { token: c.token })).status).toBe(200);
      await lock.commit();
      const outcome = await Promise.race([
        socket.closed,
        socket.waitFor((m) => m.type === 'welcome').then(() => 'welcomed'),
      ]);
      expect(outcome).toMatchObject({ code: WS_CLOSE.unauthorized });
    } finally {
      if (!lock.isCompleted()) await lock.rollback();
    }
  });

  it("a password reset closes every socket of that user on every instance, and no one else's", async () => {
    const b = await createTestApp({ realtime: true, databaseUrl: app.databaseUrl });
    const user = await buildUser(app.deps.db, app.deps.config);
    const secondSession = await issueSession(app.deps.db, app.deps.config, user.id);
    const bystander = await TestSocket.hello(b.url, { token: viewer.token });
    const sockets = [
      await TestSocket.hello(app.url, { token: user.token }),
      await TestSocket.hello(b.url, { token: secondSession }),
    ];
    const firebaseToken = await getPhoneIdToken(authEmulatorUrl(), 'demo-shabaash', user.phone);
    const reset = await app.request('POST', '/api/auth/reset-password', {
      body: { phone: user.phone, password: 'brand-new-pass', firebaseToken },
    });
    expect(reset.status).toBe(200);
    for (const socket of sockets) expect((await socket.closed).code).toBe(WS_CLOSE.unauthorized);
    await sleep(200);
    expect(bystander.isOpen).toBe(true);
    bystander.close();
  });

  it('rotating the overlay key disconnects overlays on the old key on every instance; the new key connects', async () => {
    const b = await createTestApp({ realtime: true, databaseUrl: app.databaseUrl });
    const c = await buildCreator(app.deps.db, app.deps.config);
    const creatorSocket = await TestSocket.hello(app.url, { token: c.token });
    const overlays = [
      await TestSocket.hello(app.url, { overlayKey: c.overlayKey }),
      await TestSocket.hello(b.url, { overlayKey: c.overlayKey }),
    ];
    await creatorSocket.waitFor((m) => m.type === 'overlay:presence' && m.data.count === 1);

    const rotated = await app.request<{ overlayKey: string }>('POST', '/api/creator/overlay-key/rotate', {
      token: c.token,
    });
    expect(rotated.status).toBe(200);
    for (const overlay of overlays) {
      expect(await overlay.closed).toMatchObject({
        code: WS_CLOSE.unauthorized,
        reason: 'Overlay key rotated',
      });
    }
    await creatorSocket.waitFor((m) => m.type === 'overlay:presence' && !m.data.connected);
    expect(creatorSocket.isOpen).toBe(true);
    const fresh = await TestSocket.hello(b.url, { overlayKey: rotated.body.overlayKey });
    expect(fresh.isOpen).toBe(true);
    fresh.close();
    creatorSocket.close();
  });
});

describe('overlay presence across instances', () => {
  type PresenceMsg = Extract<ServerMessage, { type: 'overlay:presence' }>;
  const lastPresence = (socket: TestSocket) =>
    (socket.messages.filter((m) => m.type === 'overlay:presence').at(-1) as PresenceMsg | undefined)?.data;

  it('a creator on A sees overlays connected on B and on A, summed, and each one leaving', async () => {
    const b = await createTestApp({ realtime: true, databaseUrl: app.databaseUrl });
    const c = await buildCreator(app.deps.db, app.deps.config);
    const creatorOnA = await TestSocket.hello(app.url, { token: c.token });
    await expect
      .poll(() => lastPresence(creatorOnA))
      .toEqual({ connected: false, count: 0, showing: 0, heard: 0 });

    const overlayOnB = await TestSocket.hello(b.url, { overlayKey: c.overlayKey });
    await expect
      .poll(() => lastPresence(creatorOnA))
      .toEqual({ connected: true, count: 1, showing: 1, heard: 1 });
    const overlayOnA = await TestSocket.hello(app.url, { overlayKey: c.overlayKey });
    await expect
      .poll(() => lastPresence(creatorOnA))
      .toEqual({ connected: true, count: 2, showing: 2, heard: 2 });

    overlayOnB.close();
    await expect
      .poll(() => lastPresence(creatorOnA))
      .toEqual({ connected: true, count: 1, showing: 1, heard: 1 });
    overlayOnA.close();
    await expect
      .poll(() => lastPresence(creatorOnA))
      .toEqual({ connected: false, count: 0, showing: 0, heard: 0 });
    creatorOnA.close();
  });

  it('an instance started later learns the overlays already connected elsewhere at once', async () => {
    const c = await buildCreator(app.deps.db, app.deps.config);
    const overlayOnA = await TestSocket.hello(app.url, { overlayKey: c.overlayKey });
    const late = await createTestApp({ realtime: true, databaseUrl: app.databaseUrl });
    const creatorOnLate = await TestSocket.hello(late.url, { token: c.token });
    // A's refresh is 15 s away: only the new instance's question explains a quick answer.
    await expect
      .poll(() => lastPresence(creatorOnLate), { timeout: 3000 })
      .toEqual({ connected: true, count: 1, showing: 1, heard: 1 });
    overlayOnA.close();
    creatorOnLate.close();
  });

  it('the count of an instance that stops announcing (it died) expires after three missed refreshes', async () => {
    const c3 = await createTestApp({
      realtime: { presenceRefreshMs: 100 },
      databaseUrl: app.databaseUrl,
    });
    const c = await buildCreator(app.deps.db, app.deps.config);
    const creatorSocket = await TestSocket.hello(c3.url, { token: c.token });
    const ghost: NotifyPayload = {
      instance: 'instance-that-died',
      changes: [],
      overlays: [],
      presence: [{ creatorId: c.id, count: 2 }],
    };
    await app.deps.db.raw('select pg_notify(?, ?)', [NOTIFY_CHANNEL, JSON.stringify(ghost)]);
    await expect
      .poll(() => lastPresence(creatorSocket))
      .toEqual({ connected: true, count: 2, showing: 2, heard: 2 });
    const shownAt = Date.now();
    await expect
      .poll(() => lastPresence(creatorSocket), { timeout: 3000 })
      .toEqual({ connected: false, count: 0, showing: 0, heard: 0 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(200);
    creatorSocket.close();
  });
});
