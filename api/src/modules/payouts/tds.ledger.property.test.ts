import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@shabaash/shared';
import { buildCreator, buildUser } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import {
  TDS_AT_TEST_RATES,
  expectLedgerIdentity,
  guestTip,
  onboardCreator,
  walletTip,
} from '../../../test/payouts.ts';
import { runPayoutCycle } from './payoutCycle.ts';
import { applyTransferOutcome } from './transferOutcomes.ts';
import { reconcileTransfers } from './transfers.service.ts';
import { financialYearOf, yearDeductionPaise } from './tds.ts';
import { recordClaimDeduction } from './tdsLedger.ts';
import type { TransferRow } from './transfers.repository.ts';

/**
 * 5% with a PAN, 20% without, and a ₹300 exemption: rates and a threshold that small tips reach, so every run
 * deducts, crosses the exemption and rounds (the arithmetic is the same at 0.1% and ₹5,00,000: tds.test.ts).
 */
const { app, sim } = await createPaymentsTestApp(TDS_AT_TEST_RATES);
const { db, config } = app.deps;
const settings = config.legal.tds194o!;

type Op =
  | { kind: 'wallet'; rupees: number }
  | { kind: 'guest'; rupees: number }
  | { kind: 'refund'; pick: number; percent: number }
  | { kind: 'dispute'; pick: number }
  | { kind: 'cycle'; fail: boolean }
  | { kind: 'replay' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('wallet' as const), rupees: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ kind: fc.constant('guest' as const), rupees: fc.integer({ min: 1, max: 300 }) }),
  fc.record({
    kind: fc.constant('refund' as const),
    pick: fc.nat(),
    percent: fc.oneof(fc.constant(100), fc.integer({ min: 1, max: 99 })),
  }),
  fc.record({ kind: fc.constant('dispute' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('cycle' as const), fail: fc.boolean() }),
  fc.constant({ kind: 'replay' as const }),
);

let n = 0;

/** What the year owes, computed here from the simulator's payments, independently of tds.repository.ts. */
async function expectedYear(creatorId: string, lost: Set<string>): Promise<{ gross: number; tds: number }> {
  const carried = await db('earnings as e')
    .join('payout_transfers as t', 't.id', 'e.transfer_id')
    .where('e.creator_id', creatorId)
    .whereNot('t.status', 'failed')
    .select<Array<{ gross_paise: number; payment_id: string | null }>>('e.gross_paise', 'e.payment_id');
  let gross = 0;
  for (const e of carried) {
    const g = Number(e.gross_paise);
    const refunded = e.payment_id ? (sim.payments.get(e.payment_id)?.amount_refunded ?? 0) : 0;
    gross += e.payment_id && lost.has(e.payment_id) ? 0 : g - Math.min(g, refunded);
  }
  return { gross, tds: yearDeductionPaise(settings, 'individual', gross) };
}

/** The TDS holding, and what the deductions that count add up to. */
async function withheld(creatorId: string) {
  const b = await expectLedgerIdentity(db, creatorId);
  const rows = await db('tds_deductions as d')
    .leftJoin('payout_transfers as t', 't.id', 'd.transfer_id')
    .where('d.creator_id', creatorId)
    .where((q) => q.whereNull('d.transfer_id').orWhereNot('t.status', 'failed'))
    .sum<Array<{ s: string | null }>>({ s: 'd.tds_paise' });
  expect(Number(rows[0]?.s ?? 0)).toBe(b.tds);
  return b.tds;
}

describe('194-O TDS in the earnings ledger (property)', () => {
  it('the year’s deductions equal the deduction on its total, reversals give back their part, and nothing is deducted twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(op, { minLength: 1, maxLength: 10 }), async (pro, ops) => {
        const creator = await buildCreator(
          db,
          config,
          pro ? { lifetimeGrossPaise: LIMITS.starterFreeTierPaise + 1 } : {},
        );
        await onboardCreator(app, sim, creator.token, `tds${++n}-${Date.now()}@example.com`);
        const viewer = await buildUser(db, config, { balancePaise: 10_000_000 });
        const payments: string[] = [];
        const lost = new Set<string>();
        for (const o of ops) {
          if (o.kind === 'wallet') await walletTip(app, viewer.token, creator.handle, o.rupees);
          else if (o.kind === 'guest') payments.push(await guestTip(app, sim, creator.handle, o.rupees));
          else if (o.kind === 'refund' || o.kind === 'dispute') {
            const pay = payments[o.pick % Math.max(1, payments.length)];
            if (!pay || lost.has(pay)) continue;
            if (o.kind === 'refund') {
              const p = sim.payments.get(pay);
              const left = p ? p.amount - p.amount_refunded : 0;
              if (left <= 0) continue;
              // At least ₹1, so every refund moves a paisa of the creator's share (and so its reversal row).
              const part = Math.min(left, Math.max(100, Math.floor((left * o.percent) / 100)));
              sim.route.refund(pay, o.percent === 100 ? undefined : part);
            } else {
              sim.route.loseDispute(pay);
              lost.add(pay);
            }
            await sim.idle();
          } else if (o.kind === 'cycle') {
            sim.switches.routeFailTransfers = o.fail;
            await db('creator_earnings').where({ creator_id: creator.id }).update({ last_batch_on: null });
            try {
              await runPayoutCycle(app.deps, { forceStarter: true });
              await sim.idle();
            } finally {
              sim.switches.routeFailTransfers = false;
            }
          } else {
            // Retries of every kind: reconciliation twice, each transfer's outcome and deduction applied again.
            const before = await withheld(creator.id);
            await reconcileTransfers(app.deps);
            await reconcileTransfers(app.deps);
            const transfers = await db('payout_transfers')
              .where({ creator_id: creator.id })
              .select<TransferRow[]>('*');
            await db.transaction(async (tx) => {
              for (const t of transfers) {
                if (t.status === 'processed' || t.status === 'failed')
                  await applyTransferOutcome(tx, t, { status: t.status });
                await recordClaimDeduction(tx, creator.id, t.id, {
                  financialYear: financialYearOf(new Date()),
                  grossPaise: 1_000_000,
                  panKind: 'individual',
                  deductPaise: 50_000,
                  yearGrossPaise: 1_000_000,
                  yearDeductionPaise: 50_000,
                  rateBasisPoints: 500,
                });
              }
            });
            await sim.idle();
            expect(await withheld(creator.id)).toBe(before);
          }
          await withheld(creator.id);
        }
        // One more payout settles the year: what was withheld is exactly the deduction on the year's total.
        await walletTip(app, viewer.token, creator.handle, 5_000);
        await db('creator_earnings').where({ creator_id: creator.id }).update({ last_batch_on: null });
        await runPayoutCycle(app.deps, { forceStarter: true });
        await sim.idle();
        const want = await expectedYear(creator.id, lost);
        expect(await withheld(creator.id)).toBe(want.tds);
        // Razorpay's view: processed transfers less what was reversed is exactly `paid`.
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
