import { describe, expect, it } from 'vitest';
import { MESSAGES, type Reconciliation, type ReconRun } from '@shabaash/shared';
import { LIMITS } from '@shabaash/shared';
import { buildCreator, buildOperator, buildUser } from '../../../test/factories.ts';
import { guestTip, onboardCreator, PAYOUTS_AT_ONCE } from '../../../test/payouts.ts';
import { runPayoutCycle } from '../payouts/payoutCycle.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { sampleOf, scrapeMetrics } from '../../../test/metrics.ts';
import { countOpenDifferences } from './reconciliationRuns.repository.ts';
import { istToday, reconcileDay } from './reconciliation.service.ts';

const ctx = await createPaymentsTestApp(PAYOUTS_AT_ONCE);
const { app, sim } = ctx;
const db = app.deps.db;
const operator = await buildOperator(db, app.deps.config, { name: 'Meera Ops' });
const today = istToday();

/** A wallet top-up paid at the simulator and credited through its webhook; its payment id. */
async function paidTopUp(rupees: number): Promise<string> {
  const user = await buildUser(db, app.deps.config);
  const res = await app.request<{ order: { id: string } }>('POST', '/api/wallet/add-money', {
    token: user.token,
    body: { amount: rupees },
  });
  expect(res.status).toBe(200);
  const paid = sim.pay({ orderId: res.body.order.id, outcome: 'success' });
  await sim.idle();
  if (!('razorpay_payment_id' in paid.body)) throw new Error('payment failed');
  return paid.body.razorpay_payment_id;
}

/** A guest tip to a new creator, paid at the simulator and tipped through its webhook; its payment id. */
async function paidGuestTip(rupees: number): Promise<string> {
  const creator = await buildCreator(db, app.deps.config);
  return guestTip(app, sim, creator.handle, rupees);
}

const runNow = () =>
  app.request<{ run: ReconRun }>('POST', '/api/ops/reconciliation/run', {
    token: operator.token,
    body: { day: today },
  });
const page = async () =>
  (await app.request<Reconciliation>('GET', '/api/ops/reconciliation', { token: operator.token })).body;
const rowsAbout = (entityId: string) => db('reconciliation_differences').where({ entity_id: entityId });

