import { describe, expect, it } from 'vitest';
import { LIMITS, PAYOUT_MESSAGES } from '@shabaash/shared';
import { buildCreator, buildUser } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import {
  PAYOUTS_AT_ONCE,
  expectLedgerIdentity,
  guestTip,
  onboardCreator,
  ONBOARDING,
  walletTip,
} from '../../../test/payouts.ts';
import { releaseEarnings } from './earnings.repository.ts';
import { reconcileReversals, reverseEarning } from './reversals.service.ts';
import { claimBatch } from './claims.ts';
import { runPayoutCycle } from './payoutCycle.ts';
import { reconcileTransfers, PAYOUT_KEY_NOTE } from './transfers.service.ts';

const ctx = await createPaymentsTestApp(PAYOUTS_AT_ONCE);
const { app, sim } = ctx;
const { db, config } = app.deps;
const deps = app.deps;

const FULL_REFUND = { reason: 'refund', refundId: null, refundedPaise: null, sourceEventId: null } as const;
const IST_0930 = new Date('2026-11-25T04:00:00Z');
const IST_1030 = new Date('2026-11-25T05:00:00Z');
let emails = 0;
const email = () => `creator${++emails}-${Date.now()}@example.com`;

async function activeCreator(opts: { pro?: boolean } = {}) {
  const creator = await buildCreator(
    db,
    config,
    opts.pro ? { lifetimeGrossPaise: LIMITS.starterFreeTierPaise + 1 } : {},
  );
  await onboardCreator(app, sim, creator.token, email());
  const summary = await app.request<{ onboarding: { status: string } }>('GET', '/api/creator/payouts', {
    token: creator.token,
  });
  expect(summary.body.onboarding.status).toBe('activated');
  return creator;
}

const transfersOf = (creatorId: string) =>
  db('payout_transfers').where({ creator_id: creatorId }).orderBy('created_at').select('*');

/** A Pro creator's ₹100 guest tip, paid out: the payout cycle ran and Razorpay processed its transfer. */
async function transferredGuestTip() {
  const creator = await activeCreator({ pro: true });
  const pay = await guestTip(app, sim, creator.handle, 100);
  await runPayoutCycle(deps);
  await sim.idle();
  const [t] = await transfersOf(creator.id);
  expect(t.status).toBe('processed');
  return { creator, pay, t };
}

