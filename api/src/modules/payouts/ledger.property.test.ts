import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@shabaash/shared';
import { buildCreator, buildUser } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import {
  PAYOUTS_AT_ONCE,
  expectLedgerIdentity,
  guestTip,
  onboardCreator,
  walletTip,
} from '../../../test/payouts.ts';
import { runPayoutCycle } from './payoutCycle.ts';

const { app, sim } = await createPaymentsTestApp(PAYOUTS_AT_ONCE);
const { db, config } = app.deps;

type Op =
  | { kind: 'wallet'; rupees: number }
  | { kind: 'guest'; rupees: number }
  | { kind: 'refund'; pick: number; percent: number }
  | { kind: 'dispute'; pick: number }
  | { kind: 'cycle'; fail: boolean };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('wallet' as const), rupees: fc.integer({ min: 1, max: 500 }) }),
  fc.record({ kind: fc.constant('guest' as const), rupees: fc.integer({ min: 1, max: 500 }) }),
  // A refund of `percent` of what is left of the payment (100: the rest; less: a partial refund).
  fc.record({
    kind: fc.constant('refund' as const),
    pick: fc.nat(),
    percent: fc.oneof(fc.constant(100), fc.integer({ min: 1, max: 99 })),
  }),
  fc.record({ kind: fc.constant('dispute' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('cycle' as const), fail: fc.boolean() }),
);

let n = 0;

describe('earnings ledger identity (property)', () => {
  it('holds after every tip, full or partial refund, lost dispute, payout and failed transfer, and paid equals what Razorpay kept', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(op, { minLength: 1, maxLength: 10 }), async (pro, ops) => {
        const creator = await buildCreator(
          db,
          config,
          pro ? { lifetimeGrossPaise: LIMITS.starterFreeTierPaise + 1 } : {},
        );
        await onboardCreator(app, sim, creator.token, `prop${++n}-${Date.now()}@example.com`);
        const viewer = await buildUser(db, config, { balancePaise: 10_000_000 });
        const payments: string[] = [];
        for (const o of ops) {
          if (o.kind === 'wallet') await walletTip(app, viewer.token, creator.handle, o.rupees);
          else if (o.kind === 'guest') payments.push(await guestTip(app, sim, creator.handle, o.rupees));
          else if (o.kind === 'refund' || o.kind === 'dispute') {
            const pay = payments[o.pick % Math.max(1, payments.length)];
            if (!pay) continue;
            if (o.kind === 'refund') {
              const p = sim.payments.get(pay);
              const left = p ? p.amount - p.amount_refunded : 0;
              if (left <= 0) continue;
              sim.route.refund(
                pay,
                o.percent === 100 ? undefined : Math.max(1, Math.floor((left * o.percent) / 100)),
              );
            } else sim.route.loseDispute(pay);
            await sim.idle();
          } else {
            sim.switches.routeFailTransfers = o.fail;
            try {
              await runPayoutCycle(app.deps, { forceStarter: true });
              await sim.idle();
            } finally {
              sim.switches.routeFailTransfers = false;
            }
          }
          await expectLedgerIdentity(db, creator.id);
        }
        // Razorpay's view: processed transfers to this creator, less what was reversed, is exactly `paid`.
        await db('creator_earnings').where({ creator_id: creator.id }).update({ last_batch_on: null });
        const b = await expectLedgerIdentity(db, creator.id);
        const account = await db('linked_accounts')
          .where({ creator_id: creator.id })
          .first<{ account_id: string }>();
        const atRazorpay = [...sim.route.transfers.values()]
          .filter(
            (t) => t.recipient === account.account_id && t.status !== 'failed' && t.status !== 'pending',
          )
          .reduce((s, t) => s + t.amount - t.amount_reversed, 0);
        expect(atRazorpay).toBe(b.paid);
      }),
      { numRuns: 12 },
    );
  });
});
