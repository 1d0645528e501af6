import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { sendNotify } from '../db/notify.ts';
import { createLogger } from '../logger.ts';
import { createFanout, type FanoutHandlers } from './fanout.ts';
import { NOTIFY_CHANNEL } from './notifyPayload.ts';

const app = await createTestApp();
const log = createLogger('silent');
const creatorId = '00000000-0000-4000-8000-000000000002';

function instance() {
  const seen: string[] = [];
  const handlers: FanoutHandlers = {
    revoked: (u, s) => seen.push(`revoked ${u} ${s}`),
    rotated: (c) => seen.push(`rotated ${c}`),
    suspended: (c) => seen.push(`suspended ${c}`),
    apiTokenRevoked: (t) => seen.push(`api token ${t}`),
    moderatorRemoved: (c, u) => seen.push(`moderator ${u} of ${c}`),
    presence: (c, _i, n) => seen.push(`presence ${c} ${n.count}`),
    ask: () => seen.push('ask'),
    changed: (space, v) => seen.push(`changed ${space} ${v}`),
    overlayChanged: async (c) => void seen.push(`overlay ${c}`),
    streamChanged: async (c) => void seen.push(`stream ${c}`),
    reconnected: () => seen.push('reconnected'),
    show: (c, m) => seen.push(`show ${c} ${m.type}`),
    timerChanged: async (c, ended) => void seen.push(`timer ${c} ${ended}`),
    alertsChanged: async (c) => void seen.push(`alerts ${c}`),
    youtubeChanged: async (c) => void seen.push(`youtube ${c}`),
  };
  let closed = false;
  const fanout = createFanout({
    db: app.deps.db,
    databaseUrl: app.databaseUrl,
    log,
    coalesceMs: 5,
    presenceCoalesceMs: 50,
    isClosed: () => closed,
    publishedVersion: async (space) => (space === 'creator:known' ? 9 : null),
    localPresence: () => ({ count: 1, showing: 1, heard: 1 }),
    handlers,
  });
  return { fanout, seen, close: async () => ((closed = true), await fanout.end()) };
}

describe('NOTIFY out, LISTEN in', () => {
  it('another instance hears every kind of news, coalesced, and an instance ignores its own', async () => {
    const a = instance();
    const b = instance();
    await Promise.all([a.fanout.ready(), b.fanout.ready()]);
    // Each instance asks for presence once it listens; the one that listened first may miss the other's ask (NOTIFY
    // reaches only listeners), and a late one may still come in: asks are left out of what is compared below.
    await expect.poll(() => a.seen.includes('ask') || b.seen.includes('ask')).toBe(true);
    // And a's own ask is counted (the count moves when its NOTIFY returns, which may be after b heard it), so the
    // count below is of the news alone.
    await expect.poll(() => a.fanout.stats().notifiesSent).toBe(1);
    const news = (seen: string[]) => seen.filter((s) => s !== 'ask');
    a.seen.length = 0;
    b.seen.length = 0;
    const sentBefore = a.fanout.stats().notifiesSent;
    a.fanout.space('creator:known');
    a.fanout.space('wallet:unknown');
    a.fanout.overlay(creatorId);
    a.fanout.revoked('u1', null);
    a.fanout.rotated(creatorId);
    a.fanout.suspended(creatorId);
    a.fanout.moderatorRemoved(creatorId, 'u2');
    a.fanout.presence(creatorId);
    a.fanout.stream(creatorId);
    a.fanout.timer(creatorId, true);
    a.fanout.alerts(creatorId);
    a.fanout.youtube(creatorId);
    a.fanout.show(creatorId, { type: 'speech:ready', data: { tipId: 't1' } });
    a.fanout.show(creatorId, { type: 'speech:skip' });
    await expect.poll(() => news(b.seen).length).toBe(14);
    expect(news(b.seen).sort()).toEqual(
      [
        'changed creator:known 9',
        'changed wallet:unknown null',
        `overlay ${creatorId}`,
        'revoked u1 null',
        `rotated ${creatorId}`,
        `suspended ${creatorId}`,
        `moderator u2 of ${creatorId}`,
        `presence ${creatorId} 1`,
        `stream ${creatorId}`,
        `timer ${creatorId} true`,
        `alerts ${creatorId}`,
        `youtube ${creatorId}`,
        `show ${creatorId} speech:ready`,
        `show ${creatorId} speech:skip`,
      ].sort(),
    );
    expect(news(a.seen)).toEqual([]);
    // One payload each for the news, the show moments and presence (kept apart so each stays under 8 KB).
    expect(a.fanout.stats().notifiesSent - sentBefore).toBe(3);
    await a.close();
    await b.close();
  });

  it('announces a storm of overlay count changes on its own slower cadence, the last counts included', async () => {
    const a = instance();
    const b = instance();
    await Promise.all([a.fanout.ready(), b.fanout.ready()]);
    await expect.poll(() => a.fanout.stats().notifiesSent).toBe(1); // a's ask
    const sentBefore = a.fanout.stats().notifiesSent;
    b.seen.length = 0;
    // 100 changes over ≥ 200 ms: at most one NOTIFY per 50 ms presence window (one per 5 ms news window would be
    // several times more), and the last counts arrive.
    const began = Date.now();
    for (let i = 0; i < 100; i++) {
      a.fanout.presence(creatorId);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const windows = Math.ceil((Date.now() - began) / 50);
    await expect.poll(() => b.seen.at(-1)).toBe(`presence ${creatorId} 1`);
    const sent = a.fanout.stats().notifiesSent - sentBefore;
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThanOrEqual(windows + 1);
    await a.close();
    await b.close();
  });

  it('ignores a malformed notification and keeps listening', async () => {
    const b = instance();
    await b.fanout.ready();
    await sendNotify(app.deps.db, NOTIFY_CHANNEL, '{"i":"x","changes":[]}');
    await sendNotify(
      app.deps.db,
      NOTIFY_CHANNEL,
      JSON.stringify({ instance: 'x', changes: [{ space: 's', version: 1 }] }),
    );
    // A show entry of an unknown shape is dropped alone; the valid one still arrives.
    await sendNotify(
      app.deps.db,
      NOTIFY_CHANNEL,
      JSON.stringify({
        instance: 'x',
        shows: [
          { creatorId, message: { type: 'show:test', data: { id: 1 } } },
          { creatorId, message: { type: 'speech:skip' } },
        ],
      }),
    );
    await expect.poll(() => b.seen.filter((s) => s.startsWith('changed'))).toEqual(['changed s 1']);
    await expect
      .poll(() => b.seen.filter((s) => s.startsWith('show')))
      .toEqual([`show ${creatorId} speech:skip`]);
    expect(b.fanout.stats().notificationsReceived).toBeGreaterThanOrEqual(2);
    await b.close();
  });
});
