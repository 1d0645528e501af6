// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shabaash/shared';
import {
  CREATOR,
  MockHttpError,
  SECOND_CREATOR,
  SENDERS,
  VIEWER,
  insertTip,
  networkError,
  overrideHandlers,
  resetMockState,
  resolvers,
  setWallet,
} from '@shabaash/mocks';
import { createMockServer } from '@shabaash/mocks/node';
import { BalanceCard } from './BalanceCard.tsx';
import { WalletActivity } from './WalletActivity.tsx';
import { SendTipForm } from './SendTipForm.tsx';
import { RecentTips } from './RecentTips.tsx';
import { renderWithApp, storeSession } from '../../../test/renderApp.tsx';
import { REFERRING_CREATOR_STORAGE_KEY } from '../../../lib/referringCreator.ts';
import { clearMirror } from '../../../sync/db.ts';
import { pullNow } from '../../../sync/pull.ts';
import { replayOutbox } from '../../../sync/outbox.ts';
import { reportApiReachable } from '../../../sync/connectivity.ts';
import { setAppSocketFactory } from '../../../realtime/appSocket.ts';
import { activateLanguage } from '../../../i18n/i18n.tsx';
import { createRealtimeSocket } from '../../../realtime/socket.ts';
import { fakeSocketFactory } from '../../../test/fakeSocket.ts';

const { server, state } = createMockServer();
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 12, minute)).toISOString();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  await clearMirror();
  reportApiReachable(true);
  // The dashboard listens to the realtime socket (wallet:update); a fake one stands in for it.
  const fake = fakeSocketFactory();
  setAppSocketFactory((options) => createRealtimeSocket({ ...options, createSocket: fake.factory }));
  storeSession(VIEWER.user, VIEWER.token);
  // Every mirror pull reads the balance, the wallet activity and the default creator's recent tips.
  setWallet(state, VIEWER.user.id, 100_00);
  state.tips.clear();
});
afterEach(async () => {
  cleanup();
  await pullNow().catch(() => undefined);
  await replayOutbox().catch(() => undefined);
  setAppSocketFactory(null);
  server.resetHandlers();
  resetMockState(state);
  localStorage.clear();
});
afterAll(() => server.close());

describe('BalanceCard and WalletActivity', () => {
  it('shows the balance in en-IN rupees and signed, coloured credit and debit rows', async () => {
    setWallet(state, VIEWER.user.id, 12345650, [
      { type: 'credit', amountPaise: 25000, description: 'Wallet top-up' },
      { type: 'debit', amountPaise: 5000, description: 'Tip to Shabaash Live' },
    ]);
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
    setWallet(state, VIEWER.user.id, 123456750, [
      { type: 'credit', amountPaise: 10_000_000, description: 'Wallet top-up' },
      { type: 'debit', amountPaise: 5000, description: 'Tip to Shabaash Live' },
    ]);
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
    renderWithApp(<WalletActivity />);
    expect(
      await screen.findByText('No transactions yet. Add funds or send tips to see activity.'),
    ).toBeTruthy();
  });
});

describe('SendTipForm', () => {
  it('defaults to the referring creator, queues a tip the server could not take and sends it once with the same key', async () => {
    localStorage.setItem(REFERRING_CREATOR_STORAGE_KEY, SECOND_CREATOR.user.creator!.handle);
    const calls: Array<{ key: string | undefined; body: unknown }> = [];
    let fail = true;
    server.use(
      ...overrideHandlers(state, {
        sendTip: (ctx) => {
          calls.push({ key: ctx.idempotencyKey, body: ctx.input });
          if (fail) throw new MockHttpError('INTERNAL', MESSAGES.internal);
          return resolvers.sendTip(ctx);
        },
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
    expect(screen.getByLabelText('Creator')).toHaveProperty('value', SECOND_CREATOR.user.creator!.handle);
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
    expect(calls[0]!.body).toEqual({
      amount: 50,
      message: 'gg',
      creator: SECOND_CREATOR.user.creator!.handle,
    });
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
    // ₹5,000 is more than the ₹100 in the wallet: the server refuses it.
    const user = userEvent.setup();
    renderWithApp(
      <>
        <SendTipForm />
        <WalletActivity />
      </>,
    );
    await waitFor(() =>
      expect(screen.getByLabelText('Creator')).toHaveProperty('value', CREATOR.user.creator!.handle),
    );
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

    server.use(networkError('sendTip'));
    await user.type(screen.getByLabelText('Amount (₹)'), '5');
    await user.click(screen.getByRole('button', { name: 'Send tip' }));
    expect(await screen.findByText("Queued — will send when you're back online.")).toBeTruthy();
    expect(await screen.findByText('Queued — sends when online')).toBeTruthy();
  });
});

describe('RecentTips', () => {
  it('shows the default creator’s tips from the mirror (GET /api/tips/recent) and the spec empty text', async () => {
    const creators: Array<string | undefined> = [];
    server.use(
      ...overrideHandlers(state, {
        recentTips: (ctx) => {
          creators.push(ctx.query.creator);
          return resolvers.recentTips(ctx);
        },
      }),
    );
    renderWithApp(<RecentTips />);
    expect(await screen.findByText('No tips yet. Be the first to send a message of support!')).toBeTruthy();
    expect(creators.length).toBeGreaterThan(0);
    expect(creators.every((c) => c === undefined)).toBe(true);
  });

  it('lists tips newest first with name and amount', async () => {
    const tip = { creatorId: CREATOR.user.id, message: 'gg', status: 'read' as const };
    insertTip(state, { ...tip, sender: SENDERS[0]!, guestName: null, amountPaise: 1000, at: at(1) });
    insertTip(state, { ...tip, sender: null, guestName: 'Guest Kabir', amountPaise: 3000, at: at(3) });
    renderWithApp(<RecentTips />);
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]!).getByText('Guest Kabir')).toBeTruthy();
    expect(items[0]!.textContent).toContain('₹30.00');
    expect(items[1]!.textContent).toContain(SENDERS[0]!.name);
  });
});
