import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { RecordingBus } from '../../test/doubles.ts';
import { buildCreator } from '../../test/factories.ts';
import { creatorSpace } from '../modules/sync/spaces.ts';
import { insertTip } from '../modules/tips/tips.repository.ts';
import { AUTO_CLEAR_LOCK_ID, clearOldChats, runAutoClearOnce, startAutoClearLoop } from './autoClear.ts';

let app: TestApp;
let bus: RecordingBus;

beforeAll(async () => {
  bus = new RecordingBus();
  app = await createTestApp({ extend: (deps) => ({ ...deps, realtime: bus }) });
});

async function seed(creatorId: string, message: string, ageHours = 0): Promise<string> {
  const row = await app.deps.db.transaction((tx) =>
    insertTip(tx, { creatorId, senderId: null, guestName: 'g', source: 'guest', amountPaise: 100, message }),
  );
  if (ageHours)
    await app.deps
      .db('tips')
      .where({ id: row.id })
      .update({ created_at: app.deps.db.raw(`now() - (? * interval '1 hour')`, [ageHours]) });
  return row.id;
}

describe('auto-clear of chats older than 24 h', () => {
  it('tombstones old chats as versioned deletes, one version each, leaves fresh ones and announces the space', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const old1 = await seed(creator.id, 'old one', 25);
    const old2 = await seed(creator.id, 'old two', 30);
    const fresh = await seed(creator.id, 'fresh', 23);
    bus.changedSpaces.length = 0;

    const cleared = await clearOldChats(app.deps);
    expect(cleared).toBeGreaterThanOrEqual(2);
    const rows = await db('tips')
      .whereIn('id', [old1, old2, fresh])
      .select('id', 'deleted_at', 'message', 'version');
    const byId = new Map(rows.map((r) => [r.id as string, r]));
    expect(byId.get(fresh)).toMatchObject({ deleted_at: null, message: 'fresh', version: 3 });
    for (const id of [old1, old2])
      expect(byId.get(id)).toMatchObject({ message: '', deleted_at: expect.any(Date) });
    expect([byId.get(old1)?.version, byId.get(old2)?.version].sort()).toEqual([4, 5]);
    expect(
      (
        await db('sync_spaces')
          .where({ space: creatorSpace(creator.id) })
          .first()
      ).version,
    ).toBe(5);
    expect(bus.changedSpaces).toContain(creatorSpace(creator.id));

    const changes = await app.request<{ deleted: string[] }>('GET', '/api/creator/chats/changes?since=3', {
      token: creator.token,
    });
    expect(changes.body.deleted.sort()).toEqual([old1, old2].sort());
    expect(await clearOldChats(app.deps)).toBe(0); // nothing left to clear
  });

  it('runs on one instance at a time: skips while another holds the advisory lock', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const old = await seed(creator.id, 'old', 25);
    const holder: unknown = await db.client.acquireConnection();
    try {
      await db.raw('select pg_advisory_lock(?)', [AUTO_CLEAR_LOCK_ID]).connection(holder);
      expect(await runAutoClearOnce(app.deps)).toEqual({ ran: false, cleared: 0 });
      expect((await db('tips').where({ id: old }).first()).deleted_at).toBeNull();
      await db.raw('select pg_advisory_unlock(?)', [AUTO_CLEAR_LOCK_ID]).connection(holder);
    } finally {
      await db.client.releaseConnection(holder);
    }
    expect(await runAutoClearOnce(app.deps)).toEqual({ ran: true, cleared: 1 });
  });

  it('also prunes rate-limit windows that ended over an hour ago, keeping current ones', async () => {
    const { db } = app.deps;
    await db('rate_limits').insert([
      { key: 'login:ip:stale', window_start: db.raw(`now() - interval '2 hours'`), count: 3 },
      { key: 'login:ip:current', window_start: db.raw('now()'), count: 1 },
    ]);
    expect((await runAutoClearOnce(app.deps)).ran).toBe(true);
    const keys = (await db('rate_limits').whereLike('key', 'login:ip:%').pluck('key')) as string[];
    expect(keys).toEqual(['login:ip:current']);
  });

  it('the loop runs at once and stops cleanly', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const old = await seed(creator.id, 'old', 48);
    const stop = startAutoClearLoop(app.deps, { intervalMs: 50 });
    await expect
      .poll(async () => (await db('tips').where({ id: old }).first()).deleted_at, { timeout: 5000 })
      .not.toBeNull();
    await stop();
    const later = await seed(creator.id, 'old after stop', 48);
    await new Promise((r) => setTimeout(r, 200));
    expect((await db('tips').where({ id: later }).first()).deleted_at).toBeNull();
  });
});
