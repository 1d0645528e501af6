// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { MESSAGES, SANDBOX_PUBLIC_LEGAL, type PublicConfig } from '@shabaash/shared';
import { AppRoutes } from '../../App.tsx';
import { buildUser, renderWithApp, storeSession } from '../../test/renderApp.tsx';
import { clearMirror } from '../../sync/db.ts';
import { setAppSocketFactory } from '../../realtime/appSocket.ts';
import { createRealtimeSocket } from '../../realtime/socket.ts';
import { fakeSocketFactory } from '../../test/fakeSocket.ts';
import type { RazorpayOptions } from '../../payments/checkout.ts';
import { sandboxConfig } from '../../test/checkoutTests.ts';

// A deployment without a stored wallet (WALLET_MODE=off).
const CONFIG: PublicConfig = sandboxConfig({
  defaultCreator: { handle: 'shabaash-live', displayName: 'Shabaash Live' },
  legal: { ...SANDBOX_PUBLIC_LEGAL, walletMode: 'off' },
});

const viewer = buildUser({ name: 'Kabir Rao', phone: '9812345678' });
/** Every wallet call the screens made: none may happen without a wallet. */
const walletCalls: string[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  await clearMirror();
  walletCalls.length = 0;
  const fake = fakeSocketFactory();
  setAppSocketFactory((options) => createRealtimeSocket({ ...options, createSocket: fake.factory }));
  storeSession(viewer);
  server.use(
    http.get('*/api/config', () => HttpResponse.json(CONFIG)),
    http.get('*/api/users/me', () => HttpResponse.json({ user: viewer })),
    http.all('*/api/wallet/*', ({ request }) => {
      walletCalls.push(new URL(request.url).pathname);
      return HttpResponse.json({ code: 'WALLET_OFF', message: MESSAGES.walletOff }, { status: 404 });
    }),
    http.get('*/api/tips/recent', () => HttpResponse.json({ tips: [] })),
    http.get('*/api/safety/tip-rules', () =>
      HttpResponse.json({ minAmount: 1, minAmountPaise: 100, minimumMessage: 'Minimum tip is ₹1.' }),
    ),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  delete window.Razorpay;
});
afterAll(() => server.close());

describe('WALLET_MODE=off on the screens', () => {
  it('the dashboard has no Add Money, balance or wallet activity, and reads no wallet', async () => {
    renderWithApp(<AppRoutes />, { path: '/dashboard' });
    expect(await screen.findByRole('button', { name: 'Pay and send tip' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /add money/i })).toBeNull();
    expect(screen.queryByText('Wallet balance')).toBeNull();
    expect(screen.queryByText('Wallet activity')).toBeNull();
    expect(walletCalls).toEqual([]);
  });

  it('/add-money says there is no wallet here and points to tipping', async () => {
    renderWithApp(<AppRoutes />, { path: '/add-money' });
    const notice = await screen.findByTestId('wallet-off');
    expect(within(notice).getByRole('heading', { name: 'No wallet here' })).toBeTruthy();
    expect(within(notice).getByText(MESSAGES.walletOff)).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'Tip a creator' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(walletCalls).toEqual([]);
  });

  it("a tip opens one checkout for the order, with the viewer's name and phone prefilled", async () => {
    const opened: RazorpayOptions[] = [];
    window.Razorpay = class {
      constructor(options: RazorpayOptions) {
        opened.push(options);
      }
      open() {}
      on() {}
    };
    const orders: unknown[] = [];
    server.use(
      http.post('*/api/tips/order', async ({ request }) => {
        orders.push(await request.json());
        return HttpResponse.json({ order: { id: 'order_tip1', amount: 7_500, currency: 'INR' } });
      }),
    );
    renderWithApp(<AppRoutes />, { path: '/dashboard' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Amount (₹)'), '75');
    await user.click(screen.getByRole('button', { name: 'Pay and send tip' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(orders).toEqual([{ amount: 75, message: '', coverFees: false, creator: 'shabaash-live' }]);
    expect(opened[0]).toMatchObject({
      order_id: 'order_tip1',
      amount: 7_500,
      prefill: { name: 'Kabir Rao', contact: '+919812345678' },
    });
    opened[0]?.handler({
      razorpay_payment_id: 'pay_1',
      razorpay_order_id: 'order_tip1',
      razorpay_signature: 's',
    });
    expect(await screen.findByText(MESSAGES.guestPaymentReceived)).toBeTruthy();
    expect(walletCalls).toEqual([]);
  });
});
