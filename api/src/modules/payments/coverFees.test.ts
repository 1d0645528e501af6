import { describe, expect, it } from 'vitest';
import type { Tip } from '@shabaash/shared';
import { buildCreator } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { feesCoveredTotals } from '../../metrics/metrics.repository.ts';

const ctx = await createPaymentsTestApp();
const { app, sim } = ctx;
const { db, config } = app.deps;

interface OrderBody {
  order: { id: string; amount: number; currency: string };
}

/** Opens a guest order for `creator` and pays it in the simulator; returns the order the server opened. */
async function payGuestOrder(handle: string, body: Record<string, unknown>) {
  const res = await app.request<OrderBody>('POST', '/api/tips/guest/order', {
    body: { name: 'Meera', message: 'for the stream', creator: handle, ageConfirmed: true, ...body },
  });
  expect(res.status).toBe(200);
  expect(sim.pay({ orderId: res.body.order.id, outcome: 'success' }).status).toBe(200);
  await sim.idle();
  return res.body.order;
}

const tipOf = (orderId: string) => db('tips').where({ order_id: orderId }).first();
const earningOf = (tipId: string) => db('earnings').where({ tip_id: tipId }).first();

describe('a guest who ticks "I\'ll cover the fees"', () => {
  it('pays ₹102.99 for ₹100 to a Pro creator (2.9%): the fee is ₹2.99, the creator nets ₹100.00 and sees it covered', async () => {
    const creator = await buildCreator(db, config, { lifetimeGrossPaise: 30_000_00 });
    const before = await feesCoveredTotals(db);
    const order = await payGuestOrder(creator.handle, { amount: 100, coverFees: true });
    expect(order.amount).toBe(102_99);
    expect(sim.orders.get(order.id)?.amount).toBe(102_99);

    const tip = await tipOf(order.id);
    expect(tip).toMatchObject({ amount_paise: 102_99, fee_paise: 2_99, fees_covered: true });
    expect(Number((await earningOf(tip.id)).net_paise)).toBe(100_00);

    // The creator's chats show the paid amount, as for every tip, and that the fee was covered.
    const chats = await app.request<{ tips: Tip[] }>('GET', '/api/creator/chats', { token: creator.token });
    expect(chats.body.tips.find((t) => t.id === tip.id)).toMatchObject({
      amountPaise: 102_99,
      feesCovered: true,
    });

    // The operator's count: one more covered tip, ₹2.99 more covered fees.
    expect(await feesCoveredTotals(db)).toEqual({ tips: before.tips + 1, feePaise: before.feePaise + 2_99 });
  });

  it('adds nothing for a Starter creator inside the free tier (no platform fee to cover)', async () => {
    const creator = await buildCreator(db, config, { lifetimeGrossPaise: 0 });
    const order = await payGuestOrder(creator.handle, { amount: 100, coverFees: true });
    expect(order.amount).toBe(100_00);
    expect(await tipOf(order.id)).toMatchObject({ amount_paise: 100_00, fee_paise: 0, fees_covered: true });
  });

  it("grosses up from the creator's fee tier on the server: a total the request carries is not used", async () => {
    const creator = await buildCreator(db, config, { lifetimeGrossPaise: 24_999_50 }); // ₹0.50 left in the free tier
    const order = await payGuestOrder(creator.handle, { amount: 100, coverFees: true, total: 100 });
    expect(order.amount).toBe(102_97); // the fee falls on ₹102.47 only
    const tip = await tipOf(order.id);
    expect(Number(tip.amount_paise) - Number(tip.fee_paise)).toBe(100_00);
  });

  it('without the box ticked, the order is the amount and the tip is not marked', async () => {
    const creator = await buildCreator(db, config, { lifetimeGrossPaise: 30_000_00 });
    const order = await payGuestOrder(creator.handle, { amount: 100 });
    expect(order.amount).toBe(100_00);
    const tip = await tipOf(order.id);
    expect(tip).toMatchObject({ amount_paise: 100_00, fee_paise: 2_90, fees_covered: false });
    const chats = await app.request<{ tips: Tip[] }>('GET', '/api/creator/chats', { token: creator.token });
    expect(chats.body.tips.find((t) => t.id === tip.id)).not.toHaveProperty('feesCovered');
  });
});
