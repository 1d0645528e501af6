// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import type { PublicConfig, Tip, WalletTransaction } from '@shabaash/shared';
import { BalanceCard } from './BalanceCard.tsx';
import { WalletActivity } from './WalletActivity.tsx';
import { SendTipForm } from './SendTipForm.tsx';
import { RecentTips } from './RecentTips.tsx';
import { buildUser, renderWithApp, storeSession } from '../../../test/renderApp.tsx';
import { mergeTipIntoList, REFERRING_CREATOR_STORAGE_KEY } from '../../../hooks/useTips.ts';

const CONFIG: PublicConfig = {
  sandbox: true,
  razorpayKeyId: 'rzp_test_sandbox',
  checkoutScriptUrl: '/sandbox/checkout.js',
  firebase: { apiKey: 'k', projectId: 'demo-shabaash', authDomain: 'localhost', emulatorUrl: null },
  contactEmail: 'hello@shabaash.in',
  defaultCreator: { handle: 'shabaash-live', displayName: 'Shabaash Live' },
};

function tx(
  i: number,
  type: 'credit' | 'debit',
  amountPaise: number,
  description: string,
): WalletTransaction {
  return {
    _id: `tx_${i}`,
    type,
    amount: amountPaise / 100,
    amountPaise,
    description,
    createdAt: new Date(Date.UTC(2026, 2, 1, 12, i)).toISOString(),
    version: i,
  };
}

function tip(i: number, overrides: Partial<Tip> = {}): Tip {
  return {
    _id: `tip_${i}`,
    id: `tip_${i}`,
    creatorId: 'c1',
    amount: 10 * i,
    amountPaise: 1000 * i,
    message: `message ${i}`,
    name: `Fan ${i}`,
    guestName: null,
    sender: null,
    status: 'read',
    createdAt: new Date(Date.UTC(2026, 2, 1, 12, i)).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 2, 1, 12, i)).toISOString(),
    version: i,
    ...overrides,
  };
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  const user = buildUser();
  storeSession(user);
  server.use(
    http.get('*/api/config', () => HttpResponse.json(CONFIG)),
    http.get('*/api/users/me', () => HttpResponse.json({ user })),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

describe('BalanceCard and WalletActivity', () => {
  it('shows the balance in en-IN rupees and signed, coloured credit and debit rows', async () => {
    server.use(
      http.get('*/api/wallet/balance', () =>
        HttpResponse.json({ balance: 123456.5, balancePaise: 12345650 }),
      ),
      http.get('*/api/wallet/transactions', ({ request }) => {
        expect(new URL(request.url).searchParams.get('limit')).toBe('10');
        return HttpResponse.json({
          transactions: [
            tx(2, 'debit', 5000, 'Tip to Shabaash Live'),
            tx(1, 'credit', 25000, 'Wallet top-up'),
          ],
          version: 2,
        });
      }),
    );
    renderWithApp(
      <>
        <BalanceCard />
        <WalletActivity />
      </>,
    );
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('₹1,23,456.50');
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.getAttribute('data-type')).toBe('debit');
    expect(rows[0]!.textContent).toContain('Tip to Shabaash Live');
    expect(rows[0]!.textContent).toContain('−₹50.00');
    expect(rows[1]!.textContent).toContain('+₹250.00');
    expect(rows[1]!.className).toContain('tx-credit');
  });

  it('shows the spec empty text with no transactions', async () => {
    server.use(
      http.get('*/api/wallet/transactions', () => HttpResponse.json({ transactions: [], version: 0 })),
    );
    renderWithApp(<WalletActivity />);
    expect(
      await screen.findByText('No transactions yet. Add funds or send tips to see activity.'),
    ).toBeTruthy();
  });
});

