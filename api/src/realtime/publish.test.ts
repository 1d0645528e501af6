import { describe, expect, it } from 'vitest';
import { LIMITS, type ServerMessage } from '@shabaash/shared';
import { createTestApp } from '../../test/harness.ts';
import { buildCreator, buildUser } from '../../test/factories.ts';
import { fakeConn } from '../../test/realtime/fakeConn.ts';
import { createLogger } from '../logger.ts';
import { creatorSpace, payoutsSpace, spaceVersion, walletSpace } from '../modules/sync/spaces.ts';
import { releaseEarnings } from '../modules/payouts/earnings.repository.ts';
import { insertTip } from '../modules/tips/tips.repository.ts';
import { postLedgerEntry } from '../modules/wallet/ledger.ts';
import { getPayoutSummary } from '../modules/payouts/payouts.service.ts';
import { createPublisher } from './publish.ts';
import { createSender } from './sending.ts';

const app = await createTestApp();
const { db, config } = app.deps;
const log = createLogger('silent');
const newPublisher = () =>
  createPublisher({
    db,
    log,
    sender: createSender({ maxBufferedBytes: 1e6, check: true, log }),
    payoutSummary: (creatorId) => getPayoutSummary({ db, config }, creatorId),
  });
const versions = (sent: ServerMessage[]) =>
  sent.map((m) => ('version' in m ? `${m.type}@${m.version}` : m.type));

async function tip(creatorId: string, senderId: string, status: 'unread' | 'read' = 'read') {
  return db.transaction((tx) =>
    insertTip(tx, {
      creatorId,
      senderId,
      guestName: null,
      source: 'wallet',
      amountPaise: 5000,
      message: 'hi',
      status,
    }),
  );
}

/** A creator and a viewer who has tipped them `count` times. */
async function creatorWithTips(count: number) {
  const c = await buildCreator(db, config);
  const v = await buildUser(db, config);
  for (let i = 0; i < count; i += 1) await tip(c.id, v.id);
  return { c, v };
}

describe('the per-space publish queue', () => {
  it('a new subscriber catches up in version order, then gets each later change once', async () => {
    const { c, v } = await creatorWithTips(2);
    const space = creatorSpace(c.id);
    const publisher = newPublisher();
    const conn = fakeConn();
    conn.subs.clear();
    publisher.subscribe(conn, space, 'full', 0, await spaceVersion(db, space));
    await publisher.settled();
    expect(versions(conn.fake.sent)).toEqual(['tip:new@1', 'tip:new@2']);
    await tip(c.id, v.id);
    const state = publisher.states.get(space)!;
    publisher.schedule(state);
    publisher.schedule(state); // coalesced with the one already queued
    await publisher.settled();
    publisher.schedule(state);
    await publisher.settled();
    expect(versions(conn.fake.sent)).toEqual(['tip:new@1', 'tip:new@2', 'tip:new@3']);
    publisher.unsubscribeAll(conn);
    expect(publisher.states.has(space)).toBe(false);
  });

  it('an overlay subscriber starting from now sees nothing old, and of an unread tip only that it was paid', async () => {
    const c = await buildCreator(db, config);
    const v = await buildUser(db, config);
    await tip(c.id, v.id);
    const space = creatorSpace(c.id);
    const publisher = newPublisher();
    const conn = fakeConn();
    conn.subs.clear();
    const now = await spaceVersion(db, space);
    publisher.subscribe(conn, space, 'overlay', now, now);
    await tip(c.id, v.id, 'unread');
    await tip(c.id, v.id, 'read');
    publisher.schedule(publisher.states.get(space)!);
    await publisher.settled();
    expect(versions(conn.fake.sent)).toEqual(['tip:paid@2', 'tip:new@3']);
  });

  it('a wallet subscriber gets the balance the wallet endpoint shows', async () => {
    const u = await buildUser(db, config, { balancePaise: 10000 });
    const space = walletSpace(u.id);
    const publisher = newPublisher();
    const conn = fakeConn();
    conn.subs.clear();
    publisher.subscribe(conn, space, 'wallet', 0, 0);
    await publisher.settled();
    await postLedgerEntry(db, {
      userId: u.id,
      type: 'credit',
      kind: 'top_up',
      amountPaise: 2550,
      description: 'Test',
      reference: `test:${u.id}`,
    });
    publisher.schedule(publisher.states.get(space)!);
    await publisher.settled();
    const last = conn.fake.sent.at(-1);
    expect(last).toMatchObject({ type: 'wallet:update', data: { balance: 125.5, balancePaise: 12550 } });
    const res = await app.request('GET', '/api/wallet/balance', { token: u.token });
    expect(res.body).toMatchObject({ balance: 125.5, balancePaise: 12550 });
  });

  it("a creator's payouts space: the catch-up sends the newest summary once, then each change sends the next", async () => {
    const { c } = await creatorWithTips(2);
    const space = payoutsSpace(c.id);
    const afterTips = await spaceVersion(db, space);
    expect(afterTips).toBeGreaterThan(0); // the tips trigger credited the earnings and bumped the space
    const publisher = newPublisher();
    const conn = fakeConn();
    conn.subs.clear();
    publisher.subscribe(conn, space, 'full', 0, afterTips);
    await publisher.settled();
    expect(versions(conn.fake.sent)).toEqual([`payout:update@${afterTips}`]);
    // Two ₹50 tips under the free tier: no fee, ₹100 pending.
    expect(conn.fake.sent[0]).toMatchObject({
      data: { balances: { pendingPaise: 10_000 }, version: afterTips },
    });
    // Nothing new: a publish sends nothing.
    publisher.schedule(publisher.states.get(space)!);
    await publisher.settled();
    expect(conn.fake.sent).toHaveLength(1);
    // Earnings move (pending → available): one more summary, at the newer version.
    await releaseEarnings(db, { holdMs: 0, freeTierPaise: LIMITS.starterFreeTierPaise, limit: 100 });
    publisher.schedule(publisher.states.get(space)!);
    await publisher.settled();
    const last = conn.fake.sent.at(-1);
    expect(last).toMatchObject({
      type: 'payout:update',
      space,
      data: { balances: { pendingPaise: 0, availablePaise: 10_000 } },
    });
    const lastVersion = last?.type === 'payout:update' ? last.version : 0;
    expect(lastVersion).toBeGreaterThan(afterTips);
    const res = await app.request('GET', '/api/creator/payouts', { token: c.token });
    expect(res.body).toMatchObject({ balances: { availablePaise: 10_000 }, version: lastVersion });
  });
});
