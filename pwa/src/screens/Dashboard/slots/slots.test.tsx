// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import {
  SANDBOX_PUBLIC_LEGAL,
  SPEC_TIPS_FIGURE,
  type PublicConfig,
  type Tip,
  type WalletTransaction,
} from '@shabaash/shared';
import { BalanceCard } from './BalanceCard.tsx';
import { WalletActivity } from './WalletActivity.tsx';
import { SendTipForm } from './SendTipForm.tsx';
import { RecentTips } from './RecentTips.tsx';
import { buildUser, renderWithApp, storeSession } from '../../../test/renderApp.tsx';
import { REFERRING_CREATOR_STORAGE_KEY } from '../../../lib/referringCreator.ts';
import { clearMirror } from '../../../sync/db.ts';
import { pullNow } from '../../../sync/pull.ts';
import { replayOutbox } from '../../../sync/outbox.ts';
import { reportApiReachable } from '../../../sync/connectivity.ts';
import { setAppSocketFactory } from '../../../realtime/appSocket.ts';
import { activateLanguage } from '../../../i18n/i18n.tsx';
import { createRealtimeSocket } from '../../../realtime/socket.ts';
import { fakeSocketFactory } from '../../../test/fakeSocket.ts';
import { buildTip } from '../../../test/tips.ts';

