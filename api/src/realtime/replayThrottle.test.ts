import { describe, expect, it } from 'vitest';
import { WS_CLOSE } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { buildCreator, seedGuestTip, type BuiltCreator } from '../../test/factories.ts';
import { TestSocket } from '../../test/realtime/testSocket.ts';
import { creatorSpace } from '../modules/sync/spaces.ts';
import { createReplayThrottle } from './replayThrottle.ts';

const REASON = 'Too many full catch-ups; reconnect later';

/** A creator whose space has `tips` versions to replay. */
async function creatorWithTips(app: TestApp, tips = 2): Promise<BuiltCreator> {
  const c = await buildCreator(app.deps.db, app.deps.config);
  for (let i = 0; i < tips; i++)
    await seedGuestTip(app.deps.db, c.id, { message: `tip ${i}`, status: 'read' });
  return c;
}

/** Says hello and resolves with how the server answered: welcomed (with its tips) or closed (code, reason). */
async function hello(app: TestApp, body: Record<string, unknown>) {
  const socket = await TestSocket.open(app.url);
  socket.send({ type: 'hello', ...body });
  const answer = await Promise.race([
    socket.waitFor((m) => m.type === 'welcome').then(() => 'welcome' as const),
    socket.closed,
  ]);
  return { socket, answer };
}

describe('full catch-ups are throttled', () => {
  it("refuses an account's full replay (since 0) beyond its budget with 4030; caught-up hellos still pass", async () => {
    const app = await createTestApp({ realtime: { fullReplaysPerUserPerMinute: 2 } });
    const c = await creatorWithTips(app);
    const space = creatorSpace(c.id);
    const first = await TestSocket.hello(app.url, { overlayKey: c.overlayKey, since: { [space]: 0 } });
    await first.waitForCount((m) => m.type === 'tip:new', 2); // the replay really happened
    const second = await TestSocket.hello(app.url, { token: c.token, since: { [space]: 0 } });
    const third = await hello(app, { overlayKey: c.overlayKey, since: { [space]: 0 } });
    expect(third.answer).toEqual({ code: WS_CLOSE.replayThrottled, reason: REASON, at: expect.any(Number) });

    // Not a full replay: no since (starts from now) or a since that is current.
    const welcome = first.messages.find((m) => m.type === 'welcome');
    const current = welcome?.type === 'welcome' ? (welcome.versions[space] ?? 0) : 0;
    expect(current).toBeGreaterThan(0);
    const fresh = await TestSocket.hello(app.url, { overlayKey: c.overlayKey });
    const caughtUp = await TestSocket.hello(app.url, { token: c.token, since: { [space]: current } });
    // Another creator's budget is its own.
    const other = await creatorWithTips(app);
    const others = await TestSocket.hello(app.url, {
      overlayKey: other.overlayKey,
      since: { [creatorSpace(other.id)]: 0 },
    });
    for (const s of [first, second, fresh, caughtUp, others]) s.close();
  });

  it('refuses full replays from one address beyond its budget, whatever the account', async () => {
    const app = await createTestApp({ realtime: { fullReplaysPerIpPerMinute: 3 } });
    const creators = await Promise.all([1, 2, 3, 4].map(() => creatorWithTips(app, 1)));
    const open = [];
    for (const c of creators.slice(0, 3))
      open.push(
        await TestSocket.hello(app.url, { overlayKey: c.overlayKey, since: { [creatorSpace(c.id)]: 0 } }),
      );
    const last = creators[3]!;
    const refused = await hello(app, { overlayKey: last.overlayKey, since: { [creatorSpace(last.id)]: 0 } });
    expect(refused.answer).toMatchObject({ code: WS_CLOSE.replayThrottled, reason: REASON });
    for (const s of open) s.close();
  });

  it('counts a hello far behind (more than fullReplayVersions to replay) as a full replay', async () => {
    const app = await createTestApp({
      realtime: { fullReplaysPerUserPerMinute: 1, fullReplayVersions: 3 },
    });
    const c = await creatorWithTips(app, 6);
    const space = creatorSpace(c.id);
    const near = await TestSocket.hello(app.url, { overlayKey: c.overlayKey, since: { [space]: 4 } });
    const far = await TestSocket.hello(app.url, { overlayKey: c.overlayKey, since: { [space]: 1 } });
    await far.waitForCount((m) => m.type === 'tip:new', 5);
    const again = await hello(app, { overlayKey: c.overlayKey, since: { [space]: 2 } });
    expect(again.answer).toMatchObject({ code: WS_CLOSE.replayThrottled });
    for (const s of [near, far]) s.close();
  });

  it('viewers behind one shared address each get their own budget, past the old 60 a minute per address', async () => {
    const app = await createTestApp({
      realtime: { fullReplaysPerUserPerMinute: 10, fullReplaysPerIpPerMinute: undefined },
    });
    const creators = await Promise.all(Array.from({ length: 7 }, () => creatorWithTips(app, 1)));
    for (const c of creators)
      for (let i = 0; i < 10; i++) {
        const s = await TestSocket.hello(app.url, { token: c.token, since: { [creatorSpace(c.id)]: 0 } });
        s.close();
      }
    const c = creators[0]!;
    const eleventh = await hello(app, { token: c.token, since: { [creatorSpace(c.id)]: 0 } });
    expect(eleventh.answer).toMatchObject({ code: WS_CLOSE.replayThrottled, reason: REASON });
  });

  it('defaults to 10 full catch-ups a minute per account and a ceiling of 600 per address (WS_FULL_REPLAYS_PER_USER_PER_MINUTE / _PER_IP_)', async () => {
    const app = await createTestApp();
    expect(app.deps.config.WS_FULL_REPLAYS_PER_USER_PER_MINUTE).toBe(10);
    expect(app.deps.config.WS_FULL_REPLAYS_PER_IP_PER_MINUTE).toBe(600);
  });
});

describe('replay token buckets', () => {
  it('refill at their rate per minute, and take from every key or from none', () => {
    let now = 0;
    const throttle = createReplayThrottle(() => now);
    const user = ['account:a', 2] as const;
    const ip = ['ip:1', 3] as const;
    expect(throttle.take([user, ip])).toBe(true);
    expect(throttle.take([user, ip])).toBe(true);
    expect(throttle.take([user, ip])).toBe(false); // the account is empty…
    expect(throttle.take([['account:b', 2], ip])).toBe(true); // …the address had one left, untouched by the refusal
    expect(throttle.take([['account:b', 2], ip])).toBe(false);
    now += 30_000; // half a minute: one more for the account, 1.5 for the address
    expect(throttle.take([user, ip])).toBe(true);
    expect(throttle.take([user, ip])).toBe(false);
  });
});
