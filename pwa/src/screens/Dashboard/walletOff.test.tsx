// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, SANDBOX_PUBLIC_LEGAL, endpoints, type EndpointName } from '@shabaash/shared';
import { CREATOR, VIEWER, failWith, overrideHandlers, type EndpointResolvers } from '@shabaash/mocks';
import { AppRoutes } from '../../App.tsx';
import { renderWithApp } from '../../test/renderApp.tsx';
import { clearMirror } from '../../sync/db.ts';
import { pullNow } from '../../sync/pull.ts';
import { setAppSocketFactory } from '../../realtime/appSocket.ts';
import { createRealtimeSocket } from '../../realtime/socket.ts';
import { fakeSocketFactory } from '../../test/fakeSocket.ts';
import { setupCheckoutTests } from '../../test/checkoutTests.ts';
import { signInFixtureBeforeEach } from '../../test/server.ts';
import { recordInputs } from '../../test/mockCalls.ts';

// A deployment without a stored wallet (WALLET_MODE=off).
const FEATURED = CREATOR.user.creator!;
const checkout = setupCheckoutTests({
  defaultCreator: FEATURED,
  legal: { ...SANDBOX_PUBLIC_LEGAL, walletMode: 'off' },
});
const { server, state } = checkout;
/** The wallet's endpoints: without a wallet they refuse with WALLET_OFF, and no screen may call them. */
const WALLET_ENDPOINTS = (Object.keys(endpoints) as EndpointName[]).filter((name) =>
  endpoints[name].path.startsWith('/wallet/'),
);
/** Every wallet endpoint the screens called. */
const walletCalls = () => WALLET_ENDPOINTS.filter((name) => state.calls.has(name));

signInFixtureBeforeEach(VIEWER);
beforeEach(async () => {
  await clearMirror();
  const fake = fakeSocketFactory();
  setAppSocketFactory((options) => createRealtimeSocket({ ...options, createSocket: fake.factory }));
  const walletOff = failWith('WALLET_OFF', MESSAGES.walletOff);
  server.use(
    ...overrideHandlers(
      state,
      Object.fromEntries(WALLET_ENDPOINTS.map((name) => [name, walletOff])) as Partial<EndpointResolvers>,
    ),
  );
});
// The offline mirror's pull runs outside React: let it finish while the mock API still answers.
afterEach(() => pullNow().catch(() => undefined));

describe('WALLET_MODE=off on the screens', () => {
  it('the dashboard has no Add Money, balance or wallet activity, and reads no wallet', async () => {
    renderWithApp(<AppRoutes />, { path: '/dashboard' });
    expect(await screen.findByRole('button', { name: 'Pay and send tip' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /add money/i })).toBeNull();
    expect(screen.queryByText('Wallet balance')).toBeNull();
    expect(screen.queryByText('Wallet activity')).toBeNull();
    expect(walletCalls()).toEqual([]);
  });

  it('/add-money says there is no wallet here and points to tipping', async () => {
    renderWithApp(<AppRoutes />, { path: '/add-money' });
    const notice = await screen.findByTestId('wallet-off');
    expect(within(notice).getByRole('heading', { name: 'No wallet here' })).toBeTruthy();
    expect(within(notice).getByText(MESSAGES.walletOff)).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'Tip a creator' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(walletCalls()).toEqual([]);
  });

  it("a tip opens one checkout for the order, with the viewer's name and phone prefilled", async () => {
    const orders = recordInputs(checkout, 'tipOrder');
    const { opened } = checkout.fake;
    renderWithApp(<AppRoutes />, { path: '/dashboard' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Amount (₹)'), '75');
    await user.click(screen.getByRole('button', { name: 'Pay and send tip' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(orders).toEqual([{ amount: 75, message: '', coverFees: false, creator: FEATURED.handle }]);
    const [order] = state.orders.values();
    expect(opened[0]?.options).toMatchObject({
      order_id: order?.id,
      amount: 7_500,
      prefill: { name: VIEWER.user.name, contact: `+91${VIEWER.user.phone}` },
    });
    act(() => opened[0]?.pay('pay_1'));
    expect(await screen.findByText(MESSAGES.guestPaymentReceived)).toBeTruthy();
    expect(walletCalls()).toEqual([]);
  });
});
