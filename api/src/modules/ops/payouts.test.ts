import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS, PROVIDER_REASONS, type AuditEntry, type OpsPayouts } from '@shabaash/shared';
import { buildCreator, buildOperator } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { PAYOUTS_AT_ONCE, expectLedgerIdentity, guestTip, onboardCreator } from '../../../test/payouts.ts';
import { countPayoutsByState } from '../payouts/payoutHolds.repository.ts';
import { runPayoutCycle } from '../payouts/payoutCycle.ts';

const ctx = await createPaymentsTestApp(PAYOUTS_AT_ONCE);
const { app, sim } = ctx;
const { db, config } = app.deps;
const deps = app.deps;

let emails = 0;
const email = () => `opspayouts${++emails}-${Date.now()}@example.com`;

afterEach(() => sim.reset());

async function activeCreator() {
  const creator = await buildCreator(db, config, { lifetimeGrossPaise: LIMITS.starterFreeTierPaise + 1 });
  await onboardCreator(app, sim, creator.token, email());
  return creator;
}

const transfersOf = (creatorId: string) =>
  db('payout_transfers').where({ creator_id: creatorId }).orderBy('created_at').select('*');

async function auditOf(token: string, targetKind: string, targetId: string): Promise<AuditEntry[]> {
  const res = await app.request<{ entries: AuditEntry[] }>(
    'GET',
    `/api/ops/audit?targetKind=${targetKind}&targetId=${targetId}`,
    { token },
  );
  return res.body.entries;
}

describe("holding a creator's payouts", () => {
  it('the payout job pays nothing to a held creator, the creator is told neutrally, and pays after release; both actions audited', async () => {
    const operator = await buildOperator(db, config);
    const creator = await activeCreator();
    const path = `/api/ops/creators/${creator.id}/payouts`;
    const noReason = await app.request('POST', `${path}/hold`, { token: operator.token, body: {} });
    expect(noReason.status).toBe(400);
    const held = await app.request('POST', `${path}/hold`, {
      token: operator.token,
      body: { reason: 'KYC documents under review' },
    });
    expect(held).toMatchObject({ status: 200, body: { held: true, reason: 'KYC documents under review' } });
    const again = await app.request('POST', `${path}/hold`, {
      token: operator.token,
      body: { reason: 'KYC documents under review' },
    });
    expect(again.status).toBe(409);

    const payment = await guestTip(app, sim, creator.handle, 100);
    await runPayoutCycle(deps);
    await sim.idle();
    expect(await transfersOf(creator.id)).toHaveLength(0);
    const mine = await app.request<{ payoutsOnHold: boolean; nextPayoutAt: string | null }>(
      'GET',
      '/api/creator/payouts',
      { token: creator.token },
    );
    expect(mine.body).toMatchObject({ payoutsOnHold: true, nextPayoutAt: null });
    expect(JSON.stringify(mine.body)).not.toContain('KYC documents under review');
    const view = await app.request<OpsPayouts>('GET', '/api/ops/payouts', { token: operator.token });
    expect(view.body.heldCreators.find((h) => h.creator.id === creator.id)).toMatchObject({
      reason: 'KYC documents under review',
      availablePaise: 9710,
      creator: { handle: creator.handle },
    });
    expect((await countPayoutsByState(db)).creators_held).toBeGreaterThanOrEqual(1);

    const released = await app.request('POST', `${path}/release`, {
      token: operator.token,
      body: { reason: 'Documents verified' },
    });
    expect(released).toMatchObject({ status: 200, body: { held: false, reason: null } });
    await runPayoutCycle(deps);
    await sim.idle();
    const [sent] = await transfersOf(creator.id);
    expect(sent).toMatchObject({ source_payment_id: payment, status: 'processed', amount_paise: 9710 });
    expect(await expectLedgerIdentity(db, creator.id)).toMatchObject({ paid: 9710, available: 0 });

    const audit = await auditOf(operator.token, 'creator', creator.id);
    expect(audit.map((a) => [a.action, a.reason])).toEqual([
      ['payouts.release', 'Documents verified'],
      ['payouts.hold', 'KYC documents under review'],
    ]);
    expect(audit[1]).toMatchObject({ before: { held: false }, after: { held: true } });
  });

  it('only operators may hold payouts', async () => {
    const creator = await buildCreator(db, config);
    const res = await app.request('POST', `/api/ops/creators/${creator.id}/payouts/hold`, {
      token: creator.token,
      body: { reason: 'I hold my own payouts' },
    });
    expect(res.status).toBe(403);
    expect(
      (await db('creators').where({ user_id: creator.id }).first('payouts_held_at')).payouts_held_at,
    ).toBeNull();
  });
});

describe('a failed transfer', () => {
  it('is listed with its creator and reason, and a retry sends it once however often it is asked', async () => {
    const operator = await buildOperator(db, config);
    const creator = await activeCreator();
    const payment = await guestTip(app, sim, creator.handle, 100);
    sim.switches.routeFailTransfers = true;
    await runPayoutCycle(deps);
    await sim.idle();
    sim.switches.routeFailTransfers = false;
    const [failed] = await transfersOf(creator.id);
    expect(failed.status).toBe('failed');

    const view = await app.request<OpsPayouts>('GET', '/api/ops/payouts', { token: operator.token });
    expect(view.body.transfers.find((t) => t.id === failed.id)).toMatchObject({
      state: 'failed',
      reason: PROVIDER_REASONS.bankDown,
      retryable: true,
      creator: { id: creator.id, handle: creator.handle },
      amountPaise: 9710,
    });

    const retry = () =>
      app.request<{ retryTransferId: string }>('POST', `/api/ops/payouts/transfers/${failed.id}/retry`, {
        token: operator.token,
      });
    const [first, second] = await Promise.all([retry(), retry()]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.retryTransferId).toBe(first.body.retryTransferId);
    await sim.idle();
    const third = await retry();
    expect(third.body.retryTransferId).toBe(first.body.retryTransferId);

    const atRazorpay = [...sim.route.transfers.values()].filter((t) => t.source === payment);
    expect(atRazorpay.map((t) => t.status).sort()).toEqual(['failed', 'processed']);
    expect(await db('payout_transfers').where({ id: first.body.retryTransferId }).first()).toMatchObject({
      status: 'processed',
      amount_paise: 9710,
    });
    expect(await expectLedgerIdentity(db, creator.id)).toMatchObject({ paid: 9710, available: 0 });
    const audit = await auditOf(operator.token, 'transfer', failed.id);
    expect(audit.map((a) => a.action)).toEqual(['transfer.retry']);
    const retried = await app.request(
      'POST',
      `/api/ops/payouts/transfers/${first.body.retryTransferId}/retry`,
      {
        token: operator.token,
      },
    );
    expect(retried.status).toBe(409);
  });
});
