import { afterAll, describe, expect, it } from 'vitest';
import {
  LIMITS,
  payoutsSpace,
  webhookPayloadSchemas,
  type PayoutSummary,
  type WebhookEndpoint,
} from '@shabaash/shared';
import { buildCreator, buildUser } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { expectLedgerIdentity, guestTip, onboardCreator, walletTip } from '../../../test/payouts.ts';
import { startReceiver } from '../../../test/webhookReceiver.ts';
import { runWebhooksOnce } from '../webhooks/webhooks.worker.ts';
import { refundShare } from './reversals.service.ts';
import { runPayoutCycle } from './payoutCycle.ts';

// Partial refunds, the payout.updated outgoing webhook and the realtime notices of payout changes.
const ctx = await createPaymentsTestApp({
  PAYOUT_HOLD_HOURS: '0',
  GUEST_ORDER_LIMIT_PER_IP_PER_MINUTE: '100000',
  PAYOUT_PRO_WINDOW_MS: '0',
  PAYOUT_STUCK_AFTER_MS: '0',
  WEBHOOK_RETRY_BASE_MS: '50',
});
const { app, sim, bus } = ctx;
const { db, config } = app.deps;
const deps = app.deps;
const receivers: Array<{ close: () => Promise<void> }> = [];
afterAll(async () => {
  for (const r of receivers) await r.close();
});

let emails = 0;
async function proCreator() {
  const creator = await buildCreator(db, config, { lifetimeGrossPaise: LIMITS.starterFreeTierPaise + 1 });
  await onboardCreator(app, sim, creator.token, `changes${++emails}-${Date.now()}@example.com`);
  return creator;
}
const transfersOf = (creatorId: string) =>
  db('payout_transfers').where({ creator_id: creatorId }).orderBy('created_at').select('*');

describe('partial refunds', () => {
  it('reverse the proportional share, rounded down to the paisa, and the whole share once refunded in full', () => {
    // ₹100 tip, 2.9% fee: net ₹97.10. A ₹33.33 refund takes 9710 × 3333 / 10000 = 3236.34 → 3236 paise.
    expect(refundShare(9710, 10_000, 3333)).toBe(3236);
    expect(refundShare(9710, 10_000, 10_000)).toBe(9710);
    expect(refundShare(9710, 10_000, 12_000)).toBe(9710);
    expect(refundShare(9710, 10_000, 0)).toBe(0);
    expect(refundShare(1, 3, 1)).toBe(0); // a third of a paisa stays with the creator until the refund is whole
    // Cumulative: the parts of several refunds always add up to the share of their total.
    let taken = 0;
    for (const refunded of [1, 2, 5000, 9999, 10_000]) {
      const part = refundShare(9710, 10_000, refunded) - taken;
      expect(part).toBeGreaterThanOrEqual(0);
      taken += part;
    }
    expect(taken).toBe(9710);
  });

  it('before the transfer: withheld from the balance (webhook 3×: once); the rest is paid; after it: reversed through Razorpay', async () => {
    const creator = await proCreator();
    const pay = await guestTip(app, sim, creator.handle, 100);
    sim.switches.duplicates = 3;
    try {
      expect(sim.route.refund(pay, 3333).status).toBe(200);
      await sim.idle();
    } finally {
      sim.reset();
    }
    let b = await expectLedgerIdentity(db, creator.id);
    expect(b).toMatchObject({ earned: 10_000, fees: 290, pending: 9710 - 3236, reversed: 3236 });
    expect(await db('payout_reversals').where({ creator_id: creator.id })).toHaveLength(1);

    await runPayoutCycle(deps);
    await sim.idle();
    const [t] = await transfersOf(creator.id);
    expect(t).toMatchObject({ status: 'processed', amount_paise: 6474 });
    b = await expectLedgerIdentity(db, creator.id);
    expect(b).toMatchObject({ pending: 0, available: 0, paid: 6474, reversed: 3236 });

    // The rest of the payment is refunded: the rest of the share (6474) comes back through a transfer reversal.
    expect(sim.route.refund(pay).status).toBe(200);
    await sim.idle();
    expect(sim.route.transfers.get(t.razorpay_transfer_id)?.amount_reversed).toBe(6474);
    b = await expectLedgerIdentity(db, creator.id);
    expect(b).toMatchObject({ paid: 0, reversed: 9710, debt: 0 });
    const reversals = await db('payout_reversals').where({ creator_id: creator.id }).orderBy('created_at');
    expect(
      reversals.map((r: { amount_paise: number; method: string }) => [r.amount_paise, r.method]),
    ).toEqual([
      [3236, 'balance'],
      [6474, 'transfer_reversal'],
    ]);
    // The summary (one statement) says what the rows say: newest first, exact instants, the space's version.
    const summary = await app.request<PayoutSummary>('GET', '/api/creator/payouts', { token: creator.token });
    const newest = <R extends { created_at: Date }>(rows: R[]) =>
      [...rows].sort((x, y) => y.created_at.getTime() - x.created_at.getTime());
    expect(summary.body.reversals).toEqual(
      newest(
        reversals as Array<{
          id: string;
          amount_paise: number;
          reason: string;
          method: string;
          created_at: Date;
        }>,
      ).map((r) => ({
        id: r.id,
        amountPaise: r.amount_paise,
        reason: r.reason,
        method: r.method,
        createdAt: r.created_at.toISOString(),
      })),
    );
    const transfers = newest(await transfersOf(creator.id));
    expect(summary.body.transfers.map((x) => [x.id, x.amountPaise, x.status, x.createdAt])).toEqual(
      transfers.map((x) => [x.id, x.amount_paise, x.status, x.created_at.toISOString()]),
    );
    expect(summary.body.balances).toMatchObject({
      paidPaise: 0,
      reversedPaise: 9710,
      debtPaise: 0,
      earnedPaise: 10_000,
    });
    expect(summary.body.plan).toBe('pro');
    expect(summary.body.onboarding).toMatchObject({ status: 'activated' });
    const space = await db('sync_spaces')
      .where({ space: payoutsSpace(creator.id) })
      .first<{ version: number }>();
    expect(summary.body.version).toBe(space?.version);
  });
});

