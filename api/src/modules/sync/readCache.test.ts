/**
 * Reads at memory speed: recent tips, display tips, the creator's analytics and recent support list
 * are served from each instance's read cache at the creator space's current version, with ETag / 304. Two
 * instances on one database: a read made after a change committed (on either instance) never answers the old
 * value, on either instance, and repeated reads with no change do not read the tips again.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.ts';
import { buildCreator, buildUser } from '../../../test/factories.ts';
import { etagMatches } from '../../http/conditional.ts';

const a = await createTestApp();
const b = await createTestApp({ databaseUrl: a.databaseUrl });
const { db, config } = a.deps;
afterAll(() => b.close());

type Tips = { tips: Array<{ id: string; status: string }> };
type Analytics = { totalTipsCount: number };

describe('the versioned read cache, two instances', () => {
  it('never answers a value older than the last committed change, on either instance', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 1_000_000 });
    const reads = (app: typeof a) => ({
      recent: () => app.request('GET', `/api/tips/recent?creator=${creator.handle}`, { token: viewer.token }),
      display: () => app.request('GET', `/api/tips/display?key=${encodeURIComponent(creator.overlayKey)}`),
      analytics: () => app.request('GET', '/api/creator/analytics', { token: creator.token }),
      creatorRecent: () => app.request('GET', '/api/creator/recent-tips', { token: creator.token }),
    });
    const instances = [reads(a), reads(b)];
    const sent: string[] = [];
    const live: string[] = [];
    for (let i = 0; i < 12; i++) {
      // Every instance has read (and kept) the state before the change.
      for (const r of instances) {
        expect((await r.recent()).status).toBe(200);
        expect((await r.display()).status).toBe(200);
        expect((await r.analytics()).status).toBe(200);
      }
      const via = i % 2 === 0 ? a : b;
      const send = await via.request('POST', '/api/tips/send', {
        token: viewer.token,
        body: { amount: 1, message: `read-after-write ${i}`, creator: creator.handle },
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(send.status).toBe(200);
      const tipId = (send.body as { tip: { id: string } }).tip.id;
      sent.unshift(tipId);
      if (i % 3 === 0) {
        // The creator pushes it live through the OTHER instance: the overlay's list changes too.
        const other = via === a ? b : a;
        const status = await other.request('PATCH', `/api/creator/chats/${tipId}/status`, {
          token: creator.token,
          body: { status: 'read' },
        });
        expect(status.status).toBe(200);
        live.unshift(tipId);
      }
      for (const r of instances) {
        const recent = (await r.recent()).body as Tips;
        expect(recent.tips.map((t) => t.id)).toEqual(sent.slice(0, 10));
        const display = (await r.display()).body as Tips;
        expect(display.tips.map((t) => t.id)).toEqual(live.slice(0, 10));
        expect(((await r.analytics()).body as Analytics).totalTipsCount).toBe(i + 1);
        expect(((await r.creatorRecent()).body as Tips).tips.map((t) => t.id)).toEqual(sent.slice(0, 10));
      }
    }
  });

  it('answers 304 to a client holding the current ETag, 200 with the new body once it changed', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    const path = `/api/tips/recent?creator=${creator.handle}`;
    const first = await a.request('GET', path, { token: viewer.token });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-store'); // the caller's own phone number is in it
    const again = await b.request('GET', path, { token: viewer.token, headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    const send = await a.request('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 2, message: 'changed', creator: creator.handle },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(send.status).toBe(200);
    for (const app of [a, b]) {
      const after = await app.request('GET', path, {
        token: viewer.token,
        headers: { 'If-None-Match': etag },
      });
      expect(after.status).toBe(200);
      expect((after.body as Tips).tips).toHaveLength(1);
      expect(after.headers.get('etag')).not.toBe(etag);
    }
    const overlay = await b.request(
      'GET',
      `/api/creator/overlay/public?key=${encodeURIComponent(creator.overlayKey)}`,
    );
    expect(overlay.status).toBe(200);
    const overlayAgain = await a.request(
      'GET',
      `/api/creator/overlay/public?key=${encodeURIComponent(creator.overlayKey)}`,
      {
        headers: { 'If-None-Match': `W/${overlay.headers.get('etag')}, "x"` },
      },
    );
    expect(overlayAgain.status).toBe(304);
  });

  it('serves repeated reads of an unchanged space from memory (no tips query)', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    const path = `/api/tips/recent?creator=${creator.handle}`;
    await b.request('GET', path, { token: viewer.token });
    const statements: string[] = [];
    const record = (q: { sql: string }) => statements.push(q.sql);
    b.deps.db.on('query', record);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => b.request('GET', path, { token: viewer.token })),
    );
    b.deps.db.removeListener('query', record);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(statements.filter((s) => /from "?tips"?/.test(s))).toEqual([]);
    // Sessions and versions of concurrent reads share round trips (db/coalesce.ts).
    expect(statements.length).toBeLessThan(answers.length * 3);
  });

  it('answers many viewers missing at once in a few statements: each their own tips with their number, the rest one shared body', async () => {
    const creator = await buildCreator(db, config);
    const viewers = await Promise.all(
      Array.from({ length: 30 }, () => buildUser(db, config, { balancePaise: 100_000 })),
    );
    const [liveSender, ownSender] = viewers as [(typeof viewers)[0], (typeof viewers)[0]];
    const send = async (viewer: typeof liveSender, message: string) => {
      const sent = await a.request('POST', '/api/tips/send', {
        token: viewer.token,
        body: { amount: 1, message, creator: creator.handle },
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(sent.status).toBe(200);
      return (sent.body as { tip: { id: string } }).tip.id;
    };
    const liveTip = await send(liveSender, 'gone live');
    const pushed = await a.request('PATCH', `/api/creator/chats/${liveTip}/status`, {
      token: creator.token,
      body: { status: 'read' },
    });
    expect(pushed.status).toBe(200);
    const ownTip = await send(ownSender, 'still in the queue');

    const statements: string[] = [];
    const record = (q: { sql: string }) => statements.push(q.sql);
    b.deps.db.on('query', record);
    const answers = await Promise.all(
      viewers.map((v) => b.request('GET', `/api/tips/recent?creator=${creator.handle}`, { token: v.token })),
    );
    b.deps.db.removeListener('query', record);
    expect(answers.map((r) => r.status)).toEqual(viewers.map(() => 200));
    type Read = { tips: Array<{ id: string; sender: { phone: string | null } | null }> };
    const read = (i: number) => answers[i]!.body as Read;
    // The live tip's sender reads it with their number in full; the viewer with a tip in the queue reads it too.
    expect(read(0).tips.map((t) => [t.id, t.sender?.phone])).toEqual([[liveTip, liveSender.phone]]);
    expect(read(1).tips.map((t) => [t.id, t.sender?.phone])).toEqual([
      [ownTip, ownSender.phone],
      [liveTip, null],
    ]);
    // Everyone else reads the public list, no number in it, as one body (one ETag).
    for (let i = 2; i < viewers.length; i++)
      expect(read(i).tips.map((t) => [t.id, t.sender?.phone])).toEqual([[liveTip, null]]);
    const publicTags = new Set(answers.slice(2).map((r) => r.headers.get('etag')));
    expect(publicTags.size).toBe(1);
    expect(publicTags.has(answers[0]!.headers.get('etag'))).toBe(false);
    // The 30 misses read the tips in a few shared statements, not one each (db/coalesce.ts).
    const tipReads = statements.filter((s) => /from tips/.test(s));
    expect(tipReads.length).toBeGreaterThan(0);
    expect(tipReads.length).toBeLessThanOrEqual(10);
  });

  it('answers a cached recent-tips read after one statement: its session and the creator space version together', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    const path = `/api/tips/recent?creator=${creator.handle}`;
    const first = await b.request('GET', path, { token: viewer.token });
    const statements: string[] = [];
    const record = (q: { sql: string }) => statements.push(q.sql);
    b.deps.db.on('query', record);
    const again = await b.request('GET', path, { token: viewer.token });
    b.deps.db.removeListener('query', record);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(statements).toHaveLength(1);
  });

  it('matches If-None-Match lists and weak validators', () => {
    expect(etagMatches('"a", W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"z"')).toBe(true);
    expect(etagMatches('"a"', '"b"')).toBe(false);
    expect(etagMatches('', '"b"')).toBe(false);
  });
});
