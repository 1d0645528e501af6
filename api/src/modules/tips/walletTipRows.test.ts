/**
 * What a batch of wallet tips (`shabaash_send_wallet_tips`) writes and checks: no row for a sender or creator that
 * does not exist (the batch, not a foreign key, guarantees the ledger's, the key's and the earning's references),
 * each creator's payouts space and subathon timer moved once per tip as before, and no more lookups of the people
 * and tips it just proved than it needs.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.ts';
import { buildCreator, buildUser, type BuiltCreator, type BuiltUser } from '../../../test/factories.ts';
import type { Executor } from '../../db/knex.ts';
import { postLedgerEntry } from '../wallet/ledger.ts';
import { findTipContext } from '../safety/safety.repository.ts';
import { sendWalletTips, type WalletTipInput } from './walletTips.repository.ts';

const app = await createTestApp();
const { db, config } = app.deps;

async function tipInput(
  viewer: BuiltUser,
  creator: BuiltCreator,
  amountPaise: number,
): Promise<WalletTipInput> {
  const session = await db('sessions').where({ user_id: viewer.id }).first<{ id: string }>('id');
  return {
    tipId: randomUUID(),
    userId: viewer.id,
    sessionId: session.id,
    creator: (await findTipContext(db, { creatorId: creator.id }))!,
    amountPaise,
    message: 'hello',
    autoLive: false,
    tipDescription: 'Tip',
    cashbackPaise: 1,
    cashbackDescription: 'Cashback',
    idempotencyKey: randomUUID(),
    requestHash: 'h',
    refused: false,
  };
}

/** Rows of the tables a wallet tip writes that name this user (as sender, ledger owner, key owner) or creator. */
async function rowsNaming(id: string): Promise<Record<string, number>> {
  const count = async (table: string, column: string) =>
    Number((await db(table).where(column, id).count<{ n: string }[]>('* as n'))[0]!.n);
  return {
    keys: await count('idempotency_keys', 'user_id'),
    ledger: await count('wallet_transactions', 'user_id'),
    sent: await count('tips', 'sender_id'),
    received: await count('tips', 'creator_id'),
    earnings: await count('earnings', 'creator_id'),
  };
}

const NOTHING = { keys: 0, ledger: 0, sent: 0, received: 0, earnings: 0 };

async function payoutsVersion(creatorId: string): Promise<number> {
  const row = await db('sync_spaces')
    .where({ space: `payouts:${creatorId}` })
    .first<{ version: string }>('version');
  return Number(row?.version ?? 0);
}

/** Index scans of users, creators, tips and earnings in this transaction (foreign-key checks are index scans). */
async function indexScans(tx: Executor): Promise<number> {
  const { rows } = await tx.raw<{ rows: Array<{ n: string }> }>(
    `select coalesce(sum(idx_scan), 0) as n from pg_stat_xact_user_tables
      where relname in ('users', 'creators', 'tips', 'earnings')`,
  );
  return Number(rows[0]!.n);
}

