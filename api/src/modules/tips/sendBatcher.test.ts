/**
 * The batch path of wallet tips (group commit): random batches through `shabaash_send_wallet_tips`
 * against the same tips sent alone (a batch of one each) in a mirror world; sends batched by
 * the API; a replay of a key first sent inside a batch; two instances batching against one creator.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createTestApp } from '../../../test/harness.ts';
import { buildCreator, buildUser, ledgerMismatches, type BuiltUser } from '../../../test/factories.ts';
import { findTipContext } from '../safety/safety.repository.ts';
import { SEND_BATCH_CAP } from './sendBatcher.ts';
import { FEE_PARAMETERS } from './tips.repository.ts';
import { sendWalletTips, type WalletTipBatchOutcome, type WalletTipInput } from './walletTips.repository.ts';

const app = await createTestApp();
const { db, config } = app.deps;

const VIEWERS = 4; // viewer 2 is blocked by creator 0; viewer 3's session is revoked
const CREATORS = 2;

interface Op {
  viewer: number;
  creator: number;
  paise: number;
  refused: boolean;
  stale: boolean;
  autoLive: boolean;
  key: 'none' | 'fresh' | 'seedSame' | 'seedOther';
}

const opArb: fc.Arbitrary<Op> = fc.record({
  viewer: fc.integer({ min: 0, max: VIEWERS - 1 }),
  creator: fc.integer({ min: 0, max: CREATORS - 1 }),
  paise: fc.oneof(fc.integer({ min: 1, max: 3_000 }), fc.integer({ min: 100, max: 3_000_000 })),
  refused: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  stale: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  autoLive: fc.boolean(),
  key: fc.constantFrom('none', 'fresh', 'fresh', 'seedSame', 'seedOther'),
});

/** One world: viewers with the given balances, creators (0 blocks viewer 2), viewer 3 signed out, seed tips. */
async function buildWorld(balances: number[]) {
  const creators = await Promise.all(
    Array.from({ length: CREATORS }, (_, i) =>
      buildCreator(db, config, { lifetimeGrossPaise: i * 2_499_000 }),
    ),
  );
  const viewers: BuiltUser[] = [];
  for (const balancePaise of balances) viewers.push(await buildUser(db, config, { balancePaise }));
  const sessions = await Promise.all(
    viewers.map(async (v) => (await db('sessions').where({ user_id: v.id }).first<{ id: string }>('id')).id),
  );
  await db('blocked_senders').insert({ creator_id: creators[0]!.id, user_id: viewers[2]!.id });
  await db('sessions').where({ id: sessions[3] }).update({ revoked_at: db.fn.now() });
  const contexts = await Promise.all(creators.map((c) => findTipContext(db, { creatorId: c.id })));
  const tipOf = (op: Op, i: number, tag: string): WalletTipInput => {
    const context = contexts[op.creator]!;
    const key = { none: null, fresh: `k${i}`, seedSame: 'seed', seedOther: 'seed' }[op.key];
    return {
      tipId: randomUUID(),
      userId: viewers[op.viewer]!.id,
      sessionId: sessions[op.viewer]!,
      creator: { ...context, handle: op.stale ? 'someone-else' : context.handle },
      amountPaise: op.paise,
      message: `${tag} ${i}`,
      autoLive: op.autoLive,
      tipDescription: 'Tip',
      cashbackPaise: Math.floor(op.paise / 100),
      cashbackDescription: 'Cashback',
      idempotencyKey: key,
      requestHash: op.key === 'seedOther' ? 'other' : op.key === 'seedSame' ? 'hs' : `h${i}`,
      refused: op.refused,
    };
  };
  return { creators, viewers, tipOf };
}

/** The oracle: the tip sent alone, as a batch of one. */
async function sendAlone(tip: WalletTipInput): Promise<WalletTipBatchOutcome> {
  const [outcome] = await sendWalletTips(db, [tip]);
  if (!outcome) throw new Error('a batch of one returned no outcome');
  return outcome;
}

/** What a client notices of an outcome (ids and timestamps differ between the worlds). */
function noticed(outcome: WalletTipBatchOutcome) {
  if ('error' in outcome) return outcome;
  const snapshot = outcome.response as { balance_paise: number; tip: Record<string, unknown> };
  const { tip } = snapshot;
  return {
    replayed: outcome.replayed,
    status: outcome.status,
    balance: Number(snapshot.balance_paise),
    tip: [tip.amount_paise, tip.fee_paise, tip.status, tip.message, tip.version].map(String),
  };
}

