import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES, type DisputeCase } from '@shabaash/shared';
import { buildCreator, buildOperator } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { PAYOUTS_AT_ONCE, expectLedgerIdentity, guestTip, onboardCreator } from '../../../test/payouts.ts';
import { runPayoutCycle } from '../payouts/payoutCycle.ts';

const ctx = await createPaymentsTestApp(PAYOUTS_AT_ONCE);
const { app, sim } = ctx;
const { db, config } = app.deps;
const deps = app.deps;

let emails = 0;
const email = () => `disputes${++emails}-${Date.now()}@example.com`;

afterEach(() => sim.reset());

/** A Pro creator (paid at once) with an activated linked account. */
async function activeCreator() {
  const creator = await buildCreator(db, config, { lifetimeGrossPaise: LIMITS.starterFreeTierPaise + 1 });
  await onboardCreator(app, sim, creator.token, email());
  return creator;
}

/** A ₹100 guest tip already paid out: its transfer was processed by Route, its settlement to the bank still ahead. */
async function paidOutGuestTip() {
  const creator = await activeCreator();
  const payment = await guestTip(app, sim, creator.handle, 100);
  sim.switches.holdSettlements = true;
  await runPayoutCycle(deps);
  await sim.idle();
  const transfer = await db('payout_transfers').where({ creator_id: creator.id }).first();
  expect(transfer).toMatchObject({ status: 'processed', source_payment_id: payment, settled_at: null });
  return { creator, payment, transfer };
}

async function opsCases(token: string): Promise<DisputeCase[]> {
  const res = await app.request<{ disputes: DisputeCase[] }>('GET', '/api/ops/disputes', { token });
  expect(res.status).toBe(200);
  return res.body.disputes;
}

/** Delivers a dispute webhook by hand, signed as Razorpay signs it (a late or repeated event). */
function deliverDisputeEvent(event: string, disputeId: string, status: string, eventId: string) {
  const dispute = { ...sim.route.disputes.fetch(disputeId), status };
  const payment = sim.payments.get(dispute.payment_id ?? '');
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_platform',
    event,
    contains: ['payment', 'dispute'],
    payload: { payment: { entity: payment }, dispute: { entity: dispute } },
    created_at: Math.floor(Date.now() / 1000),
  });
  return app.request<{ outcome: string }>('POST', '/api/webhooks/razorpay', {
    rawBody: body,
    headers: { 'x-razorpay-signature': ctx.sign(body), 'x-razorpay-event-id': eventId },
  });
}

describe('a dispute on a paid-out tip', () => {
  it('holds the Route transfer and shows the operator the case with its deadline; lost reverses the share once however often it is delivered', async () => {
    const operator = await buildOperator(db, config);
    const { creator, payment, transfer } = await paidOutGuestTip();
    const dispute = sim.route.disputes.raise(payment);
    await sim.idle();

    expect(sim.route.isOnHold(transfer.razorpay_transfer_id)).toBe(true);
    const [shown] = (await opsCases(operator.token)).filter((c) => c.paymentId === payment);
    expect(shown).toMatchObject({
      razorpayDisputeId: dispute.id,
      amountPaise: 10_000,
      status: 'open',
      outcome: null,
      respondBy: new Date(dispute.respond_by * 1000).toISOString(),
      hold: { state: 'route_held', heldPaise: 9710 },
      tip: { amountPaise: 10_000, senderName: 'Ravi', message: 'hi' },
      creator: { id: creator.id, handle: creator.handle },
      earning: { state: 'paid', netPaise: 9710 },
      transfer: { razorpayTransferId: transfer.razorpay_transfer_id, status: 'processed', settled: false },
    });
    // Route's settlement run leaves the held transfer alone: the money stays with Razorpay.
    sim.route.settleHeld();
    await sim.idle();
    expect((await db('payout_transfers').where({ id: transfer.id }).first()).settled_at).toBeNull();

    sim.switches.duplicates = 3;
    sim.route.disputes.decide(dispute.id, 'lost');
    await sim.idle();
    // Razorpay again, under a new event id: the case is decided, nothing more moves.
    const late = await deliverDisputeEvent('payment.dispute.lost', dispute.id, 'lost', 'evt_late_lost');
    expect(late.body.outcome).toBe('dispute_unchanged');

    const lostDeliveries = sim.deliveries.filter(
      (d) => d.event === 'payment.dispute.lost' && d.status === 200,
    );
    expect(lostDeliveries).toHaveLength(3);
    const reversals = await db('payout_reversals').where({ creator_id: creator.id });
    expect(reversals).toHaveLength(1);
    expect(reversals[0]).toMatchObject({
      reason: 'dispute_lost',
      method: 'transfer_reversal',
      status: 'done',
    });
    expect(sim.route.transfers.get(transfer.razorpay_transfer_id)?.amount_reversed).toBe(9710);
    expect(await expectLedgerIdentity(db, creator.id)).toMatchObject({ paid: 0, reversed: 9710, debt: 0 });
    const [decided] = (await opsCases(operator.token)).filter((c) => c.paymentId === payment);
    expect(decided).toMatchObject({ status: 'lost', outcome: 'lost', hold: { state: 'reversed' } });
  });

  it('won releases the Route hold, the transfer settles and the creator keeps the money', async () => {
    const operator = await buildOperator(db, config);
    const { creator, payment, transfer } = await paidOutGuestTip();
    const dispute = sim.route.disputes.raise(payment);
    await sim.idle();
    expect(sim.route.isOnHold(transfer.razorpay_transfer_id)).toBe(true);
    sim.route.disputes.review(dispute.id);
    await sim.idle();
    sim.route.disputes.decide(dispute.id, 'won');
    await sim.idle();

    expect(sim.route.isOnHold(transfer.razorpay_transfer_id)).toBe(false);
    sim.route.settleHeld();
    await sim.idle();
    expect((await db('payout_transfers').where({ id: transfer.id }).first()).utr).toMatch(/^\d{12}$/);
    expect(await db('payout_reversals').where({ creator_id: creator.id })).toHaveLength(0);
    expect(await expectLedgerIdentity(db, creator.id)).toMatchObject({ paid: 9710, reversed: 0 });
    const [shown] = (await opsCases(operator.token)).filter((c) => c.paymentId === payment);
    expect(shown).toMatchObject({ status: 'won', outcome: 'won', hold: { state: 'released' } });
    const detail = await app.request<{ events: Array<{ event: string }> }>(
      'GET',
      `/api/ops/disputes/${shown?.id}`,
      { token: operator.token },
    );
    expect(detail.body.events.map((e) => e.event)).toEqual([
      'payment.dispute.created',
      'payment.dispute.under_review',
      'payment.dispute.won',
    ]);
  });
});

