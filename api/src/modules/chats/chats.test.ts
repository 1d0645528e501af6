import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskPhone, type Tip } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { RecordingBus } from '../../../test/doubles.ts';
import { buildCreator, buildUser, type BuiltCreator } from '../../../test/factories.ts';
import { creatorSpace } from '../sync/spaces.ts';
import { insertTip } from '../tips/tips.repository.ts';

let app: TestApp;
let bus: RecordingBus;

beforeAll(async () => {
  bus = new RecordingBus();
  app = await createTestApp({ extend: (deps) => ({ ...deps, realtime: bus }) });
});

/** A tip straight into the database (guest or from a sender), as the webhook or wallet paths would leave it. */
async function seedTip(
  creator: BuiltCreator,
  opts: { message?: string; amountPaise?: number; senderId?: string; guestName?: string } = {},
): Promise<string> {
  const row = await app.deps.db.transaction((tx) =>
    insertTip(tx, {
      creatorId: creator.id,
      senderId: opts.senderId ?? null,
      guestName: opts.senderId ? null : (opts.guestName ?? 'Guest'),
      source: opts.senderId ? 'wallet' : 'guest',
      amountPaise: opts.amountPaise ?? 10_000,
      message: opts.message ?? '',
      paymentId: opts.senderId ? null : `pay_${randomUUID()}`,
    }),
  );
  return row.id;
}

/** PATCH a chat's status as its creator. */
const setStatus = (creator: BuiltCreator, id: string, status: string) =>
  app.request<{ tip: Tip }>('PATCH', `/api/creator/chats/${id}/status`, {
    token: creator.token,
    body: { status },
  });

const chats = (creator: BuiltCreator, query = '') =>
  app.request<{ tips: Tip[]; version: number }>('GET', `/api/creator/chats${query}`, {
    token: creator.token,
  });

describe('creator routes: authorisation', () => {
  it('answer 401 anonymous and 403 to a viewer on every creator route', async () => {
    const { db, config } = app.deps;
    const viewer = await buildUser(db, config);
    const id = randomUUID();
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/creator/chats'],
      ['PATCH', `/api/creator/chats/${id}/status`, { status: 'read' }],
      ['DELETE', `/api/creator/chats/${id}`],
      ['GET', '/api/creator/analytics'],
      ['GET', '/api/creator/recent-tips'],
      ['GET', '/api/creator/overlay'],
      [
        'PUT',
        '/api/creator/settings',
        { overlayTheme: 'classic', font: 'Poppins', color: '#123456', sound: 'default' },
      ],
      ['POST', '/api/creator/overlay-key/rotate'],
      ['GET', '/api/creator/export.csv'],
    ];
    for (const [method, path, body] of routes) {
      const anon = await app.request<{ code: string }>(method, path, { body });
      expect(anon.status, `${method} ${path} anonymous`).toBe(401);
      const asViewer = await app.request<{ code: string }>(method, path, { body, token: viewer.token });
      expect(asViewer.status, `${method} ${path} viewer`).toBe(403);
      expect(asViewer.body.code).toBe('FORBIDDEN');
    }
  });

  it("answers 404 for another creator's tip, an unknown id and a malformed id, and leaks nothing", async () => {
    const { db, config } = app.deps;
    const owner = await buildCreator(db, config);
    const intruder = await buildCreator(db, config);
    const tipId = await seedTip(owner, { message: 'private words' });
    for (const id of [tipId, randomUUID(), 'not-a-uuid', "1' or '1'='1"]) {
      const path = `/api/creator/chats/${encodeURIComponent(id)}`;
      const patch = await app.request<{ message: string }>('PATCH', `${path}/status`, {
        token: intruder.token,
        body: { status: 'read' },
      });
      expect(patch.status).toBe(404);
      expect(JSON.stringify(patch.body)).not.toContain('private');
      expect((await app.request('DELETE', path, { token: intruder.token })).status).toBe(404);
    }
    expect((await chats(intruder)).body.tips).toEqual([]);
    const row = await db('tips').where({ id: tipId }).first();
    expect(row).toMatchObject({ status: 'unread', deleted_at: null, message: 'private words' });
  });
});