async function worldState(world: Awaited<ReturnType<typeof buildWorld>>) {
  const balances = await Promise.all(
    world.viewers.map(async (v) =>
      Number((await db('wallets').where({ user_id: v.id }).first('balance_paise'))!.balance_paise),
    ),
  );
  const chats = await Promise.all(
    world.creators.map(async (c) =>
      (
        await db('tips')
          .where({ creator_id: c.id })
          .orderBy('version')
          .select('message', 'version', 'fee_paise', 'status')
      ).map((t) => `${t.message.split(' ')[1]}:${t.version}:${t.fee_paise}:${t.status}`),
    ),
  );
  const keys = await Promise.all(
    world.viewers.map(async (v) =>
      (await db('idempotency_keys').where({ user_id: v.id }).orderBy('key').select('key', 'status_code')).map(
        (k) => `${k.key}:${k.status_code}`,
      ),
    ),
  );
  // The books behind them: each wallet's ledger rows in version order and its space's version; each creator's
  // lifetime gross, space version, earnings balance row, earnings and their movements.
  const ledgers = await Promise.all(
    world.viewers.map(async (v) => ({
      rows: (
        await db('wallet_transactions')
          .where({ user_id: v.id })
          .orderBy('version')
          .select('type', 'kind', 'amount_paise', 'version')
      ).map((t) => `${t.type}:${t.kind}:${t.amount_paise}:${t.version}`),
      space: (
        await db('sync_spaces')
          .where({ space: `wallet:${v.id}` })
          .first('version')
      )?.version,
    })),
  );
  const earnings = await Promise.all(
    world.creators.map(async (c) => ({
      gross: (await db('creators').where({ user_id: c.id }).first('lifetime_gross_paise'))!
        .lifetime_gross_paise,
      space: (
        await db('sync_spaces')
          .where({ space: `creator:${c.id}` })
          .first('version')
      )?.version,
      balance: await db('creator_earnings')
        .where({ creator_id: c.id })
        .first('earned_paise', 'fees_paise', 'pending_paise', 'available_paise'),
      earnings: (
        await db('earnings as e')
          .join('tips as t', 't.id', 'e.tip_id')
          .where({ 'e.creator_id': c.id })
          .orderBy('t.version')
          .select('e.gross_paise', 'e.fee_paise', 'e.net_paise', 'e.state')
      ).map((e) => `${e.gross_paise}:${e.fee_paise}:${e.net_paise}:${e.state}`),
      movements: (
        await db.raw<{ rows: Array<{ kind: string; to_state: string; amount_paise: string }> }>(
          `select m.kind, m.to_state, m.amount_paise from earning_movements m
             join tips t on t.id::text = m.reference where m.creator_id = ? order by t.version`,
          [c.id],
        )
      ).rows.map((m) => `${m.kind}:${m.to_state}:${m.amount_paise}`),
    })),
  );
  return { balances, chats, keys, ledgers, earnings };
}

describe('shabaash_send_wallet_tips (group commit)', () => {
  it('gives every tip of a random batch the outcome, and the books the state, of sending them one by one', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: VIEWERS, maxLength: VIEWERS }),
        fc.array(opArb, { minLength: 1, maxLength: 40 }),
        async (balances, rawOps) => {
          // A key appears once per batch (the batcher guarantees it); the seed key only for viewer 0.
          let seedUsed = false;
          const ops = rawOps.map((op) => {
            if (op.key === 'seedSame' || op.key === 'seedOther') {
              if (seedUsed || op.viewer !== 0) return { ...op, key: 'fresh' as const };
              seedUsed = true;
            }
            return op;
          });
          const batched = await buildWorld(balances);
          const alone = await buildWorld(balances);
          const seed: Op = {
            viewer: 0,
            creator: 1,
            paise: 1,
            refused: false,
            stale: false,
            autoLive: false,
            key: 'seedSame',
          };
          for (const world of [batched, alone]) await sendAlone(world.tipOf(seed, -1, 'seed'));

          const got = await sendWalletTips(
            db,
            ops.map((op, i) => batched.tipOf(op, i, 'tip')),
          );
          const want: WalletTipBatchOutcome[] = [];
          for (const [i, op] of ops.entries()) want.push(await sendAlone(alone.tipOf(op, i, 'tip')));

          expect(got.map(noticed)).toEqual(want.map(noticed));
          expect(await worldState(batched)).toEqual(await worldState(alone));
        },
      ),
      { numRuns: 25, endOnFailure: true }, // no shrinking: each run builds two worlds
    );
    expect(await ledgerMismatches(db)).toEqual([]);
  }, 120_000);

  it('batches the sends that arrive while a round trip is in flight, each with its own answer', async () => {
    const creator = await buildCreator(db, config);
    const rich = await buildUser(db, config, { balancePaise: 1_000_000 });
    const poor = await buildUser(db, config, { balancePaise: 100 });
    // The first round trip waits on the rich viewer's wallet row, held here until the API has gone quiet (every send
    // parsed, authorised and queued), so the others arrive while it is in flight however slow the machine is.
    const hold = await db.transaction();
    await hold.raw('select 1 from wallets where user_id = ? for update', [rich.id]);
    const statements: string[] = [];
    let lastQueryAt = Date.now();
    const record = (q: { sql: string }) => {
      statements.push(q.sql);
      lastQueryAt = Date.now();
    };
    db.on('query', record);
    const sends = Array.from({ length: 3 * SEND_BATCH_CAP }, (_, i) =>
      app.request('POST', '/api/tips/send', {
        token: i % 7 === 3 ? poor.token : rich.token,
        body: { amount: 5, message: `m${i}`, creator: creator.handle },
        headers: { 'Idempotency-Key': randomUUID() },
      }),
    );
    await vi.waitFor(
      () => {
        expect(statements.some((s) => s.includes('shabaash_send_wallet_tips'))).toBe(true);
        expect(Date.now() - lastQueryAt).toBeGreaterThan(300);
      },
      { timeout: 20_000, interval: 50 },
    );
    await hold.commit();
    const answers = await Promise.all(sends);
    db.removeListener('query', record);
    const tipStatements = statements.filter((s) => s.includes('shabaash_send_wallet_tips'));
    expect(tipStatements.length).toBeLessThan(sends.length / 2);
    const ok = answers.filter((a) => a.status === 200).length;
    const poorSends = answers.filter((_, i) => i % 7 === 3).length;
    expect(answers.filter((a) => a.status === 402).length).toBe(poorSends); // ₹1 never pays a ₹5 tip
    expect(ok + answers.filter((a) => a.status === 402).length).toBe(sends.length);
  });
});

