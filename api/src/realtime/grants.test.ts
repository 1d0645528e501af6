import { describe, expect, it } from 'vitest';
import { WS_CLOSE } from '@shabaash/shared';
import { createTestApp } from '../../test/harness.ts';
import { buildCreator, buildUser } from '../../test/factories.ts';
import { bumpSpace, creatorSpace } from '../modules/sync/spaces.ts';
import { grantFor, HelloRefused } from './grants.ts';

const app = await createTestApp();
const { db, config } = app.deps;

describe('what a hello is granted', () => {
  it('a viewer without a creator joins the same default creator that GET /config names, even on a created_at tie', async () => {
    const one = await buildCreator(db, config);
    const two = await buildCreator(db, config);
    // Equal creation times; the handle that sorts first belongs to the larger user id, so ordering by user id
    // (the hub's old rule) and by handle (the repository's) pick different creators.
    const [low, high] = [one, two].sort((a, b) => a.id.localeCompare(b.id));
    await db('creators')
      .whereIn('user_id', [one.id, two.id])
      .update({ created_at: new Date('2000-01-01T00:00:00Z') });
    await db('creators').where({ user_id: high!.id }).update({ handle: 'aaa-first-handle' });
    await db('creators').where({ user_id: low!.id }).update({ handle: 'zzz-last-handle' });

    const viewer = await buildUser(db, config);
    const grant = await grantFor(db, config, { type: 'hello', token: viewer.token });
    const res = await app.request('GET', '/api/config');
    expect(res.status).toBe(200);
    expect((res.body as { defaultCreator: { handle: string } }).defaultCreator.handle).toBe(
      'aaa-first-handle',
    );
    expect(grant.rooms).toEqual([`wallet:${viewer.id}`, `public:${high!.id}`]);
    expect([...grant.spaces]).toEqual([
      [`wallet:${viewer.id}`, 'wallet'],
      [`creator:${high!.id}`, 'public'],
    ]);
  });

  it("a creator's token joins their own room and payouts in full; an overlay key only that creator's overlay", async () => {
    const c = await buildCreator(db, config);
    const own = await grantFor(db, config, { type: 'hello', token: c.token });
    expect(own.creatorOf).toBe(c.id);
    expect(own.spaces.get(`creator:${c.id}`)).toBe('full');
    expect(own.spaces.get(`payouts:${c.id}`)).toBe('full');
    expect(own.rooms).toContain(`payouts:${c.id}`);
    const overlay = await grantFor(db, config, { type: 'hello', overlayKey: c.overlayKey });
    expect(overlay).toMatchObject({ session: null, overlayOf: c.id, rooms: [`overlay:${c.id}`] });
    expect([...overlay.spaces.keys()]).toEqual([`creator:${c.id}`]);
  });

  it("an overlay key's grant carries its creator space's current version, each key its own in one shared read", async () => {
    const [a, b] = [await buildCreator(db, config), await buildCreator(db, config)];
    await db.transaction(async (tx) => {
      await bumpSpace(tx, creatorSpace(a.id));
      await bumpSpace(tx, creatorSpace(a.id));
    });
    // Concurrent hellos: the lookups share round trips (db/coalesce.ts), yet each gets its own creator and version.
    const [ga, gb, unknown] = await Promise.all([
      grantFor(db, config, { type: 'hello', overlayKey: a.overlayKey }),
      grantFor(db, config, { type: 'hello', overlayKey: b.overlayKey }),
      grantFor(db, config, { type: 'hello', overlayKey: 'no-such-key' }).catch((e: unknown) => e),
    ]);
    expect(ga.overlayOf).toBe(a.id);
    expect(ga.versions).toEqual({ [creatorSpace(a.id)]: 2 });
    expect(gb.overlayOf).toBe(b.id);
    expect(gb.versions).toEqual({ [creatorSpace(b.id)]: 0 });
    expect(unknown).toBeInstanceOf(HelloRefused);
    await db.transaction((tx) => bumpSpace(tx, creatorSpace(a.id)));
    const again = await grantFor(db, config, { type: 'hello', overlayKey: a.overlayKey });
    expect(again.versions).toEqual({ [creatorSpace(a.id)]: 3 });
  });

  it('refuses a hello without credentials, a bad token, an unknown creator and an unknown overlay key', async () => {
    const viewer = await buildUser(db, config);
    const cases = [
      { type: 'hello' as const },
      { type: 'hello' as const, token: 'not-a-token' },
      { type: 'hello' as const, token: viewer.token, creator: 'no-such-creator' },
      { type: 'hello' as const, overlayKey: 'no-such-key' },
    ];
    const codes = [];
    for (const hello of cases) {
      const err = await grantFor(db, config, hello).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HelloRefused);
      codes.push((err as HelloRefused).code);
    }
    expect(codes).toEqual([
      WS_CLOSE.unauthorized,
      WS_CLOSE.unauthorized,
      WS_CLOSE.badMessage,
      WS_CLOSE.unauthorized,
    ]);
  });
});
