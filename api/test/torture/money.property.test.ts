/**
 * Money torture, property-based: random interleavings of wallet top-ups (paid through the Razorpay simulator,
 * credited by its signed webhooks), wallet tips to creators near the ₹25,000 fee line, idempotent retries and
 * cashback, run concurrently in random groups. After each run the books must balance to the paisa.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIMITS, MESSAGES, percentOfPaise } from '@shabaash/shared';
import { expectCreatorBooks } from './creatorBooks.ts';
import { createTestApp } from '../harness.ts';
import {
  buildCreator,
  buildUser,
  ledgerMismatches,
  type BuiltCreator,
  type BuiltUser,
} from '../factories.ts';

// Viewers top up many times a minute here, each order paid at once: the account limits are lifted.
const app = await createTestApp({
  env: { ADD_MONEY_LIMIT_PER_USER_PER_MINUTE: '100000', TOP_UP_OPEN_ORDERS_MAX: '1000' },
});
const sim = app.payments.simulator;
if (!sim) throw new Error('the test app must run over the Razorpay simulator');
const { db, config } = app.deps;

type Op =
  | { kind: 'topUp'; viewer: number; paise: number }
  | { kind: 'tip'; viewer: number; creator: number; paise: number }
  | { kind: 'tipRetried'; viewer: number; creator: number; paise: number };

const VIEWERS = 3;
const CREATORS = 3;

const paiseArb = fc.oneof(
  fc.integer({ min: 100, max: 2_000 }), // ₹1–₹20
  fc.integer({ min: 100, max: 300_000 }), // up to ₹3,000 (crosses the fee line from near it)
);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('topUp' as const),
    viewer: fc.nat(VIEWERS - 1),
    paise: fc.integer({ min: 100, max: 500_000 }),
  }),
  fc.record({
    kind: fc.constant('tip' as const),
    viewer: fc.nat(VIEWERS - 1),
    creator: fc.nat(CREATORS - 1),
    paise: paiseArb,
  }),
  fc.record({
    kind: fc.constant('tipRetried' as const),
    viewer: fc.nat(VIEWERS - 1),
    creator: fc.nat(CREATORS - 1),
    paise: paiseArb,
  }),
);
/** A scenario: start balances, creators' distance below the fee line, and ops in concurrent groups. */
const scenarioArb = fc.record({
  startBalances: fc.array(fc.integer({ min: 0, max: 400_000 }), { minLength: VIEWERS, maxLength: VIEWERS }),
  belowLine: fc.array(fc.integer({ min: 0, max: 400_000 }), { minLength: CREATORS, maxLength: CREATORS }),
  groups: fc.array(fc.array(opArb, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }),
});

interface TipResponse {
  tip?: { id: string; amountPaise: number };
  balancePaise?: number;
  message?: string;
  code?: string;
}

let keySeq = 0;

async function runOp(
  op: Op,
  viewers: BuiltUser[],
  creators: BuiltCreator[],
  log: { tipIds: Map<string, { creator: number; viewer: number; paise: number }>; topUps: number[] },
): Promise<void> {
  const viewer = viewers[op.viewer]!;
  if (op.kind === 'topUp') {
    const res = await app.request<{ order: { id: string } }>('POST', '/api/wallet/add-money', {
      token: viewer.token,
      body: { amount: op.paise / 100 },
    });
    expect(res.status).toBe(200);
    const paid = sim!.pay({ orderId: res.body.order.id, outcome: 'success' });
    expect(paid.status).toBe(200);
    log.topUps[op.viewer]! += op.paise;
    return;
  }
  const creator = creators[op.creator]!;
  const body = { amount: op.paise / 100, message: 'Shabaash!', creator: creator.handle };
  const key = `prop-${process.pid}-${++keySeq}`;
  const send = () =>
    app.request<TipResponse>('POST', '/api/tips/send', {
      token: viewer.token,
      body,
      headers: { 'Idempotency-Key': key },
    });
  const responses = op.kind === 'tipRetried' ? await Promise.all([send(), send()]) : [await send()];
  for (const res of responses) {
    expect([200, 402]).toContain(res.status);
    expect(res.status < 500).toBe(true);
    if (res.status === 402)
      expect(res.body).toMatchObject({ message: MESSAGES.insufficientBalance, code: 'PAYMENT_REQUIRED' });
  }
  const ok = responses.filter((r) => r.status === 200);
  // A retried key either moved money once (every 200 carries the same tip) or not at all.
  const ids = new Set(ok.map((r) => r.body.tip!.id));
  expect(ids.size).toBeLessThanOrEqual(1);
  for (const id of ids) log.tipIds.set(id, { creator: op.creator, viewer: op.viewer, paise: op.paise });
}