describe('replays and instances under group commit', () => {
  it('replays a key whose first attempt went inside a batch: same body, no money moved', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    const keys = Array.from({ length: 30 }, () => randomUUID());
    let roundTrips = 0;
    const record = (q: { sql: string }) => {
      if (q.sql.includes('shabaash_send_wallet_tips')) roundTrips++;
    };
    db.on('query', record);
    const first = await Promise.all(
      keys.map((key, i) =>
        app.request('POST', '/api/tips/send', {
          token: viewer.token,
          body: { amount: 10, message: `batched ${i}`, creator: creator.handle },
          headers: { 'Idempotency-Key': key },
        }),
      ),
    );
    expect(first.map((a) => a.status)).toEqual(keys.map(() => 200));
    db.removeListener('query', record);
    expect(roundTrips).toBeLessThan(keys.length); // some went together
    const balance = async () =>
      Number((await db('wallets').where({ user_id: viewer.id }).first('balance_paise'))!.balance_paise);
    const before = await balance();
    const again = await app.request('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 10, message: 'batched 17', creator: creator.handle },
      headers: { 'Idempotency-Key': keys[17]! },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first[17]!.body);
    expect(await balance()).toBe(before);
    expect(
      await db('tips').where({ creator_id: creator.id }).count<{ count: string }[]>('* as count'),
    ).toEqual([{ count: 30 }]);
  });

  it("with SEND_BATCHES_IN_FLIGHT above 1, sends to different creators go in overlapping round trips, each creator's tips in arrival order", async () => {
    const wide = await createTestApp({ databaseUrl: app.databaseUrl, env: { SEND_BATCHES_IN_FLIGHT: '4' } });
    const wideDb = wide.deps.db;
    const creators = await Promise.all(Array.from({ length: 3 }, () => buildCreator(db, config)));
    const senders = await Promise.all(
      Array.from({ length: 6 }, () => buildUser(db, config, { balancePaise: 100_000 })),
    );
    let open = 0;
    let mostOpen = 0;
    const opened = (q: { sql: string }) => {
      if (q.sql.includes('shabaash_send_wallet_tips')) mostOpen = Math.max(mostOpen, ++open);
    };
    const closed = (_r: unknown, q: { sql: string }) => {
      if (q.sql.includes('shabaash_send_wallet_tips')) open--;
    };
    wideDb.on('query', opened).on('query-response', closed).on('query-error', closed);
    const PER_SENDER = 8;
    await Promise.all(
      senders.map(async (sender, s) => {
        for (let i = 0; i < PER_SENDER; i++) {
          const res = await wide.request('POST', '/api/tips/send', {
            token: sender.token,
            body: { amount: 2, message: `${s}:${i}`, creator: creators[(s + i) % creators.length]!.handle },
            headers: { 'Idempotency-Key': randomUUID() },
          });
          expect(res.status).toBe(200);
        }
      }),
    );
    wideDb.removeListener('query', opened).removeListener('query-response', closed);
    wideDb.removeListener('query-error', closed);
    await wide.close();
    expect(mostOpen).toBeGreaterThan(1);
    const tips = await db('tips')
      .whereIn(
        'creator_id',
        creators.map((c) => c.id),
      )
      .orderBy(['creator_id', 'version'])
      .select('creator_id', 'message', 'version');
    for (const creator of creators) {
      const own = tips.filter((t) => t.creator_id === creator.id).map((t) => Number(t.version));
      expect(own).toEqual(own.map((_, i) => i + 1));
    }
    for (let s = 0; s < senders.length; s++) {
      const sent = tips
        .filter((t) => t.message.startsWith(`${s}:`))
        .map((t) => Number(t.message.split(':')[1]));
      expect([...sent].sort((a, b) => a - b)).toEqual(Array.from({ length: PER_SENDER }, (_, i) => i));
    }
    expect(await ledgerMismatches(db)).toEqual([]);
  });

  it('two instances batching against one creator: versions gap-free, each sender in its order, money exact', async () => {
    const second = await createTestApp({ databaseUrl: app.databaseUrl });
    try {
      const creator = await buildCreator(db, config);
      const senders = await Promise.all(
        Array.from({ length: 8 }, () => buildUser(db, config, { balancePaise: 100_000 })),
      );
      const PER_SENDER = 12;
      await Promise.all(
        senders.map(async (sender, s) => {
          for (let i = 0; i < PER_SENDER; i++) {
            const instance = (s + i) % 2 === 0 ? app : second;
            const res = await instance.request('POST', '/api/tips/send', {
              token: sender.token,
              body: { amount: 3, message: `${s}:${i}`, creator: creator.handle },
              headers: { 'Idempotency-Key': randomUUID() },
            });
            expect(res.status).toBe(200);
          }
        }),
      );
      const tips = await db('tips')
        .where({ creator_id: creator.id })
        .orderBy('version')
        .select('message', 'version');
      expect(tips.map((t) => Number(t.version))).toEqual(tips.map((_, i) => i + 1));
      const space = await db('sync_spaces')
        .where({ space: `creator:${creator.id}` })
        .first('version');
      expect(Number(space!.version)).toBe(senders.length * PER_SENDER);
      for (let s = 0; s < senders.length; s++) {
        const own = tips
          .filter((t) => t.message.startsWith(`${s}:`))
          .map((t) => Number(t.message.split(':')[1]));
        expect(own).toEqual(Array.from({ length: PER_SENDER }, (_, i) => i));
      }
      const gross = await db('creators').where({ user_id: creator.id }).first('lifetime_gross_paise');
      expect(Number(gross!.lifetime_gross_paise)).toBe(senders.length * PER_SENDER * 300);
      expect(await ledgerMismatches(db)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('the set-based batch lands tips as shabaash_insert_tip does', () => {
  it('fixes the same fees, gross and versions for a batch crossing the free tier as single inserts in that order', async () => {
    const before = 2_499_000; // ₹10 below the ₹25,000 free tier
    const amounts = [500, 1_000, 1, 3_333, 100_000, 7, 250_001];
    const batched = await buildCreator(db, config, { lifetimeGrossPaise: before });
    const single = await buildCreator(db, config, { lifetimeGrossPaise: before });
    const viewer = await buildUser(db, config, { balancePaise: 10_000_000 });
    const session = (await db('sessions').where({ user_id: viewer.id }).first<{ id: string }>('id')).id;
    const context = (await findTipContext(db, { creatorId: batched.id }))!;
    const outcomes = await sendWalletTips(
      db,
      amounts.map((amountPaise, i) => ({
        tipId: randomUUID(),
        userId: viewer.id,
        sessionId: session,
        creator: context,
        amountPaise,
        message: `fee ${i}`,
        autoLive: false,
        tipDescription: 'Tip',
        cashbackPaise: 0,
        cashbackDescription: 'Cashback',
        idempotencyKey: null,
        requestHash: `h${i}`,
        refused: false,
      })),
    );
    expect(outcomes.every((o) => 'status' in o && o.status === 200)).toBe(true);
    for (const amountPaise of amounts)
      await db.raw(
        `select shabaash_insert_tip(null, ?, null, 'g', 'guest', ?, '', 'unread', null, null, ?, ?)`,
        [single.id, amountPaise, ...FEE_PARAMETERS],
      );
    const landed = (creatorId: string) =>
      db('tips')
        .where({ creator_id: creatorId })
        .orderBy('version')
        .select('amount_paise', 'fee_paise', 'version');
    const got = await landed(batched.id);
    expect(got.map((t) => Number(t.fee_paise)).some((fee) => fee > 0)).toBe(true); // the line is crossed
    expect(got).toEqual(await landed(single.id));
    const gross = async (id: string) =>
      (await db('creators').where({ user_id: id }).first('lifetime_gross_paise')).lifetime_gross_paise;
    expect(await gross(batched.id)).toEqual(await gross(single.id));
  });
});