describe('daily reconciliation of the ledger against Razorpay', () => {
  it('a clean day (top-ups, guest tips, a refund, a payout transferred and settled) has zero differences', async () => {
    await paidTopUp(75);
    const tipPayment = await paidGuestTip(120);
    expect(sim.route.refund(tipPayment, 2_000).status).toBe(200);
    const pro = await buildCreator(db, app.deps.config, {
      lifetimeGrossPaise: LIMITS.starterFreeTierPaise + 1,
    });
    await onboardCreator(app, sim, pro.token, `pro-${Date.now()}@example.com`);
    await guestTip(app, sim, pro.handle, 300);
    await runPayoutCycle(app.deps);
    await sim.idle();
    const [transfer] = await db('payout_transfers').where({ creator_id: pro.id });
    expect(transfer).toMatchObject({ status: 'processed' });
    expect(transfer.utr).toMatch(/^\d{12}$/);

    const outcome = await reconcileDay(app.deps, today, { trigger: 'command' });
    expect(outcome).toMatchObject({ status: 'done', found: 0, error: null });
    expect(outcome?.compared).toMatchObject({ refund: 1, transfer: 1, settlement: 1 });
    expect(outcome?.compared.payment).toBeGreaterThanOrEqual(3);
    expect(await countOpenDifferences(db)).toBe(0);
  });

  it('a captured payment Razorpay stops reporting is listed with the ledger’s record, in /ops and in the count', async () => {
    const paymentId = await paidTopUp(250);
    sim.switches.reportDropPaymentId = paymentId;
    try {
      const res = await runNow();
      expect(res.status).toBe(200);
      expect(res.body.run).toMatchObject({ day: today, trigger: 'operator', status: 'done', found: 1 });

      const shown = await page();
      expect(shown.openCount).toBe(1);
      expect(shown.open).toEqual([
        expect.objectContaining({
          day: today,
          kind: 'missing_at_razorpay',
          entity: 'payment',
          entityId: paymentId,
          ledger: expect.objectContaining({ id: paymentId, amount_paise: 25_000, applied: 'credited' }),
          razorpay: null,
          resolvedAt: null,
        }),
      ]);
      expect(shown.runs[0]).toMatchObject({ id: res.body.run.id, found: 1 });
      expect(await countOpenDifferences(db)).toBe(1);
      // The people on call see it too: the gauge their alert watches.
      expect(sampleOf(await scrapeMetrics(app.url), 'shabaash_reconciliation_differences')).toBe(1);
      const audit = await app.request<{ entries: Array<Record<string, unknown>> }>(
        'GET',
        `/api/ops/audit?targetKind=reconciliation_day&targetId=${today}`,
        { token: operator.token },
      );
      expect(audit.body.entries[0]).toMatchObject({
        operatorId: operator.id,
        action: 'reconciliation.run',
        after: expect.objectContaining({ runId: res.body.run.id, found: 1 }),
      });

      // Re-running the day refreshes the same difference: no second row, first seen unchanged.
      const firstSeen = shown.open[0]?.firstSeenAt;
      expect((await runNow()).body.run.found).toBe(1);
      expect(await rowsAbout(paymentId)).toHaveLength(1);
      expect((await page()).open[0]?.firstSeenAt).toBe(firstSeen);
    } finally {
      sim.reset();
    }

    // Razorpay reports it again: the next run resolves the difference by itself.
    expect((await runNow()).body.run).toMatchObject({ found: 0, resolved: 1 });
    const [row] = await rowsAbout(paymentId);
    expect(row).toMatchObject({ resolved_by: null });
    expect(row.resolved_at).toBeInstanceOf(Date);
    expect(await countOpenDifferences(db)).toBe(0);
  });

  it('a captured payment the ledger lacks is listed with Razorpay’s record until an operator resolves it with a reason', async () => {
    sim.switches.reportUnknownPayment = true;
    try {
      expect((await runNow()).body.run.found).toBe(1);
      const [difference] = (await page()).open;
      expect(difference).toMatchObject({
        kind: 'missing_in_ledger',
        entity: 'payment',
        ledger: null,
        razorpay: expect.objectContaining({ amount: 43_210, status: 'captured', captured: true }),
      });
      expect(await countOpenDifferences(db)).toBe(1);
      const id = difference!.id;

      const noReason = await app.request('POST', `/api/ops/reconciliation/differences/${id}/resolve`, {
        token: operator.token,
        body: { reason: '' },
      });
      expect(noReason.status).toBe(400);
      const resolved = await app.request<{ difference: { resolvedAt: string | null; resolvedBy: string } }>(
        'POST',
        `/api/ops/reconciliation/differences/${id}/resolve`,
        { token: operator.token, body: { reason: 'Refunded from the Razorpay dashboard' } },
      );
      expect(resolved.status).toBe(200);
      expect(resolved.body.difference).toMatchObject({ resolvedBy: operator.id });
      expect(resolved.body.difference.resolvedAt).not.toBeNull();
      expect(await countOpenDifferences(db)).toBe(0);
      const again = await app.request('POST', `/api/ops/reconciliation/differences/${id}/resolve`, {
        token: operator.token,
        body: { reason: 'Refunded from the Razorpay dashboard' },
      });
      expect(again.status).toBe(409);
      const audit = await app.request<{ entries: Array<Record<string, unknown>> }>(
        'GET',
        `/api/ops/audit?targetKind=reconciliation_difference&targetId=${id}`,
        { token: operator.token },
      );
      expect(audit.body.entries[0]).toMatchObject({
        action: 'reconciliation.resolve',
        reason: 'Refunded from the Razorpay dashboard',
      });
    } finally {
      sim.reset();
    }
  });

  it('an amount Razorpay reports differently is an amount mismatch with both records', async () => {
    const paymentId = await paidGuestTip(99);
    sim.switches.reportAmountPaymentId = paymentId;
    sim.switches.reportAmountDeltaPaise = -100;
    try {
      expect((await runNow()).body.run.found).toBe(1);
      expect((await page()).open).toEqual([
        expect.objectContaining({
          kind: 'amount_mismatch',
          entityId: paymentId,
          ledger: expect.objectContaining({ amount_paise: 9_900, applied: 'tipped' }),
          razorpay: expect.objectContaining({ amount: 9_800 }),
        }),
      ]);
    } finally {
      sim.reset();
    }
    expect((await runNow()).body.run).toMatchObject({ found: 0, resolved: 1 });
  });

  it('answers only operators', async () => {
    const viewer = await buildUser(db, app.deps.config);
    const creator = await buildCreator(db, app.deps.config);
    for (const [method, path] of [
      ['GET', '/api/ops/reconciliation'],
      ['POST', '/api/ops/reconciliation/run'],
      ['GET', '/api/ops/money'],
    ] as const) {
      const body = method === 'POST' ? {} : undefined;
      expect((await app.request(method, path, { body })).status).toBe(401);
      for (const user of [viewer, creator]) {
        const res = await app.request(method, path, { token: user.token, body });
        expect(res).toMatchObject({ status: 403, body: { message: MESSAGES.forbiddenOperator } });
      }
    }
  });
});