describe('a batch of wallet tips', () => {
  it('refuses a sender with no account and writes nothing for them', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 10_000 });
    const ghost = { ...viewer, id: randomUUID() };
    const tip = { ...(await tipInput(viewer, creator, 500)), userId: ghost.id, sessionId: randomUUID() };
    expect(await sendWalletTips(db, [tip])).toEqual([{ error: 'SH401' }]);
    expect(await rowsNaming(ghost.id)).toEqual(NOTHING);
    expect(await rowsNaming(creator.id)).toEqual(NOTHING);
  });

  it('refuses a creator with no account and writes nothing for either side', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 10_000 });
    const tip = await tipInput(viewer, creator, 500);
    const ghost = randomUUID();
    const refused = await sendWalletTips(db, [{ ...tip, creator: { ...tip.creator, creatorId: ghost } }]);
    expect(refused).toEqual([{ error: 'SH412' }]);
    expect(await rowsNaming(ghost)).toEqual(NOTHING);
    expect(await rowsNaming(viewer.id)).toEqual({ ...NOTHING, ledger: 1 }); // its funding only
  });

  it('a ledger entry for someone without a wallet is refused and writes no ledger row', async () => {
    const ghost = randomUUID();
    await expect(
      postLedgerEntry(db, {
        userId: ghost,
        type: 'credit',
        kind: 'top_up',
        amountPaise: 100,
        description: 'Top-up',
        reference: `ref:${ghost}`,
      }),
    ).rejects.toThrow(/wallet of user .* does not exist/);
    expect(await rowsNaming(ghost)).toEqual(NOTHING);
  });

  it("credits every tip's earning to that tip's creator, and moves each payouts space and timer once per tip", async () => {
    const [a, b] = [await buildCreator(db, config), await buildCreator(db, config)];
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    // Each creator has a balance row already (their first tip), so the batch only updates it.
    await sendWalletTips(db, [await tipInput(viewer, a!, 100), await tipInput(viewer, b!, 100)]);
    await db('subathon_timers').insert({
      creator_id: a!.id,
      run_id: randomUUID(),
      status: 'running',
      started_at: db.fn.now(),
      ends_at: db.raw(`now() + interval '1 hour'`),
      seconds_per_rupee: 6,
    });
    const versions = [await payoutsVersion(a!.id), await payoutsVersion(b!.id)];
    const batch = [
      await tipInput(viewer, a!, 1_000),
      await tipInput(viewer, b!, 1_000),
      await tipInput(viewer, a!, 500),
    ];
    const outcomes = await sendWalletTips(db, batch);
    expect(outcomes.every((o) => 'status' in o && o.status === 200)).toBe(true);

    const earnings = await db('earnings as e')
      .join('tips as t', 't.id', 'e.tip_id')
      .whereIn(
        'e.tip_id',
        batch.map((t) => t.tipId),
      )
      .select('e.creator_id as earner', 't.creator_id as creator', 'e.gross_paise as gross');
    expect(earnings).toHaveLength(3);
    for (const e of earnings) expect(e.earner).toBe(e.creator);
    // One balance write per creator in the batch: one bump of each payouts space.
    expect([await payoutsVersion(a!.id), await payoutsVersion(b!.id)]).toEqual(versions.map((v) => v + 1));
    // ₹10 and ₹5 at 6 s per rupee, both to creator a's running timer, none to b.
    const timer = await db('subathon_timers').where({ creator_id: a!.id }).first<{ added_seconds: string }>();
    expect(Number(timer.added_seconds)).toBe(90);
    const added = await db('subathon_timer_tips')
      .whereIn(
        'tip_id',
        batch.map((t) => t.tipId),
      )
      .select('tip_id');
    expect(added.map((r) => r.tip_id).sort()).toEqual([batch[0]!.tipId, batch[2]!.tipId].sort());
  });

  it('does not look up again the senders, creators and tips it has already proved', async () => {
    const creators = [await buildCreator(db, config), await buildCreator(db, config)];
    const viewers = [await buildUser(db, config, { balancePaise: 100_000 })];
    viewers.push(await buildUser(db, config, { balancePaise: 100_000 }));
    await sendWalletTips(db, [await tipInput(viewers[0]!, creators[0]!, 100)]); // plans cached, rows made
    const batch = [
      await tipInput(viewers[0]!, creators[0]!, 100),
      await tipInput(viewers[1]!, creators[1]!, 100),
      await tipInput(viewers[0]!, creators[1]!, 100),
    ];
    const scans = await db.transaction(async (tx) => {
      const before = await indexScans(tx);
      await sendWalletTips(tx, batch);
      return (await indexScans(tx)) - before;
    });
    // 25 for these three tips: the creator context check and locks, the result's sender, the tip's own foreign keys
    // and its earning movement's. 43 when each tip also checked its key's (twice), ledger rows' (twice) and
    // earning's (twice) references, each an index scan of users, creators or tips.
    expect(scans / batch.length).toBeLessThanOrEqual(9);
  });
});
