import { expect } from 'vitest';
import type { Executor } from '../src/db/knex.ts';
import type { RazorpaySimulator } from '../src/payments/simulator/index.ts';
import type { TestApp } from './harness.ts';

/** A valid onboarding form (PAN and account number are test values). */
/**
 * The payout job with no waits (no hold, no Pro window, a claim is stale at once) and room for many guest tips from
 * one loopback address: the environment of the payout suites.
 */
export const PAYOUTS_AT_ONCE = {
  PAYOUT_HOLD_HOURS: '0',
  GUEST_ORDER_LIMIT_PER_IP_PER_MINUTE: '100000', // many guest tips from one loopback address
  PAYOUT_PRO_WINDOW_MS: '0',
  PAYOUT_STUCK_AFTER_MS: '0',
};

/**
 * PAYOUTS_AT_ONCE with 194-O TDS at rates and a threshold that small test tips reach: 5% with a PAN, 20% without,
 * ₹300 exemption for individuals (the arithmetic is the same at the statutory 0.1% and ₹5,00,000).
 */
export const TDS_AT_TEST_RATES = {
  ...PAYOUTS_AT_ONCE,
  TDS_194O_RATE: '5',
  TDS_194O_NO_PAN_RATE: '20',
  TDS_194O_EXEMPT_BELOW: '300',
};

export const ONBOARDING = {
  legalName: 'Asha Verma',
  email: 'asha@example.com',
  phone: '9876543210',
  pan: 'ABCPV1234K',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  accountNumber: '123456789012',
  ifsc: 'HDFC0001234',
  beneficiaryName: 'Asha Verma',
};

/** Onboards a creator through the API and waits for Route's review webhooks. */
export async function onboardCreator(app: TestApp, sim: RazorpaySimulator, token: string, email: string) {
  const res = await app.request<{ onboarding: { status: string } }>(
    'POST',
    '/api/creator/payouts/onboarding',
    {
      token,
      body: { ...ONBOARDING, email },
    },
  );
  expect(res.status).toBe(200);
  await sim.idle();
  return res.body;
}

/** A paid guest tip through a real order and the simulator's checkout; returns the payment id. */
export async function guestTip(
  app: TestApp,
  sim: RazorpaySimulator,
  handle: string,
  amount: number,
  message = 'hi',
) {
  const res = await app.request<{ order: { id: string } }>('POST', '/api/tips/guest/order', {
    body: { ageConfirmed: true, amount, message, name: 'Ravi', creator: handle },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const paid = sim.pay({ orderId: res.body.order.id, outcome: 'success' });
  if (!('razorpay_payment_id' in paid.body)) throw new Error('payment failed');
  await sim.idle();
  return paid.body.razorpay_payment_id;
}

/** A wallet tip through POST /api/tips/send. */
export async function walletTip(
  app: TestApp,
  token: string,
  handle: string,
  amount: number,
  message = 'wow',
) {
  const res = await app.request('POST', '/api/tips/send', {
    token,
    body: { amount, message, creator: handle },
  });
  expect(res.status).toBe(200);
}

export interface Balances {
  earned: number;
  fees: number;
  pending: number;
  available: number;
  inTransit: number;
  paid: number;
  reversed: number;
  /** 194-O TDS withheld. */
  tds: number;
  debt: number;
}

/** The creator's balances row (paise). */
export async function balances(db: Executor, creatorId: string): Promise<Balances> {
  const b = await db('creator_earnings').where({ creator_id: creatorId }).first<Record<string, number>>();
  const n = (k: string) => Number(b?.[k] ?? 0);
  return {
    earned: n('earned_paise'),
    fees: n('fees_paise'),
    pending: n('pending_paise'),
    available: n('available_paise'),
    inTransit: n('in_transit_paise'),
    paid: n('paid_paise'),
    reversed: n('reversed_paise'),
    tds: n('tds_paise'),
    debt: n('debt_paise'),
  };
}

/**
 * The ledger identity for one creator, checked three ways: the balances row obeys
 * earned = fees + pending + available + in transit + paid + reversed + tds − debt; replaying every movement gives
 * the same balances; and no column is negative.
 */
export async function expectLedgerIdentity(db: Executor, creatorId: string): Promise<Balances> {
  const b = await balances(db, creatorId);
  expect(b.earned).toBe(
    b.fees + b.pending + b.available + b.inTransit + b.paid + b.reversed + b.tds - b.debt,
  );
  for (const v of Object.values(b)) expect(v).toBeGreaterThanOrEqual(0);
  const rows = await db('earning_movements').where({ creator_id: creatorId }).select<
    Array<{
      kind: string;
      from_state: string | null;
      to_state: string | null;
      amount_paise: number;
      earning_id: string | null;
    }>
  >('*');
  const replay: Record<string, number> = {
    pending: 0,
    available: 0,
    in_transit: 0,
    paid: 0,
    reversed: 0,
    tds: 0,
    debt: 0,
  };
  const fees = await db('earnings')
    .where({ creator_id: creatorId })
    .sum<{ fee: number }[]>({ fee: 'fee_paise' });
  for (const m of rows) {
    let a = Number(m.amount_paise);
    if (m.kind === 'credit') {
      const e = await db('earnings').where({ id: m.earning_id }).first<{ net_paise: number }>('net_paise');
      a = Number(e.net_paise);
    }
    const sign = (s: string | null) => (s === 'debt' ? -1 : 1);
    if (m.from_state) replay[m.from_state] = (replay[m.from_state] ?? 0) - a * sign(m.from_state);
    if (m.to_state) replay[m.to_state] = (replay[m.to_state] ?? 0) + a * sign(m.to_state);
  }
  expect({
    pending: replay.pending,
    available: replay.available,
    inTransit: replay.in_transit,
    paid: replay.paid,
    reversed: replay.reversed,
    tds: replay.tds,
    debt: replay.debt,
    fees: Number(fees[0]?.fee ?? 0),
  }).toEqual({
    pending: b.pending,
    available: b.available,
    inTransit: b.inTransit,
    paid: b.paid,
    reversed: b.reversed,
    tds: b.tds,
    debt: b.debt,
    fees: b.fees,
  });
  return b;
}