const CONFIG: PublicConfig = {
  sandbox: true,
  razorpayKeyId: 'rzp_test_sandbox',
  checkoutScriptUrl: '/sandbox/checkout.js',
  firebase: { apiKey: 'k', projectId: 'demo-shabaash', authDomain: 'localhost', emulatorUrl: null },
  contactEmail: 'hello@shabaash.in',
  landingTipsFigure: SPEC_TIPS_FIGURE,
  defaultCreator: { handle: 'shabaash-live', displayName: 'Shabaash Live' },
  legal: { ...SANDBOX_PUBLIC_LEGAL },
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
  const at = new Date(Date.UTC(2026, 2, 1, 12, i)).toISOString();
  const shown = { amount: 10 * i, amountPaise: 1000 * i, message: `message ${i}`, name: `Fan ${i}` };
  return buildTip(`tip_${i}`, {
    ...shown,
    status: 'read',
    createdAt: at,
    updatedAt: at,
    version: i,
    ...overrides,
  });
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  await clearMirror();
  reportApiReachable(true);
  // The dashboard listens to the realtime socket (wallet:update); a fake one stands in for it.
  const fake = fakeSocketFactory();
  setAppSocketFactory((options) => createRealtimeSocket({ ...options, createSocket: fake.factory }));
  const user = buildUser();
  storeSession(user);
  // Every mirror pull reads the balance, the wallet activity and the default creator's recent tips.
  server.use(
    http.get('*/api/config', () => HttpResponse.json(CONFIG)),
    http.get('*/api/users/me', () => HttpResponse.json({ user })),
    http.get('*/api/wallet/balance', () => HttpResponse.json({ balance: 100, balancePaise: 10000 })),
    http.get('*/api/wallet/transactions', () => HttpResponse.json({ transactions: [], version: 0 })),
    http.get('*/api/tips/recent', () => HttpResponse.json({ tips: [] })),
  );
});
afterEach(async () => {
  cleanup();
  await pullNow().catch(() => undefined);
  await replayOutbox().catch(() => undefined);
  setAppSocketFactory(null);
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
      http.get('*/api/wallet/transactions', () => {
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

  it('reads in Hindi: card titles, a lakh-grouped balance, जमा/कटौती rows and the empty tips text', async () => {
    server.use(
      http.get('*/api/wallet/balance', () =>
        HttpResponse.json({ balance: 1234567.5, balancePaise: 123456750 }),
      ),
      http.get('*/api/wallet/transactions', () =>
        HttpResponse.json({
          transactions: [
            tx(2, 'debit', 5000, 'Tip to Shabaash Live'),
            tx(1, 'credit', 10_000_000, 'Wallet top-up'),
          ],
          version: 2,
        }),
      ),
    );
    await activateLanguage('hi');
    try {
      renderWithApp(
        <>
          <BalanceCard />
          <WalletActivity />
          <RecentTips />
          <SendTipForm />
        </>,
      );
      expect((await screen.findByTestId('wallet-balance')).textContent).toBe('₹12,34,567.50');
      expect(screen.getByRole('heading', { name: 'wallet बैलेंस' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'wallet लेन-देन' })).toBeTruthy();
      const rows = await screen.findAllByRole('listitem');
      expect(rows[0]!.textContent).toContain('कटौती −₹50.00');
      expect(rows[0]!.textContent).toContain('Shabaash Live को टिप');
      expect(rows[1]!.textContent).toContain('wallet टॉप-अप');
      expect(rows[1]!.textContent).toContain('जमा +₹1,00,000.00');
      expect(await screen.findByText('अभी तक कोई टिप नहीं। सपोर्ट का पहला मैसेज आप भेजें!')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'टिप भेजें' })).toBeTruthy();
      expect(screen.queryByText('Wallet balance')).toBeNull();
    } finally {
      await activateLanguage('en');
    }
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
  it('defaults to the referring creator, queues a tip the server could not take and sends it once with the same key', async () => {
    localStorage.setItem(REFERRING_CREATOR_STORAGE_KEY, 'riya');
    const calls: Array<{ key: string | null; body: unknown }> = [];
    let fail = true;
    server.use(
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
        <WalletActivity />
      </>,
    );
    expect(screen.getByLabelText('Creator')).toHaveProperty('value', 'riya');
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('₹100.00'));
    await user.type(screen.getByLabelText('Amount (₹)'), '50');
    await user.type(screen.getByLabelText(/^Message/), ' gg ');
    await user.click(screen.getByRole('button', { name: 'Send tip' }));
    expect(
      (await screen.findByText("Queued — will send when you're back online.")).getAttribute('role'),
    ).toBe('status');
    // Shown at once: a pending debit on top of the activity and the balance net of it.
    expect(await screen.findByText('Queued — sends when online')).toBeTruthy();
    expect(screen.getByTestId('wallet-balance').textContent).toBe('₹50.00');
    expect(screen.getByTestId('balance-pending').textContent).toContain('₹50.00');

    fail = false;
    await replayOutbox({ now: () => Date.now() + 60 * 60_000 }); // past the retry backoff
    expect((await screen.findByText('Tip sent successfully!')).getAttribute('role')).toBe('status');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(calls[1]!.key).toBe(calls[0]!.key);
    expect(calls[0]!.body).toEqual({ amount: 50, message: 'gg', creator: 'riya' });
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('₹50.00'));
    await waitFor(() => expect(screen.queryByText('Queued — sends when online')).toBeNull());
    await waitFor(() => expect(screen.queryByTestId('balance-pending')).toBeNull());

    // A new submission gets a new key.
    await user.type(screen.getByLabelText('Amount (₹)'), '20');
    await user.click(screen.getByRole('button', { name: 'Send tip' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.key).not.toBe(calls[0]!.key);
  });

  it('falls back to the default creator, rolls a refused tip back with the server message, and queues when offline', async () => {
    server.use(
      http.post('*/api/tips/send', () =>
        HttpResponse.json(
          { message: 'Insufficient wallet balance. Add money to send this tip.', code: 'PAYMENT_REQUIRED' },
          { status: 402 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(
      <>
        <SendTipForm />
        <WalletActivity />
      </>,
    );
    await waitFor(() => expect(screen.getByLabelText('Creator')).toHaveProperty('value', 'shabaash-live'));
    await user.click(screen.getByRole('button', { name: 'Send tip' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid amount greater than zero.');
    await user.type(screen.getByLabelText('Amount (₹)'), '5000');
    await user.click(screen.getByRole('button', { name: 'Send tip' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Insufficient wallet balance. Add money to send this tip.',
      ),
    );
    expect(screen.getByRole('alert').textContent).toContain('₹5,000.00');
    expect(screen.queryByText('Queued — sends when online')).toBeNull();
    expect(screen.getByText('No transactions yet. Add funds or send tips to see activity.')).toBeTruthy();

    server.use(http.post('*/api/tips/send', () => HttpResponse.error()));
    await user.type(screen.getByLabelText('Amount (₹)'), '5');
    await user.click(screen.getByRole('button', { name: 'Send tip' }));
    expect(await screen.findByText("Queued — will send when you're back online.")).toBeTruthy();
    expect(await screen.findByText('Queued — sends when online')).toBeTruthy();
  });
});

describe('RecentTips', () => {
  it('shows the default creator’s tips from the mirror (GET /api/tips/recent) and the spec empty text', async () => {
    const creators: Array<string | null> = [];
    server.use(
      http.get('*/api/tips/recent', ({ request }) => {
        creators.push(new URL(request.url).searchParams.get('creator'));
        return HttpResponse.json({ tips: [] });
      }),
    );
    renderWithApp(<RecentTips />);
    expect(await screen.findByText('No tips yet. Be the first to send a message of support!')).toBeTruthy();
    expect(creators.length).toBeGreaterThan(0);
    expect(creators.every((c) => c === null)).toBe(true);
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
