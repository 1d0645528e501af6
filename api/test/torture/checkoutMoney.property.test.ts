/**
 * Money torture without a stored wallet (WALLET_MODE=off), property-based: random interleavings of signed-in
 * viewers' tips and guest tips, each paid through the Razorpay simulator's checkout (or failed there), with its
 * signed webhooks delivered several times and out of order, run concurrently in random groups, to creators near the
 * ₹25,000 fee line. After each run: exactly one tip per captured payment and none for a failed one, the signed-in
 * viewer as the tip's sender, no wallet entry anywhere, and the creator's books as in the stored mode.
 */
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIMITS } from '@shabaash/shared';
import { createTestApp } from '../harness.ts';
import {
  buildCreator,
  buildUser,
  ledgerMismatches,
  type BuiltCreator,
  type BuiltUser,
} from '../factories.ts';
import { expectCreatorBooks } from './creatorBooks.ts';

// Many orders a minute from one address, one account and to one creator here: the order limits are lifted.
const app = await createTestApp({
  env: {
    WALLET_MODE: 'off',
    ADD_MONEY_LIMIT_PER_USER_PER_MINUTE: '100000',
    GUEST_ORDER_LIMIT_PER_IP_PER_MINUTE: '100000',
    GUEST_ORDER_LIMIT_PER_CREATOR_PER_MINUTE: '100000',
  },
});
const sim = app.payments.simulator;
if (!sim) throw new Error('the test app must run over the Razorpay simulator');
const { db, config } = app.deps;
afterEach(() => {
  sim.switches.duplicates = 1;
  sim.switches.reorder = false;
});

type Op = { kind: 'viewerTip' | 'guestTip'; viewer: number; creator: number; paise: number; paid: boolean };

const VIEWERS = 3;
const CREATORS = 3;

const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom('viewerTip' as const, 'guestTip' as const),
  viewer: fc.nat(VIEWERS - 1),
  creator: fc.nat(CREATORS - 1),
  paise: fc.oneof(fc.integer({ min: 100, max: 2_000 }), fc.integer({ min: 100, max: 300_000 })),
  paid: fc.boolean(),
});
const scenarioArb = fc.record({
  belowLine: fc.array(fc.integer({ min: 0, max: 400_000 }), { minLength: CREATORS, maxLength: CREATORS }),
  duplicates: fc.integer({ min: 1, max: 3 }),
  reorder: fc.boolean(),
  groups: fc.array(fc.array(opArb, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }),
});

/** One tip's order, then its payment captured or failed in the simulator's checkout; answers the order and outcome. */
async function runOp(
  op: Op,
  viewers: BuiltUser[],
  creators: BuiltCreator[],
): Promise<{ orderId: string; op: Op }> {
  const creator = creators[op.creator]!;
  const body = { amount: op.paise / 100, message: 'Shabaash!', creator: creator.handle };
  const res =
    op.kind === 'viewerTip'
      ? await app.request<{ order: { id: string } }>('POST', '/api/tips/order', {
          token: viewers[op.viewer]!.token,
          body,
        })
      : await app.request<{ order: { id: string } }>('POST', '/api/tips/guest/order', {
          body: { ...body, name: `Guest ${op.viewer}`, ageConfirmed: true },
        });
  expect(res.status).toBe(200);
  const paid = sim!.pay({
    orderId: res.body.order.id,
    outcome: op.paid ? 'success' : 'failure',
    method: 'upi',
  });
  expect(paid.status).toBe(200);
  return { orderId: res.body.order.id, op };
}

describe('money without a stored wallet under random concurrent interleavings', () => {
  it('lands one tip per captured payment under its payer, none for a failure, no wallet entry, and books that balance', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const viewers = await Promise.all(Array.from({ length: VIEWERS }, () => buildUser(db, config)));
        const starts = scenario.belowLine.map((below) => LIMITS.starterFreeTierPaise - below);
        const creators = await Promise.all(
          starts.map((lifetimeGrossPaise) => buildCreator(db, config, { lifetimeGrossPaise })),
        );
        sim.switches.duplicates = scenario.duplicates;
        sim.switches.reorder = scenario.reorder;
        const orders: Array<{ orderId: string; op: Op }> = [];
        for (const group of scenario.groups)
          orders.push(...(await Promise.all(group.map((op) => runOp(op, viewers, creators)))));
        await sim.idle();

        // 1. Exactly one tip per captured payment, under its payer; none for a failed one.
        const expectedByCreator = creators.map(() => [] as string[]);
        for (const { orderId, op } of orders) {
          const tips = await db('tips')
            .where({ order_id: orderId })
            .select<Array<{ id: string; sender_id: string | null; amount_paise: string }>>(
              'id',
              'sender_id',
              'amount_paise',
            );
          expect(tips).toHaveLength(op.paid ? 1 : 0);
          const [tip] = tips;
          if (!tip) continue;
          expect(Number(tip.amount_paise)).toBe(op.paise);
          expect(tip.sender_id).toBe(op.kind === 'viewerTip' ? viewers[op.viewer]!.id : null);
          expectedByCreator[op.creator]!.push(tip.id);
        }

        // 2. No stored balance moved: no wallet entry for these viewers, every wallet at zero, the ledger whole.
        const ids = viewers.map((v) => v.id);
        const entries = await db('wallet_transactions').whereIn('user_id', ids).select('id');
        expect(entries).toEqual([]);
        const balances = await db('wallets').whereIn('user_id', ids).pluck<string[]>('balance_paise');
        expect(balances.map(Number)).toEqual(ids.map(() => 0));
        expect(await ledgerMismatches(db)).toEqual([]);

        // 3. Each creator's books, as with wallet tips.
        for (const [c, creator] of creators.entries())
          await expectCreatorBooks(app, creator, starts[c]!, expectedByCreator[c]!);
      }),
      { numRuns: 12, interruptAfterTimeLimit: 45_000, endOnFailure: true },
    );
  }, 60_000);
});
