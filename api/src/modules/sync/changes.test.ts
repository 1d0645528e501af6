import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildCreator, buildUser, type BuiltCreator, type BuiltUser } from '../../../test/factories.ts';
import { insertTip } from '../tips/tips.repository.ts';
import { postLedgerEntry } from '../wallet/ledger.ts';
import { creatorChangesSince, creatorsChangesSince, walletChangesSince } from './changes.ts';
import { bumpSpace, creatorSpace } from './spaces.ts';

let app: TestApp;
let creator: BuiltCreator;
let viewer: BuiltUser;

beforeAll(async () => {
  app = await createTestApp();
  creator = await buildCreator(app.deps.db, app.deps.config);
  viewer = await buildUser(app.deps.db, app.deps.config, { balancePaise: 50_000 });
});

describe('creatorChangesSince', () => {
  it('returns changed rows and tombstones in version order, pages with hasMore, and marks the creating version', async () => {
    const { db } = app.deps;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const row = await db.transaction((tx) =>
        insertTip(tx, {
          creatorId: creator.id,
          senderId: viewer.id,
          guestName: null,
          source: 'wallet',
          amountPaise: 100 + i,
          message: `m${i}`,
        }),
      );
      ids.push(row.id);
    }
    await db.transaction(async (tx) => {
      const v = await bumpSpace(tx, creatorSpace(creator.id));
      await tx('tips').where({ id: ids[0] }).update({ deleted_at: tx.fn.now(), message: '', version: v });
    });

    const all = await creatorChangesSince(db, creator.id, 0);
    expect(all.version).toBe(6);
    expect(all.hasMore).toBe(false);
    expect(all.rows.map((r) => r.id)).toEqual([...ids.slice(1), ids[0]]);
    expect(all.rows.map((r) => r.version)).toEqual([2, 3, 4, 5, 6]);
    expect(all.rows[4]?.deletedAt).toBeInstanceOf(Date);
    expect(all.rows[4]?.createdVersion).toBe(1);
    expect(all.rows[0]?.sender?.phone).toBe(viewer.phone);

    const page = await creatorChangesSince(db, creator.id, 0, 2);
    expect(page).toMatchObject({ version: 3, hasMore: true });
    const rest = await creatorChangesSince(db, creator.id, page.version, 10);
    expect(rest.rows.map((r) => Number(r.version))).toEqual([4, 5, 6]);
    expect(await creatorChangesSince(db, creator.id, 6)).toMatchObject({
      rows: [],
      version: 6,
      hasMore: false,
    });
  });
});

describe('creatorsChangesSince', () => {
  it('reads many creators in one statement exactly as creatorChangesSince reads each', async () => {
    const { db } = app.deps;
    const quiet = await buildCreator(db, app.deps.config);
    const cursors = [
      { creatorId: creator.id, since: 1 },
      { creatorId: quiet.id, since: 0 },
    ];
    for (const limit of [2, 500]) {
      const many = await creatorsChangesSince(db, cursors, limit);
      expect([...many.keys()].sort()).toEqual([creator.id, quiet.id].sort());
      for (const { creatorId, since } of cursors)
        expect(many.get(creatorId)).toEqual(await creatorChangesSince(db, creatorId, since, limit));
    }
    expect(await creatorsChangesSince(db, [])).toEqual(new Map());
  });
});

describe('walletChangesSince', () => {
  it('returns ledger rows after a version with the balance from the same snapshot', async () => {
    const { db } = app.deps;
    const start = await walletChangesSince(db, viewer.id, 0);
    expect(start.balancePaise).toBe(50_000);
    const before = start.version;
    await db.transaction((tx) =>
      postLedgerEntry(tx, {
        userId: viewer.id,
        type: 'debit',
        kind: 'tip',
        amountPaise: 1_234,
        description: 'Tip',
        reference: 'tip-x',
      }),
    );
    const next = await walletChangesSince(db, viewer.id, before);
    expect(next.rows).toHaveLength(1);
    expect(next.rows[0]).toMatchObject({ type: 'debit', amount_paise: 1_234, version: before + 1 });
    expect(next).toMatchObject({ balancePaise: 48_766, version: before + 1, hasMore: false });
    expect(await walletChangesSince(db, viewer.id, before, 0)).toMatchObject({
      rows: [],
      balancePaise: 48_766,
      version: before + 1,
    });
  });
});
