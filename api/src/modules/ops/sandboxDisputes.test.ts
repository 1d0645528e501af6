import { describe, expect, it } from 'vitest';
import type { DisputeCase } from '@shabaash/shared';
import { createTestApp } from '../../../test/harness.ts';
import { buildCreator, buildOperator } from '../../../test/factories.ts';

const app = await createTestApp();
const { db, config } = app.deps;

describe('disputes in sandbox mode (the browser journeys’ controls on the app origin)', () => {
  it('POST /sandbox/payments/:id/dispute raises a dispute whose signed webhook opens a case the operator sees; /sandbox/disputes/:id/won decides it', async () => {
    const operator = await buildOperator(db, config);
    const creator = await buildCreator(db, config);
    const order = await app.request<{ order: { id: string } }>('POST', '/api/tips/guest/order', {
      body: { ageConfirmed: true, amount: 100, message: 'hi', name: 'Ravi', creator: creator.handle },
    });
    const paid = await app.request<{ razorpay_payment_id: string }>('POST', '/sandbox/payments', {
      body: { orderId: order.body.order.id, outcome: 'success' },
    });
    const sim = app.payments.simulator;
    if (!sim) throw new Error('not in sandbox mode');
    await sim.idle();
    const paymentId = paid.body.razorpay_payment_id;

    const raised = await app.request<{ id: string; respond_by: number; status: string }>(
      'POST',
      `/sandbox/payments/${paymentId}/dispute`,
      { body: {} },
    );
    expect(raised).toMatchObject({ status: 200, body: { status: 'open' } });
    await sim.idle();
    const cases = await app.request<{ disputes: DisputeCase[] }>('GET', '/api/ops/disputes', {
      token: operator.token,
    });
    expect(cases.body.disputes.find((d) => d.paymentId === paymentId)).toMatchObject({
      razorpayDisputeId: raised.body.id,
      respondBy: new Date(raised.body.respond_by * 1000).toISOString(),
      hold: { state: 'held', heldPaise: 10_000 },
      creator: { handle: creator.handle },
    });

    const won = await app.request('POST', `/sandbox/disputes/${raised.body.id}/won`, { body: {} });
    expect(won.status).toBe(200);
    await sim.idle();
    const after = await app.request<{ disputes: DisputeCase[] }>('GET', '/api/ops/disputes?state=decided', {
      token: operator.token,
    });
    expect(after.body.disputes.find((d) => d.paymentId === paymentId)).toMatchObject({
      outcome: 'won',
      hold: { state: 'released' },
    });
    const unknown = await app.request('POST', '/sandbox/disputes/disp_nothing00000/won', { body: {} });
    expect(unknown.status).toBe(400);
  });
});