describe('a dispute on a tip already settled to the bank', () => {
  it('holds nothing at Route (Razorpay refuses a settled transfer), and a loss is taken back from the transfer', async () => {
    const operator = await buildOperator(db, config);
    const creator = await activeCreator();
    const payment = await guestTip(app, sim, creator.handle, 100);
    await runPayoutCycle(deps);
    await sim.idle();
    const transfer = await db('payout_transfers').where({ creator_id: creator.id }).first();
    expect(transfer.utr).toMatch(/^\d{12}$/);
    await expect(deps.payments.route.holdTransfer(transfer.razorpay_transfer_id, true)).rejects.toMatchObject(
      {
        code: 'VALIDATION_FAILED',
        message: 'Settlement for the transfer is already processed',
      },
    );
    await expect(deps.payments.route.holdTransfer('trf_unknown0000000', true)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });

    const dispute = sim.route.disputes.raise(payment);
    await sim.idle();
    const [shown] = (await opsCases(operator.token)).filter((c) => c.paymentId === payment);
    expect(shown).toMatchObject({ hold: { state: 'settled' }, transfer: { settled: true } });
    expect(sim.route.isOnHold(transfer.razorpay_transfer_id)).toBe(false);
    sim.route.disputes.decide(dispute.id, 'lost');
    await sim.idle();
    expect(sim.route.transfers.get(transfer.razorpay_transfer_id)?.amount_reversed).toBe(9710);
    expect(await expectLedgerIdentity(db, creator.id)).toMatchObject({ paid: 0, reversed: 9710 });
  });
});

describe('a dispute before the payout', () => {
  it('holds the earning: the payout job sends nothing for it until the dispute is won', async () => {
    const creator = await activeCreator();
    const payment = await guestTip(app, sim, creator.handle, 50);
    const dispute = sim.route.disputes.raise(payment);
    await sim.idle();
    await runPayoutCycle(deps);
    await sim.idle();
    expect(await db('payout_transfers').where({ creator_id: creator.id })).toHaveLength(0);

    sim.route.disputes.decide(dispute.id, 'closed');
    await sim.idle();
    await runPayoutCycle(deps);
    await sim.idle();
    const [sent] = await db('payout_transfers').where({ creator_id: creator.id });
    expect(sent).toMatchObject({ source_payment_id: payment, status: 'processed', amount_paise: 4855 });
  });

  it('lost before the payout takes the share from the balance; a created event arriving after it holds nothing', async () => {
    const creator = await activeCreator();
    const payment = await guestTip(app, sim, creator.handle, 50);
    const lost = sim.route.loseDispute(payment);
    await sim.idle();
    const late = await deliverDisputeEvent('payment.dispute.created', lost.id, 'open', 'evt_late_created');
    expect(late.body.outcome).toBe('dispute_unchanged');
    expect(await db('earnings').where({ payment_id: payment }).first()).toMatchObject({
      state: 'reversed',
      held_by_dispute_id: null,
    });
    expect(await expectLedgerIdentity(db, creator.id)).toMatchObject({
      pending: 0,
      available: 0,
      reversed: 4855,
    });
    expect(await db('disputes').where({ razorpay_dispute_id: lost.id })).toHaveLength(1);
  });
});

describe('who sees disputes', () => {
  it('answers only operators', async () => {
    const creator = await buildCreator(db, config);
    expect((await app.request('GET', '/api/ops/disputes')).status).toBe(401);
    const res = await app.request('GET', '/api/ops/disputes', { token: creator.token });
    expect(res).toMatchObject({ status: 403, body: { message: MESSAGES.forbiddenOperator } });
  });
});