describe('payout changes reach the creator', () => {
  it('payout.updated goes to an endpoint subscribed to it for every movement and the UTR, not to others', async () => {
    const creator = await proCreator();
    const hook = await startReceiver();
    const other = await startReceiver();
    receivers.push(hook, other);
    const register = async (url: string, events: string[]) => {
      const res = await app.request<{ endpoint: WebhookEndpoint }>('POST', '/api/creator/webhooks', {
        token: creator.token,
        body: { url, events },
      });
      expect(res.status).toBe(200);
    };
    await register(hook.url, ['payout.updated']);
    await register(other.url, ['stream.started']);
    bus.changedSpaces.length = 0;
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    await walletTip(app, viewer.token, creator.handle, 40);
    await runPayoutCycle(deps);
    await sim.idle();
    const [t] = await transfersOf(creator.id);
    expect(t.utr).toMatch(/^\d{12}$/);
    // The realtime hub was told after each step (the tip's own creator space covers the credit).
    expect(bus.changedSpaces.filter((s) => s === payoutsSpace(creator.id)).length).toBeGreaterThanOrEqual(3);

    const kinds = () =>
      [...hook.handled.values()].map((r) => {
        const data = r.body.data as { change: string; kind: string };
        return `${data.change}:${data.kind}`;
      });
    for (let i = 0; i < 40 && kinds().length < 5; i += 1) {
      await runWebhooksOnce(deps);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(kinds().sort()).toEqual(
      ['earning:credit', 'earning:release', 'earning:transfer', 'earning:paid', 'settlement:settled'].sort(),
    );
    for (const r of hook.handled.values()) {
      expect(webhookPayloadSchemas['payout.updated'].safeParse(r.body).success).toBe(true);
      expect(r.eventIdHeader).toBe(r.body.id);
    }
    const utrEvent = [...hook.handled.values()]
      .map((r) => r.body.data as { change: string; utr: string | null; transferId: string | null })
      .find((d) => d.change === 'settlement');
    expect(utrEvent).toMatchObject({ utr: t.utr, transferId: t.id });
    const paid = [...hook.handled.values()]
      .map((r) => r.body.data as { kind: string; amountPaise: number })
      .find((d) => d.kind === 'paid');
    expect(paid?.amountPaise).toBe(4000 - 116);
    expect(other.requests).toHaveLength(0);
  });
});