describe('SendTipForm', () => {
  it('defaults to the creator whose link brought the viewer and reuses one Idempotency-Key across retries', async () => {
    localStorage.setItem(REFERRING_CREATOR_STORAGE_KEY, 'riya');
    const calls: Array<{ key: string | null; body: unknown }> = [];
    let fail = true;
    server.use(
      http.get('*/api/wallet/balance', () => HttpResponse.json({ balance: 100, balancePaise: 10000 })),
      http.get('*/api/wallet/transactions', () => HttpResponse.json({ transactions: [], version: 0 })),
      http.post('*/api/tips/send', async ({ request }) => {
        calls.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
        if (fail)
          return HttpResponse.json(
            { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' },
            { status: 500 },
          );
        return HttpResponse.json({
          message: 'Tip sent successfully!',
          tip: tip(1),
          balance: 50,
          balancePaise: 5000,
        });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(
      <>
        <SendTipForm />
        <BalanceCard />
      </>,
    );
    expect(screen.getByLabelText('Creator')).toHaveProperty('value', 'riya');
    await user.type(screen.getByLabelText('Amount (₹)'), '50');
    await user.type(screen.getByLabelText(/^Message/), ' gg ');
    await user.click(screen.getByRole('button', { name: 'Send tip' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong on our side. Please try again.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Send tip' }));
    expect((await screen.findByText('Tip sent successfully!')).getAttribute('role')).toBe('status');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(calls[1]!.key).toBe(calls[0]!.key);
    expect(calls[0]!.body).toEqual({ amount: 50, message: 'gg', creator: 'riya' });
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('₹50.00'));

    // A new submission gets a new key.
    await user.type(screen.getByLabelText('Amount (₹)'), '50');
    await user.click(screen.getByRole('button', { name: 'Send tip' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.key).not.toBe(calls[0]!.key);
  });

  it('falls back to the default creator and shows the server message on refusal, or the spec fallback', async () => {
    server.use(
      http.post('*/api/tips/send', () =>
        HttpResponse.json(
          { message: 'Insufficient wallet balance. Add money to send this tip.', code: 'PAYMENT_REQUIRED' },
          { status: 402 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<SendTipForm />);
    await waitFor(() => expect(screen.getByLabelText('Creator')).toHaveProperty('value', 'shabaash-live'));
    await user.click(screen.getByRole('button', { name: 'Send tip' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid amount greater than zero.');
    await user.type(screen.getByLabelText('Amount (₹)'), '5000');
    await user.click(screen.getByRole('button', { name: 'Send tip' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Insufficient wallet balance. Add money to send this tip.',
      ),
    );
    server.use(http.post('*/api/tips/send', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Send tip' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to send tip'));
  });
});

describe('RecentTips', () => {
  it('asks for the default creator and shows the spec empty text', async () => {
    const creators: Array<string | null> = [];
    server.use(
      http.get('*/api/tips/recent', ({ request }) => {
        creators.push(new URL(request.url).searchParams.get('creator'));
        return HttpResponse.json({ tips: [] });
      }),
    );
    renderWithApp(<RecentTips />);
    expect(await screen.findByText('No tips yet. Be the first to send a message of support!')).toBeTruthy();
    expect(creators).toEqual(['shabaash-live']);
  });

  it('lists tips newest first with name and amount', async () => {
    server.use(
      http.get('*/api/tips/recent', () =>
        HttpResponse.json({ tips: [tip(1), tip(3, { guestName: 'G', name: 'Guest Kabir' })] }),
      ),
    );
    renderWithApp(<RecentTips />);
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]!).getByText('Guest Kabir')).toBeTruthy();
    expect(items[0]!.textContent).toContain('₹30.00');
    expect(items[1]!.textContent).toContain('Fan 1');
  });
});

describe('mergeTipIntoList', () => {
  it('keeps at most 10, newest first, replaces by id, ignores stale versions and drops ignored tips', () => {
    let list: Tip[] = [];
    for (let i = 1; i <= 12; i++) list = mergeTipIntoList(list, tip(i));
    expect(list.map((t) => t.id)).toEqual([
      'tip_12',
      'tip_11',
      'tip_10',
      'tip_9',
      'tip_8',
      'tip_7',
      'tip_6',
      'tip_5',
      'tip_4',
      'tip_3',
    ]);
    list = mergeTipIntoList(list, tip(12, { message: 'edited', version: 20 }));
    expect(list[0]!.message).toBe('edited');
    list = mergeTipIntoList(list, tip(12, { message: 'stale', version: 5 }));
    expect(list[0]!.message).toBe('edited');
    list = mergeTipIntoList(list, tip(11, { status: 'ignore', version: 30 }));
    expect(list.map((t) => t.id)).not.toContain('tip_11');
    expect(list).toHaveLength(9);
  });
});