describe('GET /api/creator/chats', () => {
  it('searches message and name literally and case-insensitively (%, _, \\ and quotes)', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const rahul = await buildUser(db, config, { name: 'Rahul Sharma' });
    const ids = {
      percent: await seedTip(creator, { message: 'Giving 100% today' }),
      percentDecoy: await seedTip(creator, { message: 'Giving 1000 today' }),
      underscore: await seedTip(creator, { message: 'I love snake_case' }),
      underscoreDecoy: await seedTip(creator, { message: 'I love snakeXcase' }),
      quote: await seedTip(creator, { message: "it's lit" }),
      quoteDecoy: await seedTip(creator, { message: 'its lit' }),
      backslash: await seedTip(creator, { message: 'C:\\stream' }),
      byName: await seedTip(creator, { senderId: rahul.id, message: 'hello' }),
      byGuest: await seedTip(creator, { guestName: 'Priya_K', message: 'hi' }),
    };
    const search = async (text: string) =>
      (await chats(creator, `?search=${encodeURIComponent(text)}`)).body.tips.map((t) => t.id).sort();
    expect(await search('100%')).toEqual([ids.percent]);
    expect(await search('snake_case')).toEqual([ids.underscore]);
    expect(await search("IT'S")).toEqual([ids.quote]);
    expect(await search('\\')).toEqual([ids.backslash]);
    expect(await search('  rahul  ')).toEqual([ids.byName]);
    expect(await search('priya_k')).toEqual([ids.byGuest]);
    expect(await search('%')).toEqual([ids.percent]);
    expect(await search('_')).toEqual([ids.underscore, ids.byGuest].sort());
    expect((await chats(creator, '?search=')).body.tips.length).toBe(Object.keys(ids).length);
  });

  it('sorts by most recently updated, or by amount with the newest as tiebreak, and reports the version', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const small = await seedTip(creator, { amountPaise: 100, message: 'small' });
    const bigOld = await seedTip(creator, { amountPaise: 50_000, message: 'big old' });
    const bigNew = await seedTip(creator, { amountPaise: 50_000, message: 'big new' });
    await db('tips')
      .where({ id: bigOld })
      .update({ created_at: db.raw(`now() - interval '1 hour'`) });
    await setStatus(creator, small, 'read');

    const byUpdated = await chats(creator);
    expect(byUpdated.body.tips.map((t) => t.id)).toEqual([small, bigNew, bigOld]);
    expect(byUpdated.body.version).toBe(4); // three inserts and one status change
    const byAmount = await chats(creator, '?sort=amount');
    expect(byAmount.body.tips.map((t) => t.id)).toEqual([bigNew, bigOld, small]);
    expect((await chats(creator, '?sort=loudest')).status).toBe(400);
  });

  it('returns at most 200 chats', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    await db.transaction(async (tx) => {
      for (let i = 0; i < 205; i++) {
        await insertTip(tx, {
          creatorId: creator.id,
          senderId: null,
          guestName: 'g',
          source: 'guest',
          amountPaise: 100,
          message: `${i}`,
        });
      }
    });
    expect((await chats(creator)).body.tips.length).toBe(200);
  });
});

describe('moderation: status, delete and since', () => {
  it('pushes live, ignores (hidden unless asked for) and deletes with versioned changes announced on the creator space', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { name: 'Meera' });
    const live = await seedTip(creator, { senderId: viewer.id, message: 'go live' });
    const hidden = await seedTip(creator, { message: 'spam' });
    const gone = await seedTip(creator, { message: 'delete me' });

    bus.changedSpaces.length = 0;
    const pushed = await setStatus(creator, live, 'read');
    expect(pushed.status).toBe(200);
    expect(pushed.body.tip).toMatchObject({ id: live, status: 'read', name: 'Meera', version: 4 });
    expect(pushed.body.tip.sender?.phone).toBe(maskPhone(viewer.phone));
    expect(bus.changedSpaces).toEqual([creatorSpace(creator.id)]);

    // Same status again: nothing changes, nothing is announced.
    const again = await setStatus(creator, live, 'read');
    expect(again.body.tip.version).toBe(4);
    expect(bus.changedSpaces.length).toBe(1);

    expect((await setStatus(creator, hidden, 'ignore')).status).toBe(200);
    expect((await setStatus(creator, hidden, 'gone')).status).toBe(400);
    const del = await app.request<{ id: string }>('DELETE', `/api/creator/chats/${gone}`, {
      token: creator.token,
    });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: gone });
    expect(bus.changedSpaces).toEqual([
      creatorSpace(creator.id),
      creatorSpace(creator.id),
      creatorSpace(creator.id),
    ]);

    const tombstone = await db('tips').where({ id: gone }).first();
    expect(tombstone.deleted_at).not.toBeNull();
    expect(tombstone.message).toBe('');
    expect(tombstone.version).toBe(6);

    expect((await chats(creator)).body.tips.map((t) => t.id)).toEqual([live]);
    expect((await chats(creator, '?status=ignore')).body.tips.map((t) => t.id)).toEqual([hidden]);
    expect((await chats(creator, '?status=unread')).body.tips).toEqual([]);
    // A deleted chat is gone for good.
    expect((await app.request('DELETE', `/api/creator/chats/${gone}`, { token: creator.token })).status).toBe(
      404,
    );
    expect((await setStatus(creator, gone, 'read')).status).toBe(404);
  });

  it('since=<version> returns rows changed after it and tombstones; a future version resets', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const before = await seedTip(creator, { message: 'before' });
    const toChange = await seedTip(creator, { message: 'will change' });
    const toDelete = await seedTip(creator, { message: 'will go' });
    const { version } = (await chats(creator)).body;
    expect(version).toBe(3);

    const added = await seedTip(creator, { message: 'new' });
    await setStatus(creator, toChange, 'ignore');
    await app.request('DELETE', `/api/creator/chats/${toDelete}`, { token: creator.token });

    const changes = await app.request<{ tips: Tip[]; deleted: string[]; version: number; reset: boolean }>(
      'GET',
      `/api/creator/chats/changes?since=${version}`,
      { token: creator.token },
    );
    expect(changes.status).toBe(200);
    expect(changes.body.reset).toBe(false);
    expect(changes.body.version).toBe(6);
    expect(changes.body.tips.map((t) => [t.id, t.status])).toEqual([
      [added, 'unread'],
      [toChange, 'ignore'],
    ]);
    expect(changes.body.deleted).toEqual([toDelete]);
    expect(changes.body.tips.map((t) => t.id)).not.toContain(before);

    const none = await app.request<{ tips: Tip[]; deleted: string[]; version: number }>(
      'GET',
      '/api/creator/chats/changes?since=6',
      { token: creator.token },
    );
    expect(none.body).toMatchObject({ tips: [], deleted: [], version: 6, reset: false });

    const future = await app.request<{ tips: Tip[]; reset: boolean; version: number }>(
      'GET',
      '/api/creator/chats/changes?since=999',
      { token: creator.token },
    );
    expect(future.body.reset).toBe(true);
    expect(future.body.version).toBe(6);
    expect(future.body.tips.map((t) => t.id).sort()).toEqual([before, added].sort());
  });
});