const sumPaise = async (table: string, where: Record<string, unknown>, column: string) => {
  const row = await db(table).where(where).sum<{ s: string | null }>({ s: column }).first();
  return Number(row?.s ?? 0);
};

describe('money under random concurrent interleavings', () => {
  it('never overdraws, keeps the ledger equal to balances, and splits every tip into earnings + the recomputed fee', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const viewers = await Promise.all(
          scenario.startBalances.map((balancePaise) => buildUser(db, config, { balancePaise })),
        );
        const starts = scenario.belowLine.map((below) => LIMITS.starterFreeTierPaise - below);
        const creators = await Promise.all(
          starts.map((lifetimeGrossPaise) => buildCreator(db, config, { lifetimeGrossPaise })),
        );
        const log = {
          tipIds: new Map<string, { creator: number; viewer: number; paise: number }>(),
          topUps: viewers.map(() => 0),
        };

        for (const group of scenario.groups)
          await Promise.all(group.map((op) => runOp(op, viewers, creators, log)));
        await sim.idle();

        // 1. Ledger = balances, nothing negative (whole database, every run so far).
        expect(await ledgerMismatches(db)).toEqual([]);

        // 2. Each viewer: start + top-ups − tips + cashback, exactly.
        for (const [i, viewer] of viewers.entries()) {
          const mine = [...log.tipIds.values()].filter((t) => t.viewer === i);
          const expected =
            scenario.startBalances[i]! +
            log.topUps[i]! -
            mine.reduce((s, t) => s + t.paise - percentOfPaise(t.paise, config.CASHBACK_BASIS_POINTS), 0);
          const wallet = await db('wallets')
            .where({ user_id: viewer.id })
            .first<{ balance_paise: string }>('balance_paise');
          expect(Number(wallet.balance_paise)).toBe(expected);
          expect(Number(wallet.balance_paise)).toBeGreaterThanOrEqual(0);
          const topUpRows = await db('wallet_transactions')
            .where({ user_id: viewer.id, kind: 'top_up' })
            .count<{ count: string }[]>();
          const topUpsAsked = scenario.groups
            .flat()
            .filter((o) => o.kind === 'topUp' && o.viewer === i).length;
          expect(Number(topUpRows[0]?.count)).toBe(topUpsAsked + (scenario.startBalances[i]! > 0 ? 1 : 0));
          expect(
            await sumPaise('wallet_transactions', { user_id: viewer.id, kind: 'cashback' }, 'amount_paise'),
          ).toBe(mine.reduce((s, t) => s + percentOfPaise(t.paise, config.CASHBACK_BASIS_POINTS), 0));
        }

        // 3. Each creator: tips = acknowledged sends; gross = earnings + fee; fees recomputed in commit order.
        for (const [c, creator] of creators.entries()) {
          const acknowledged = [...log.tipIds.entries()].filter(([, t]) => t.creator === c);
          await expectCreatorBooks(
            app,
            creator,
            starts[c]!,
            acknowledged.map(([id]) => id),
          );
        }
      }),
      { numRuns: 15, interruptAfterTimeLimit: 45_000, endOnFailure: true },
    );
  }, 60_000);

  it('a tip that crosses the ₹25,000 line pays 2.9% only on the part above it', async () => {
    const viewer = await buildUser(db, config, { balancePaise: 1_000_000 });
    const creator = await buildCreator(db, config, {
      lifetimeGrossPaise: LIMITS.starterFreeTierPaise - 10_000,
    });
    const res = await app.request<TipResponse>('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 1100, message: '', creator: creator.handle },
    });
    expect(res.status).toBe(200);
    const row = await db('tips').where({ id: res.body.tip!.id }).first<{ fee_paise: string }>('fee_paise');
    expect(Number(row.fee_paise)).toBe(Math.floor((100_000 * 290 + 5000) / 10_000)); // ₹1,000 above the line → ₹29
    expect(await ledgerMismatches(db)).toEqual([]);
  });
});
