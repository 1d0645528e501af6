import { describe, expect, it } from 'vitest';
import { MESSAGES, type WalletTransaction } from '@shabaash/shared';
import { buildUser, ledgerMismatches } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { postLedgerEntry } from './ledger.ts';

const { app, sim } = await createPaymentsTestApp({ TOP_UP_MAX_RUPEES: '5000' });
const db = app.deps.db;
const config = app.deps.config;

interface TxPage {
  transactions: WalletTransaction[];
  version: number;
  hasMore: boolean;
}

describe('POST /api/wallet/add-money', () => {
  it('creates a gateway order in paise with a short receipt and top-up notes, crediting nothing yet', async () => {
    const user = await buildUser(db, config);
    const res = await app.request<{ order: { id: string; amount: number; currency: string } }>(
      'POST',
      '/api/wallet/add-money',
      {
        token: user.token,
        body: { amount: 250.75 },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ amount: 25_075, currency: 'INR' });
    const simOrder = sim.orders.get(res.body.order.id);
    expect(simOrder?.amount).toBe(25_075);
    expect(simOrder?.notes).toMatchObject({ purpose: 'top_up', userId: user.id });
    expect(simOrder?.receipt?.length).toBeLessThanOrEqual(40);
    const row = await db('payment_orders').where({ id: res.body.order.id }).first();
    expect(row).toMatchObject({
      purpose: 'top_up',
      user_id: user.id,
      amount_paise: 25_075,
      status: 'created',
      receipt: simOrder?.receipt,
    });
    const balance = await app.request<{ balance: number }>('GET', '/api/wallet/balance', {
      token: user.token,
    });
    expect(balance.body).toEqual({ balance: 0, balancePaise: 0 });
  });

  it('refuses bad amounts with clear messages, and anonymous callers', async () => {
    const user = await buildUser(db, config);
    const post = (body: unknown, token: string | null = user.token) =>
      app.request<{ message: string; code: string }>(
        'POST',
        '/api/wallet/add-money',
        token ? { token, body } : { body },
      );
    expect((await post({ amount: 0 })).body.message).toBe(MESSAGES.invalidAmount);
    expect((await post({ amount: 'abc' })).body.message).toBe(MESSAGES.invalidAmount);
    expect((await post({ amount: 0.5 })).body.message).toBe('Minimum amount is ₹1.');
    const over = await post({ amount: 5000.01 });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('You can add at most ₹5,000.00 at a time.');
    expect((await post({ amount: 5000 })).status).toBe(200);
    const anonymous = await post({ amount: 10 }, null);
    expect(anonymous.status).toBe(401);
    expect(await db('payment_orders').where({ user_id: user.id })).toHaveLength(1);
  });
});

describe('GET /api/wallet/transactions', () => {
  it('lists newest first with limit, and returns changes since a version for sync pulls', async () => {
    const user = await buildUser(db, config);
    const other = await buildUser(db, config, { balancePaise: 99_00 });
    const amounts = [100, 250, 50, 1_000, 5];
    for (const [i, rupees] of amounts.entries()) {
      await postLedgerEntry(db, {
        userId: user.id,
        type: 'credit',
        kind: 'top_up',
        amountPaise: rupees * 100,
        description: 'Wallet top-up',
        reference: `pay_wallet_test_${user.id}_${i}`,
      });
    }
    await postLedgerEntry(db, {
      userId: user.id,
      type: 'debit',
      kind: 'tip',
      amountPaise: 30_00,
      description: 'Tip sent',
    });

    const all = await app.request<TxPage>('GET', '/api/wallet/transactions', { token: user.token });
    expect(all.status).toBe(200);
    expect(all.body.transactions.map((t) => [t.type, t.amount])).toEqual([
      ['debit', 30],
      ['credit', 5],
      ['credit', 1000],
      ['credit', 50],
      ['credit', 250],
      ['credit', 100],
    ]);
    expect(all.body.version).toBe(6);
    expect(all.body.transactions[0]).toMatchObject({
      description: 'Tip sent',
      amountPaise: 3_000,
      version: 6,
    });
    expect(typeof all.body.transactions[0]?._id).toBe('string');
    expect(Number.isNaN(Date.parse(all.body.transactions[0]?.createdAt ?? ''))).toBe(false);

    const two = await app.request<TxPage>('GET', '/api/wallet/transactions?limit=2', { token: user.token });
    expect(two.body.transactions.map((t) => t.version)).toEqual([6, 5]);

    const since = await app.request<TxPage>('GET', '/api/wallet/transactions?since=3', { token: user.token });
    expect(since.body.transactions.map((t) => t.version)).toEqual([6, 5, 4]);
    expect(since.body).toMatchObject({ version: 6, hasMore: false });

    const paged = await app.request<TxPage>('GET', '/api/wallet/transactions?since=1&limit=2', {
      token: user.token,
    });
    expect(paged.body.transactions.map((t) => t.version)).toEqual([3, 2]);
    expect(paged.body).toMatchObject({ version: 3, hasMore: true });

    const upToDate = await app.request<TxPage>('GET', '/api/wallet/transactions?since=6', {
      token: user.token,
    });
    expect(upToDate.body).toMatchObject({ transactions: [], version: 6, hasMore: false });

    expect(
      (await app.request('GET', '/api/wallet/transactions?limit=201', { token: user.token })).status,
    ).toBe(400);
    const balance = await app.request('GET', '/api/wallet/balance', { token: user.token });
    expect(balance.body).toEqual({ balance: 1_375, balancePaise: 137_500 });
    // Nobody sees another wallet's rows.
    const others = await app.request<TxPage>('GET', '/api/wallet/transactions', { token: other.token });
    expect(others.body.transactions).toHaveLength(1);
    expect(await ledgerMismatches(db)).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await app.request('GET', '/api/wallet/transactions')).status).toBe(401);
    expect((await app.request('GET', '/api/wallet/balance')).status).toBe(401);
  });
});
