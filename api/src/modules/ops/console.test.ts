import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  maskPhone,
  type OpsRefund,
  type OpsSearchResult,
  type OpsTipDetail,
} from '@shabaash/shared';
import { buildCreator, buildOperator, buildUser } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { expectLedgerIdentity, guestTip, walletTip } from '../../../test/payouts.ts';

const { app, sim } = await createPaymentsTestApp({ GUEST_ORDER_LIMIT_PER_IP_PER_MINUTE: '100000' });
const { db, config } = app.deps;

type TipBody = { tip: OpsTipDetail };
type RefundBody = { tip: OpsTipDetail; refund: OpsRefund; message?: string };

const tipIdOfPayment = async (paymentId: string) =>
  ((await db('tips').where({ payment_id: paymentId }).first('id')) as { id: string }).id;

function refund(
  token: string,
  tipId: string,
  body: Record<string, unknown>,
  key: string | null = randomUUID(),
) {
  return app.request<RefundBody>('POST', `/api/ops/tips/${tipId}/refund`, {
    token,
    body,
    headers: key ? { 'Idempotency-Key': key } : {},
  });
}

const earningOf = (tipId: string) =>
  db('earnings')
    .where({ tip_id: tipId })
    .first<{ net_paise: string; withheld_paise: string; state: string }>();

describe('Find: people and tips, phones masked', () => {
  it('finds a creator by handle and name, a viewer by the last 4 digits of the phone, with masked phones only', async () => {
    const operator = await buildOperator(db, config);
    const creator = await buildCreator(db, config, { name: `Meera Streams ${randomUUID().slice(0, 6)}` });
    const viewer = await buildUser(db, config);
    const byHandle = await app.request<OpsSearchResult>('GET', `/api/ops/search?q=@${creator.handle}`, {
      token: operator.token,
    });
    expect(byHandle.status).toBe(200);
    expect(byHandle.body.users).toContainEqual({
      id: creator.id,
      name: creator.name,
      role: 'creator',
      handle: creator.handle,
      phone: maskPhone(creator.phone),
      deleted: false,
    });
    const byName = await app.request<OpsSearchResult>(
      'GET',
      `/api/ops/search?q=${encodeURIComponent(creator.name.slice(-10))}`,
      { token: operator.token },
    );
    expect(byName.body.users.map((u) => u.id)).toContain(creator.id);
    const byDigits = await app.request<OpsSearchResult>(
      'GET',
      `/api/ops/search?q=${viewer.phone.slice(-4)}`,
      {
        token: operator.token,
      },
    );
    expect(byDigits.body.users.map((u) => u.id)).toContain(viewer.id);
    const text = JSON.stringify([byHandle.body, byName.body, byDigits.body]);
    for (const phone of [creator.phone, viewer.phone]) expect(text).not.toContain(phone);
  });

  it('finds a guest tip by its payment id and by its order id; its detail names the guest and the earning', async () => {
    const operator = await buildOperator(db, config);
    const creator = await buildCreator(db, config);
    const paymentId = await guestTip(app, sim, creator.handle, 100, 'great stream');
    const found = await app.request<OpsSearchResult>('GET', `/api/ops/search?q=${paymentId}`, {
      token: operator.token,
    });
    expect(found.body.tips).toHaveLength(1);
    const hit = found.body.tips[0]!;
    expect(hit).toMatchObject({
      source: 'guest',
      amountPaise: 10_000,
      creatorHandle: creator.handle,
      paymentId,
    });
    expect(hit.senderName).toBe('Ravi');
    const byOrder = await app.request<OpsSearchResult>('GET', `/api/ops/search?q=${hit.orderId}`, {
      token: operator.token,
    });
    expect(byOrder.body.tips.map((t) => t.id)).toEqual([hit.id]);
    const detail = await app.request<TipBody>('GET', `/api/ops/tips/${hit.id}`, { token: operator.token });
    expect(detail.body.tip).toMatchObject({
      amountPaise: 10_000,
      creator: { handle: creator.handle },
      sender: { kind: 'guest', name: 'Ravi', phone: null },
      status: 'paid',
      paymentId,
      refundedPaise: 0,
      refundablePaise: 10_000,
      refunds: [],
      earning: { state: 'pending', reversedPaise: 0 },
    });
  });

  it('a wallet tip shows the viewer with a masked phone; an unknown tip is 404', async () => {
    const operator = await buildOperator(db, config);
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 50_000 });
    await walletTip(app, viewer.token, creator.handle, 50);
    const tip = await db('tips').where({ sender_id: viewer.id }).first('id');
    const detail = await app.request<TipBody>('GET', `/api/ops/tips/${tip.id}`, { token: operator.token });
    expect(detail.body.tip.sender).toEqual({
      kind: 'viewer',
      name: viewer.name,
      phone: maskPhone(viewer.phone),
    });
    expect(JSON.stringify(detail.body)).not.toContain(viewer.phone);
    const missing = await app.request('GET', `/api/ops/tips/${randomUUID()}`, { token: operator.token });
    expect(missing).toMatchObject({ status: 404, body: { message: MESSAGES.tipNotFound } });
  });
});

