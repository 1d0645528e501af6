import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SAFETY_MESSAGES, type BlockedSender, type SafetyResponse, type Tip } from '@shabaash/shared';
import { buildCreator, ledgerMismatches, seedGuestTip, type BuiltCreator } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { creatorSpace } from '../sync/spaces.ts';

// Blocking a guest tipper: by what their payments carried (UPI VPA, contact) and the guest page's browser token,
// all kept as keyed hashes. Real database, real razorpay SDK against the simulator, signed webhooks.

const ctx = await createPaymentsTestApp();
const { app, sim, bus } = ctx;
const db = app.deps.db;
const config = app.deps.config;

const TROLL_VPA = 'troll.one@okaxis';
const TROLL_CONTACT = '+919876543210';

const browserToken = () => randomBytes(18).toString('base64url');

function guestOrder(creator: BuiltCreator, payerToken: string, message = 'hello') {
  return app.request<{ order: { id: string; amount: number }; message?: string; code?: string }>(
    'POST',
    '/api/tips/guest/order',
    { body: { amount: 50, name: 'Troll', message, creator: creator.handle, payerToken, ageConfirmed: true } },
  );
}

/** Pays an order in the simulator's checkout as this payer, and waits for every webhook to be delivered. */
async function payAs(orderId: string, payer: { vpa?: string; contact?: string; method?: 'upi' | 'card' }) {
  const result = sim.pay({ orderId, outcome: 'success', method: payer.method ?? 'upi', ...payer });
  if (!('payment' in result.body)) throw new Error('no payment in pay result');
  await sim.idle();
  return result.body.payment.id;
}

/** A paid guest tip from the troll, then the creator blocks its sender from the Chat Loader. */
async function trollTippedAndBlocked(creator: BuiltCreator, token: string): Promise<BlockedSender> {
  const first = await guestOrder(creator, token, 'first troll tip');
  expect(first.status).toBe(200);
  await payAs(first.body.order.id, { vpa: TROLL_VPA, contact: TROLL_CONTACT });
  const tip = await db('tips').where({ order_id: first.body.order.id }).first<{ id: string }>('id');
  const blocked = await app.request<{ blockedSender: BlockedSender; message: string }>(
    'POST',
    '/api/creator/safety/blocked-senders',
    { token: creator.token, body: { tipId: tip.id } },
  );
  expect(blocked.status).toBe(201);
  return blocked.body.blockedSender;
}

const ordersOf = async (creator: BuiltCreator) =>
  Number(
    (await db('payment_orders').where({ creator_id: creator.id }).count<{ n: string }[]>('* as n'))[0]?.n,
  );

describe('blocking a guest tipper', () => {
  it('a blocked guest’s next order from the same browser is refused before payment; the block list shows them masked', async () => {
    const creator = await buildCreator(db, config);
    const other = await buildCreator(db, config);
    const token = browserToken();
    const blocked = await trollTippedAndBlocked(creator, token);
    expect(blocked).toMatchObject({ userId: null, name: null, phone: null });
    expect(blocked.guestLabel).toBe('UPI tr•••@okaxis · ••••••3210');

    // Refused before any order exists: nothing at Razorpay, nothing in our books.
    const simOrdersBefore = sim.orders.size;
    const ordersBefore = await ordersOf(creator);
    const again = await guestOrder(creator, token);
    expect(again.status).toBe(403);
    expect(again.body.message).toBe(SAFETY_MESSAGES.blockedGuest);
    expect(sim.orders.size).toBe(simOrdersBefore);
    expect(await ordersOf(creator)).toBe(ordersBefore);

    // Another browser, or the same browser tipping another creator, is not refused up front.
    expect((await guestOrder(creator, browserToken())).status).toBe(200);
    expect((await guestOrder(other, token)).status).toBe(200);

    // The list shows the guest masked; neither the VPA nor the number is stored or sent in clear.
    const list = await app.request<SafetyResponse>('GET', '/api/creator/safety', { token: creator.token });
    expect(list.body.blockedSenders.map((b) => b.guestLabel)).toEqual(['UPI tr•••@okaxis · ••••••3210']);
    const stored = JSON.stringify([
      await db('blocked_senders').where({ creator_id: creator.id }).select('*'),
      await db('tip_payers').select('*'),
      await db('payment_orders').where({ creator_id: creator.id }).select('*'),
      list.body,
    ]);
    for (const secret of ['troll.one', '9876543210', token]) expect(stored).not.toContain(secret);

    // Unblocking lets the browser tip again.
    const unblock = await app.request('DELETE', `/api/creator/safety/blocked-senders/${blocked.id}`, {
      token: creator.token,
    });
    expect(unblock.status).toBe(200);
    expect((await guestOrder(creator, token)).status).toBe(200);
  });

  it('a blocked payer who pays from a new browser is refunded in full through Razorpay and never queued', async () => {
    const creator = await buildCreator(db, config);
    await trollTippedAndBlocked(creator, browserToken());

    for (const payer of [
      { vpa: 'Troll.One@OKAXIS', contact: '+919000000001' }, // the same VPA, written differently
      { method: 'card' as const, contact: '98765 43210' }, // a card, but the same contact number
    ]) {
      const order = await guestOrder(creator, browserToken(), 'I am back');
      expect(order.status).toBe(200);
      const spacesBefore = bus.changedSpaces.length;
      const paymentId = await payAs(order.body.order.id, payer);

      // Never a tip: not in the books, not in the Chat Loader, no push to the creator's rooms.
      expect(await db('tips').where({ order_id: order.body.order.id }).first()).toBeUndefined();
      expect(bus.changedSpaces.slice(spacesBefore)).not.toContain(creatorSpace(creator.id));
      const chats = await app.request<{ tips: Tip[] }>('GET', '/api/creator/chats', { token: creator.token });
      expect(chats.body.tips.map((t) => t.message)).not.toContain('I am back');
      expect(await db('earnings').where({ payment_id: paymentId }).first()).toBeUndefined();

      // Refunded in full at Razorpay, once, and recorded with Razorpay's refund id.
      const atRazorpay = sim.payments.get(paymentId);
      expect(atRazorpay).toMatchObject({ status: 'refunded', amount_refunded: 5_000 });
      const refund = await db('payment_refunds').where({ payment_id: paymentId }).first();
      expect(refund).toMatchObject({
        order_id: order.body.order.id,
        creator_id: creator.id,
        reason: 'blocked_payer',
        status: 'processed',
      });
      expect(Number(refund.amount_paise)).toBe(5_000);
      expect(refund.refund_id).toMatch(/^rfnd_/);
      // Every webhook of it (captured, order paid, refund processed) was answered 200.
      const deliveries = sim.deliveries.filter((d) => d.orderId === order.body.order.id);
      expect(deliveries.length).toBeGreaterThan(0);
      expect(deliveries.every((d) => d.status === 200)).toBe(true);
    }
    expect(await ledgerMismatches(db)).toEqual([]);
  });

  it('a guest tip paid before payers were recorded still has nobody to block', async () => {
    const creator = await buildCreator(db, config);
    const tipId = await seedGuestTip(db, creator.id, { guestName: 'Old Guest' });
    const res = await app.request<{ message: string }>('POST', '/api/creator/safety/blocked-senders', {
      token: creator.token,
      body: { tipId },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SAFETY_MESSAGES.nothingToBlock);
  });
});