describe('onboarding (real SDK → simulator → product.route.* webhooks)', () => {
  it('refuses a wrong IFSC with a clear message and calls nothing', async () => {
    const creator = await buildCreator(db, config);
    const before = sim.route.accounts.size;
    const res = await app.request<{ message: string }>('POST', '/api/creator/payouts/onboarding', {
      token: creator.token,
      body: { ...ONBOARDING, email: email(), ifsc: 'HDFC1234567' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PAYOUT_MESSAGES.ifsc);
    const pan = await app.request<{ message: string }>('POST', '/api/creator/payouts/onboarding', {
      token: creator.token,
      body: { ...ONBOARDING, email: email(), pan: 'ABCD1234K' },
    });
    expect(pan.body.message).toBe(PAYOUT_MESSAGES.pan);
    const acct = await app.request<{ message: string }>('POST', '/api/creator/payouts/onboarding', {
      token: creator.token,
      body: { ...ONBOARDING, email: email(), accountNumber: '1234' },
    });
    expect(acct.body.message).toBe(PAYOUT_MESSAGES.accountNumber);
    expect(sim.route.accounts.size).toBe(before);
  });

  it('goes through needs_clarification (reasons shown, fields corrected) to activated, keeping only the last 4 digits', async () => {
    const creator = await buildCreator(db, config);
    sim.switches.routeNeedsClarification = true;
    try {
      await onboardCreator(app, sim, creator.token, email());
    } finally {
      sim.switches.routeNeedsClarification = false;
    }
    const waiting = await app.request<{
      onboarding: { status: string; reasons: string[]; accountLast4: string };
    }>('GET', '/api/creator/payouts', { token: creator.token });
    expect(waiting.body.onboarding.status).toBe('needs_clarification');
    expect(waiting.body.onboarding.reasons).toEqual([
      'Account holder name does not match the name on your PAN.',
    ]);
    const fixed = await app.request('PATCH', '/api/creator/payouts/onboarding', {
      token: creator.token,
      body: { accountNumber: '998877665544', ifsc: 'ICIC0000001', beneficiaryName: 'Asha Verma' },
    });
    expect(fixed.status).toBe(200);
    await sim.idle();
    const done = await app.request<{
      onboarding: { status: string; bankName: string; accountLast4: string };
    }>('GET', '/api/creator/payouts', { token: creator.token });
    expect(done.body.onboarding).toMatchObject({
      status: 'activated',
      bankName: 'ICICI Bank',
      accountLast4: '5544',
    });
    const stored = JSON.stringify(await db('linked_accounts').where({ creator_id: creator.id }).first());
    expect(stored).not.toContain('998877665544');
    expect(stored).not.toContain(ONBOARDING.pan);
    expect(JSON.stringify(done.body)).not.toContain('998877665544');
  });
});

describe('transfers', () => {
  it('a Starter day: nothing before the batch hour, then one direct transfer and one per guest payment, once', async () => {
    const creator = await activeCreator();
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    await walletTip(app, viewer.token, creator.handle, 10);
    await walletTip(app, viewer.token, creator.handle, 20);
    const pay1 = await guestTip(app, sim, creator.handle, 50);
    const pay2 = await guestTip(app, sim, creator.handle, 70);
    await runPayoutCycle(deps, { now: IST_0930 });
    expect(await transfersOf(creator.id)).toHaveLength(0);
    await runPayoutCycle(deps, { now: IST_1030 });
    await sim.idle();
    const made = await transfersOf(creator.id);
    expect(made.map((t) => [t.kind, t.source_payment_id, Number(t.amount_paise)]).sort()).toEqual(
      [
        ['direct', null, 3000],
        ['payment', pay1, 5000],
        ['payment', pay2, 7000],
      ].sort(),
    );
    const atSim = [...sim.route.transfers.values()].filter((t) => t.recipient === made[0].account_id);
    expect(atSim).toHaveLength(3);
    // A later tip the same day waits for tomorrow's batch.
    await walletTip(app, viewer.token, creator.handle, 5);
    await runPayoutCycle(deps, { now: IST_1030 });
    expect(await transfersOf(creator.id)).toHaveLength(3);
    const b = await expectLedgerIdentity(db, creator.id);
    expect(b).toMatchObject({ paid: 15_000, available: 500, inTransit: 0 });
    const utrs = (await transfersOf(creator.id)).map((t) => t.utr);
    expect(utrs.every((u) => typeof u === 'string' && u.length >= 10)).toBe(true);
  });

  it('a Pro minute: tips batch into one direct transfer per cycle, plus one per guest payment, minus the 2.9% fee', async () => {
    const creator = await activeCreator({ pro: true });
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    await walletTip(app, viewer.token, creator.handle, 100);
    await walletTip(app, viewer.token, creator.handle, 200);
    const pay = await guestTip(app, sim, creator.handle, 300);
    await runPayoutCycle(deps, { now: IST_0930 });
    await sim.idle();
    const made = await transfersOf(creator.id);
    expect(made.map((t) => [t.kind, t.source_payment_id, Number(t.amount_paise)]).sort()).toEqual(
      [
        ['direct', null, 30_000 - 870],
        ['payment', pay, 30_000 - 870],
      ].sort(),
    );
    const b = await expectLedgerIdentity(db, creator.id);
    expect(b).toMatchObject({ paid: 58_260, fees: 1740, pending: 0, available: 0 });
  });

  it('transfer.processed and settlement.processed delivered 3× and shuffled pay once', async () => {
    const creator = await activeCreator({ pro: true });
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    await walletTip(app, viewer.token, creator.handle, 40);
    sim.switches.duplicates = 3;
    sim.switches.reorder = true;
    let delivered: Array<{ event: string; id: string }> = [];
    try {
      await runPayoutCycle(deps);
      await sim.idle();
      delivered = sim.deliveries
        .filter((d) => d.status === 200)
        .map((d) => ({ event: d.event, id: d.paymentId }));
    } finally {
      sim.reset();
    }
    const [t] = await transfersOf(creator.id);
    expect(
      delivered.filter((d) => d.event === 'transfer.processed' && d.id === t.razorpay_transfer_id),
    ).toHaveLength(3);
    expect(
      delivered.filter((d) => d.event === 'settlement.processed' && d.id === t.recipient_settlement_id),
    ).toHaveLength(3);
    expect(t.status).toBe('processed');
    expect(t.utr).toMatch(/^\d{12}$/);
    const paidMoves = await db('earning_movements').where({ creator_id: creator.id, kind: 'paid' });
    expect(paidMoves).toHaveLength(1);
    const b = await expectLedgerIdentity(db, creator.id);
    expect(b.paid).toBe(4000 - 116);
  });

  it('transfer.failed returns the funds to available with the reason, and the next batch pays them', async () => {
    const creator = await activeCreator({ pro: true });
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    await walletTip(app, viewer.token, creator.handle, 10);
    sim.switches.routeFailTransfers = true;
    try {
      await runPayoutCycle(deps);
      await sim.idle();
    } finally {
      sim.switches.routeFailTransfers = false;
    }
    const [failed] = await transfersOf(creator.id);
    expect(failed).toMatchObject({
      status: 'failed',
      failure_reason: 'Beneficiary bank is down. Retry the transfer after some time.',
    });
    const summary = await app.request<{
      balances: { availablePaise: number };
      transfers: Array<{ failureReason: string }>;
    }>('GET', '/api/creator/payouts', { token: creator.token });
    expect(summary.body.balances.availablePaise).toBe(971);
    expect(summary.body.transfers[0]?.failureReason).toContain('Beneficiary bank is down');
    await runPayoutCycle(deps);
    await sim.idle();
    const b = await expectLedgerIdentity(db, creator.id);
    expect(b).toMatchObject({ available: 0, paid: 971 });
  });
});

describe('refunds and disputes', () => {
  it('a refund before the transfer reverses the share from the balance once (refund.processed 3×)', async () => {
    const creator = await activeCreator();
    const pay = await guestTip(app, sim, creator.handle, 80);
    sim.switches.duplicates = 3;
    try {
      expect(sim.route.refund(pay).status).toBe(200);
      await sim.idle();
    } finally {
      sim.reset();
    }
    const b = await expectLedgerIdentity(db, creator.id);
    expect(b).toMatchObject({ pending: 0, reversed: 8000 });
    expect(await db('payout_reversals').where({ creator_id: creator.id })).toHaveLength(1);
    await runPayoutCycle(deps, { forceStarter: true });
    expect(await transfersOf(creator.id)).toHaveLength(0);
  });

  it('a refund after the transfer reverses it through Razorpay once; a lost dispute on the same payment changes nothing more', async () => {
    const { creator, pay, t } = await transferredGuestTip();
    sim.route.refund(pay);
    await sim.idle();
    sim.route.loseDispute(pay);
    await sim.idle();
    const reversal = await db('payout_reversals').where({ creator_id: creator.id });
    expect(reversal).toHaveLength(1);
    expect(reversal[0]).toMatchObject({ method: 'transfer_reversal', status: 'done', reason: 'refund' });
    expect(sim.route.transfers.get(t.razorpay_transfer_id)?.amount_reversed).toBe(9710);
    const b = await expectLedgerIdentity(db, creator.id);
    expect(b).toMatchObject({ paid: 0, reversed: 9710, debt: 0 });
  });
});

describe('exactly once across crashes and timeouts', () => {
  it('a transfer reversal cut off before its call is requested once; one whose answer was lost is not repeated', async () => {
    const paidGuestTip = async () => {
      const { creator, pay, t } = await transferredGuestTip();
      // The refund's transaction commits (share moved to reversed, reversal `requested`), then the process dies.
      const { pending } = await db.transaction((tx) => reverseEarning(tx, pay, FULL_REFUND, null));
      if (!pending) throw new Error('no transfer reversal pending');
      return { creator, t, pending };
    };
    const cut = await paidGuestTip();
    const lost = await paidGuestTip();
    // The second one's call reached Razorpay; only its answer was lost.
    await deps.payments.route.reverseTransfer(lost.t.razorpay_transfer_id, 9710);
    await reconcileReversals(deps);
    await reconcileReversals(deps);
    for (const { creator, t } of [cut, lost]) {
      expect(sim.route.transfers.get(t.razorpay_transfer_id)?.amount_reversed).toBe(9710);
      expect(await db('payout_reversals').where({ creator_id: creator.id }).first()).toMatchObject({
        method: 'transfer_reversal',
        status: 'done',
      });
      expect(await expectLedgerIdentity(db, creator.id)).toMatchObject({ paid: 0, reversed: 9710, debt: 0 });
    }
  });

  it('a transfer recorded but never sent (crash before the call) is sent once by reconciliation', async () => {
    const creator = await activeCreator({ pro: true });
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    await walletTip(app, viewer.token, creator.handle, 10);
    await runPayoutCycle(deps, { now: IST_0930 }); // releases and pays; make a second earning to claim by hand
    await sim.idle();
    await walletTip(app, viewer.token, creator.handle, 20);
    await releaseEarnings(db, { holdMs: 0, freeTierPaise: LIMITS.starterFreeTierPaise, limit: 100 });
    const [claimed] = await claimBatch(deps, creator.id, null);
    if (!claimed) throw new Error('nothing claimed');
    expect(claimed.status).toBe('created');
    await reconcileTransfers(deps);
    await reconcileTransfers(deps);
    await sim.idle();
    const atSim = [...sim.route.transfers.values()].filter(
      (x) => !Array.isArray(x.notes) && x.notes[PAYOUT_KEY_NOTE] === claimed.idempotency_key,
    );
    expect(atSim).toHaveLength(1);
    expect((await db('payout_transfers').where({ id: claimed.id }).first()).status).toBe('processed');
  });

  it('a transfer Razorpay created whose answer was lost (crash after the call) is found by key, not paid again', async () => {
    const creator = await activeCreator({ pro: true });
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    await walletTip(app, viewer.token, creator.handle, 30);
    await releaseEarnings(db, { holdMs: 0, freeTierPaise: LIMITS.starterFreeTierPaise, limit: 100 });
    const [claimed] = await claimBatch(deps, creator.id, null);
    if (!claimed) throw new Error('nothing claimed');
    // The call reaches Razorpay, then the process dies before recording the answer; its webhook is lost too.
    ctx.setWebhookUrl('http://127.0.0.1:9/nowhere');
    sim.switches.maxAttempts = 1;
    await deps.payments.route.directTransfer({
      account: claimed.account_id,
      amountPaise: Number(claimed.amount_paise),
      notes: { [PAYOUT_KEY_NOTE]: claimed.idempotency_key },
    });
    await sim.idle();
    ctx.setWebhookUrl(ctx.webhookUrl);
    sim.reset();
    await reconcileTransfers(deps);
    await sim.idle();
    const atSim = [...sim.route.transfers.values()].filter(
      (x) => !Array.isArray(x.notes) && x.notes[PAYOUT_KEY_NOTE] === claimed.idempotency_key,
    );
    expect(atSim).toHaveLength(1);
    const row = await db('payout_transfers').where({ id: claimed.id }).first();
    expect(row).toMatchObject({ status: 'processed', razorpay_transfer_id: atSim[0]?.id });
    await expectLedgerIdentity(db, creator.id);
  });
});