describe('refunding a tip from /ops', () => {
  it('refunds half a guest tip through Razorpay, withholds half the creator’s share once (webhook included) and audits it', async () => {
    const operator = await buildOperator(db, config, { name: 'Nisha Ops' });
    const creator = await buildCreator(db, config);
    const paymentId = await guestTip(app, sim, creator.handle, 100);
    const tipId = await tipIdOfPayment(paymentId);
    const net = Number((await earningOf(tipId))!.net_paise);
    const res = await refund(operator.token, tipId, { amount: 50, reason: 'viewer paid twice by mistake' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.refund).toMatchObject({ amountPaise: 5000, status: 'processed' });
    expect(res.body.refund.refundId).toMatch(/^rfnd_/);
    expect(res.body.tip).toMatchObject({
      status: 'partly_refunded',
      refundedPaise: 5000,
      refundablePaise: 5000,
    });
    expect(res.body.tip.earning).toMatchObject({
      reversedPaise: Math.floor(net / 2),
      keptPaise: net - Math.floor(net / 2),
    });
    await sim.idle(); // the refund.processed webhook Razorpay sends for it
    expect(sim.payments.get(paymentId)?.amount_refunded).toBe(5000);
    expect(await db('payout_reversals').where({ creator_id: creator.id })).toHaveLength(1);
    expect(Number((await earningOf(tipId))!.withheld_paise)).toBe(Math.floor(net / 2));
    await expectLedgerIdentity(db, creator.id);
    const audit = await app.request<{ entries: Array<Record<string, unknown>> }>(
      'GET',
      `/api/ops/audit?targetKind=tip&targetId=${tipId}`,
      { token: operator.token },
    );
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0]).toMatchObject({
      operatorName: 'Nisha Ops',
      action: 'tip.refund',
      reason: 'viewer paid twice by mistake',
      before: { refundedPaise: 0, earning: { state: 'pending', keptPaise: net } },
      after: { refundedPaise: 5000, amountPaise: 5000, earning: { keptPaise: net - Math.floor(net / 2) } },
    });
  });

  it('a second identical request (same Idempotency-Key) refunds nothing more; the same key with another amount is 409', async () => {
    const operator = await buildOperator(db, config);
    const creator = await buildCreator(db, config);
    const paymentId = await guestTip(app, sim, creator.handle, 100);
    const tipId = await tipIdOfPayment(paymentId);
    const key = randomUUID();
    const body = { amount: 30, reason: 'duplicate payment' };
    const [first, second] = await Promise.all([
      refund(operator.token, tipId, body, key),
      refund(operator.token, tipId, body, key),
    ]);
    const third = await refund(operator.token, tipId, body, key);
    for (const r of [first, second, third]) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(new Set([first, second, third].map((r) => r.body.refund.id)).size).toBe(1);
    expect(third.headers.get('idempotent-replayed')).toBe('true');
    await sim.idle();
    expect(sim.payments.get(paymentId)?.amount_refunded).toBe(3000);
    expect(await db('operator_refunds').where({ tip_id: tipId })).toHaveLength(1);
    expect(await db('payout_reversals').where({ creator_id: creator.id })).toHaveLength(1);
    expect(await db('operator_audit').where({ target_id: tipId })).toHaveLength(1);
    const reused = await refund(operator.token, tipId, { ...body, amount: 40 }, key);
    expect(reused.status).toBe(409);
  });

  it('refuses a missing reason, a missing Idempotency-Key and more than is left unrefunded, changing nothing', async () => {
    const operator = await buildOperator(db, config);
    const creator = await buildCreator(db, config);
    const paymentId = await guestTip(app, sim, creator.handle, 100);
    const tipId = await tipIdOfPayment(paymentId);
    const noReason = await refund(operator.token, tipId, { amount: 10 });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toMatch(/reason/i);
    const shortReason = await refund(operator.token, tipId, { amount: 10, reason: 'no' });
    expect(shortReason.status).toBe(400);
    const noKey = await refund(operator.token, tipId, { amount: 10, reason: 'viewer asked' }, null);
    expect(noKey).toMatchObject({ status: 400, body: { message: MESSAGES.idempotencyKeyRequired } });
    expect((await refund(operator.token, tipId, { amount: 60, reason: 'viewer asked' })).status).toBe(200);
    const over = await refund(operator.token, tipId, { amount: 40.01, reason: 'viewer asked again' });
    expect(over).toMatchObject({ status: 400, body: { message: MESSAGES.refundTooLarge } });
    expect(
      (await refund(operator.token, tipId, { amount: 40, reason: 'the rest of it' })).body.tip,
    ).toMatchObject({
      status: 'refunded',
      refundablePaise: 0,
    });
    await sim.idle();
    expect(sim.payments.get(paymentId)?.amount_refunded).toBe(10_000);
    const earning = await earningOf(tipId);
    expect(earning).toMatchObject({ state: 'reversed' });
    expect(Number(earning!.withheld_paise)).toBe(Number(earning!.net_paise));
    await expectLedgerIdentity(db, creator.id);
  });

  it('refunds a wallet tip back to the viewer’s wallet through the ledger and withholds the creator’s share', async () => {
    const operator = await buildOperator(db, config);
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 50_000 });
    await walletTip(app, viewer.token, creator.handle, 200);
    const tip = await db('tips').where({ sender_id: viewer.id }).first('id');
    const net = Number((await earningOf(tip.id))!.net_paise);
    const balanceBefore = Number((await db('wallets').where({ user_id: viewer.id }).first()).balance_paise);
    const res = await refund(operator.token, tip.id, { amount: 200, reason: 'tipped the wrong creator' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.tip).toMatchObject({ status: 'refunded', earning: { state: 'reversed', keptPaise: 0 } });
    expect(Number((await db('wallets').where({ user_id: viewer.id }).first()).balance_paise)).toBe(
      balanceBefore + 20_000,
    );
    const credit = await db('wallet_transactions').where({ user_id: viewer.id, kind: 'refund' });
    expect(credit).toHaveLength(1);
    expect(Number(credit[0].amount_paise)).toBe(20_000);
    expect(Number((await earningOf(tip.id))!.withheld_paise)).toBe(net);
    await expectLedgerIdentity(db, creator.id);
    const again = await refund(operator.token, tip.id, { amount: 1, reason: 'one more rupee' });
    expect(again).toMatchObject({ status: 400, body: { message: MESSAGES.refundTooLarge } });
  });

  it('refuses a viewer and a creator (403) and the signed-out (401); nothing is refunded', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config);
    const paymentId = await guestTip(app, sim, creator.handle, 100);
    const tipId = await tipIdOfPayment(paymentId);
    for (const token of [viewer.token, creator.token]) {
      const res = await refund(token, tipId, { amount: 10, reason: 'I want my money' });
      expect(res).toMatchObject({ status: 403, body: { message: MESSAGES.forbiddenOperator } });
      expect((await app.request('GET', `/api/ops/tips/${tipId}`, { token })).status).toBe(403);
      expect((await app.request('GET', `/api/ops/search?q=${paymentId}`, { token })).status).toBe(403);
    }
    expect((await app.request('POST', `/api/ops/tips/${tipId}/refund`, { body: {} })).status).toBe(401);
    await sim.idle();
    expect(sim.payments.get(paymentId)?.amount_refunded).toBe(0);
    expect(await db('operator_refunds').where({ tip_id: tipId })).toHaveLength(0);
  });
});
