// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { PaymentOrderStatus } from '@shabaash/shared';
import { AddMoneyScreen } from './AddMoneyScreen.tsx';
import { buildUser, renderWithApp, storeSession } from '../../test/renderApp.tsx';
import {
  capturePosts,
  checkoutOptions,
  sandboxConfig,
  setupCheckoutTests,
} from '../../test/checkoutTests.ts';

const CONFIG = sandboxConfig();
const ORDER = { id: 'order_T1', amount: 25000, currency: 'INR' };

const checkout = setupCheckoutTests();
const { server } = checkout;
let balancePaise = 0;
let balanceCalls = 0;
let orderState: PaymentOrderStatus = { ...ORDER, status: 'created', failureReason: null };

beforeEach(() => {
  balancePaise = 0;
  balanceCalls = 0;
  orderState = { ...ORDER, status: 'created', failureReason: null };
  const user = buildUser();
  storeSession(user);
  server.use(
    http.get('*/api/config', () => HttpResponse.json(CONFIG)),
    http.get('*/api/users/me', () => HttpResponse.json({ user })),
    http.get('*/api/wallet/balance', () => {
      balanceCalls += 1;
      return HttpResponse.json({ balance: balancePaise / 100, balancePaise });
    }),
    http.get('*/api/payments/orders/:id', ({ params }) =>
      params.id === ORDER.id
        ? HttpResponse.json(orderState)
        : HttpResponse.json({ message: 'Not found.', code: 'NOT_FOUND' }, { status: 404 }),
    ),
  );
});

function captureAddMoney(respond: () => Response = () => HttpResponse.json({ order: ORDER })) {
  return capturePosts(server, '*/api/wallet/add-money', respond);
}

const amountInput = () => screen.getByLabelText('Amount (₹)');
const submit = () => screen.getByRole('button', { name: 'Add Money' });

/** Renders the screen, asks for a top-up of ₹`rupees` and waits for the checkout to open. */
async function startCheckout(rupees: string) {
  const user = userEvent.setup();
  renderWithApp(<AddMoneyScreen />, { path: '/add-money' });
  await user.type(amountInput(), rupees);
  await user.click(submit());
  await waitFor(() => expect(checkout.fake.opened).toHaveLength(1));
  return user;
}

describe('AddMoneyScreen', () => {
  it('shows how it works and rejects an amount that is not above zero without creating an order', async () => {
    const bodies = captureAddMoney();
    const user = userEvent.setup();
    renderWithApp(<AddMoneyScreen />, { path: '/add-money' });
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeTruthy();
    expect(amountInput().getAttribute('min')).toBe('1');
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid amount greater than zero.');
    await user.type(amountInput(), '0');
    await user.click(submit());
    expect(screen.getByRole('alert').textContent).toBe('Enter a valid amount greater than zero.');
    expect(bodies).toHaveLength(0);
  });

  it('creates the order, shows it in rupees, opens checkout, shows the webhook message and refreshes the balance after 4 s', async () => {
    const bodies = captureAddMoney();
    const user = userEvent.setup();
    renderWithApp(<AddMoneyScreen />, { path: '/add-money' });
    await waitFor(() => expect(screen.getByTestId('current-balance').textContent).toBe('₹0.00'));
    await user.type(amountInput(), '250');
    await user.click(submit());
    await waitFor(() => expect(checkout.fake.opened).toHaveLength(1));
    expect(bodies).toEqual([{ amount: 250 }]);
    // Order confirmation box: amount in paise shown divided by 100.
    const box = screen.getByRole('region', { name: 'Order confirmation' });
    expect(box.textContent).toContain('order_T1');
    expect(box.textContent).toContain('₹250.00');
    expect(checkout.fake.opened[0]!.options).toMatchObject(
      checkoutOptions('rzp_test_sandbox', 'order_T1', 25000, 'Asha Verma'),
    );
    expect(await screen.findByText(/^Pending/)).toBeTruthy();

    // The webhook credits the wallet on the server; the client only refreshes.
    balancePaise = 25000;
    const callsBefore = balanceCalls;
    const paidAt = Date.now();
    await act(async () => checkout.fake.opened[0]!.pay());
    expect(screen.getByRole('status').textContent).toBe(
      'Payment successful. Your wallet will update once the payment is confirmed by the webhook.',
    );
    await waitFor(() => expect(screen.getByTestId('current-balance').textContent).toBe('₹250.00'), {
      timeout: 6000,
    });
    expect(Date.now() - paidAt).toBeGreaterThanOrEqual(3900);
    expect(balanceCalls).toBe(callsBefore + 1);
  });

  it('follows the order state to Received once the payment is confirmed', async () => {
    captureAddMoney();
    await startCheckout('250');
    expect(await screen.findByText(/^Pending/)).toBeTruthy();
    orderState = { ...orderState, status: 'paid' };
    await act(async () => checkout.fake.opened[0]!.pay());
    expect(await screen.findByText(/^Received/, {}, { timeout: 5000 })).toBeTruthy();
  });

  it("shows the provider's failure description, and the server's message when the order cannot be created", async () => {
    captureAddMoney();
    const user = await startCheckout('100');
    await act(async () =>
      checkout.fake.opened[0]!.fail('Payment processing failed due to error at bank or wallet gateway'),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Payment processing failed due to error at bank or wallet gateway',
    );
    expect(submit()).toHaveProperty('disabled', false);

    server.use(
      http.post('*/api/wallet/add-money', () =>
        HttpResponse.json(
          { message: 'Maximum amount is ₹100000.', code: 'VALIDATION_FAILED' },
          { status: 400 },
        ),
      ),
    );
    await user.click(submit());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Maximum amount is ₹100000.'));
    server.use(http.post('*/api/wallet/add-money', () => HttpResponse.error()));
    await user.click(submit());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to create order'));
    expect(checkout.fake.opened).toHaveLength(1);
  });
});
