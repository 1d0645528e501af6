// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  VIEWER,
  failWith,
  markOrderPaid,
  networkError,
  overrideHandlers,
  postLedger,
  setWallet,
} from '@shabaash/mocks';
import { AddMoneyScreen } from './AddMoneyScreen.tsx';
import { renderWithApp } from '../../test/renderApp.tsx';
import { checkoutOptions, setupCheckoutTests } from '../../test/checkoutTests.ts';
import { signInFixtureBeforeEach } from '../../test/server.ts';
import { recordInputs } from '../../test/mockCalls.ts';

const checkout = setupCheckoutTests();
const { server, state } = checkout;
signInFixtureBeforeEach(VIEWER);
beforeEach(() => setWallet(state, VIEWER.user.id, 0));
/** How often the screen asked for the balance. */
const balanceCalls = () => state.calls.get('balance') ?? 0;
/** The top-up order the API opened (the test's only one). */
const theOrder = () => [...state.orders.values()][0]!;
/** Records each POST /wallet/add-money the screen makes (answered by the contract). */
const captureAddMoney = () => recordInputs(checkout, 'addMoney');

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
    const order = theOrder();
    const box = screen.getByRole('region', { name: 'Order confirmation' });
    expect(box.textContent).toContain(order.id);
    expect(box.textContent).toContain('₹250.00');
    expect(checkout.fake.opened[0]!.options).toMatchObject(
      checkoutOptions('rzp_test_sandbox', order.id, 25000, VIEWER.user.name),
    );
    expect(await screen.findByText(/^Pending/)).toBeTruthy();

    // The webhook credits the wallet on the server (the order's own state is followed in the next test); the
    // client only refreshes.
    postLedger(state, VIEWER.user.id, { type: 'credit', amountPaise: 25000, description: 'Wallet top-up' });
    const callsBefore = balanceCalls();
    const paidAt = Date.now();
    await act(async () => checkout.fake.opened[0]!.pay());
    expect(screen.getByRole('status').textContent).toBe(
      'Payment successful. Your wallet will update once the payment is confirmed by the webhook.',
    );
    await waitFor(() => expect(screen.getByTestId('current-balance').textContent).toBe('₹250.00'), {
      timeout: 6000,
    });
    expect(Date.now() - paidAt).toBeGreaterThanOrEqual(3900);
    expect(balanceCalls()).toBe(callsBefore + 1);
  });

  it('follows the order state to Received once the payment is confirmed', async () => {
    await startCheckout('250');
    expect(await screen.findByText(/^Pending/)).toBeTruthy();
    markOrderPaid(state, theOrder().id);
    await act(async () => checkout.fake.opened[0]!.pay());
    expect(await screen.findByText(/^Received/, {}, { timeout: 5000 })).toBeTruthy();
  });

  it("shows the provider's failure description, and the server's message when the order cannot be created", async () => {
    const user = await startCheckout('100');
    await act(async () =>
      checkout.fake.opened[0]!.fail('Payment processing failed due to error at bank or wallet gateway'),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Payment processing failed due to error at bank or wallet gateway',
    );
    expect(submit()).toHaveProperty('disabled', false);

    server.use(
      ...overrideHandlers(state, {
        addMoney: failWith('VALIDATION_FAILED', 'Maximum amount is ₹100000.', 'amount'),
      }),
    );
    await user.click(submit());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Maximum amount is ₹100000.'));
    server.use(networkError('addMoney'));
    await user.click(submit());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to create order'));
    expect(checkout.fake.opened).toHaveLength(1);
  });
});
