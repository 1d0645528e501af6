// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay } from 'msw';
import { MESSAGES, SAFETY_MESSAGES } from '@shabaash/shared';
import { CREATOR, failWith, overrideHandlers, resolvers, type MockCreator } from '@shabaash/mocks';
import { GuestTipScreen } from './GuestTipScreen.tsx';
import { renderWithApp } from '../../test/renderApp.tsx';
import { checkoutOptions, sandboxConfig, serveConfig, setupCheckoutTests } from '../../test/checkoutTests.ts';
import { recordInputs } from '../../test/mockCalls.ts';
import { REFERRING_CREATOR_STORAGE_KEY } from '../../lib/referringCreator.ts';
import { PAYER_TOKEN_STORAGE_KEY } from '../../lib/payerToken.ts';

/** The fixture creator: the deployment's default creator, and the one tipped with ?c=riya_plays. */
const FEATURED = CREATOR.user.creator!;
const checkout = setupCheckoutTests({ defaultCreator: FEATURED });
const { server, state } = checkout;
/** The featured creator's row in the mock state (their safety settings). */
const featured = (): MockCreator => state.creators.get(CREATOR.user.id)!;
/** Records each guest order the page asks for, answered by the contract (or `respond`). */
const captureOrders = (respond?: Parameters<typeof recordInputs<'guestOrder'>>[2]) =>
  recordInputs(checkout, 'guestOrder', respond);
/** The order the API opened last. */
const lastOrder = () => [...state.orders.values()].at(-1)!;

const amountInput = () => screen.getByLabelText('Amount (₹)');
const messageInput = () => screen.getByLabelText(/^Message/);
const submitButton = () => screen.getByRole('button', { name: 'Continue to the payment provider' });
const ageBox = () =>
  screen.getByRole('checkbox', { name: 'I am 18 or over, or I have a parent’s permission.' });

describe('GuestTipScreen', () => {
  it('shows the spec texts and the creator from ?c=, and remembers that creator', async () => {
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip?c=Riya_Plays' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Send a Guest Superchat');
    expect(screen.getByText('Maximum 280 characters.')).toBeTruthy();
    expect(screen.getByTestId('guest-status').textContent).toBe(
      'Complete the payment and your message will appear on the live overlay.',
    );
    expect(screen.getByTestId('guest-creator').textContent).toContain('@riya_plays');
    expect(screen.getByText(/notified instantly/)).toBeTruthy();
    expect(screen.getByText(/queued for the creator's approval/)).toBeTruthy();
    expect(localStorage.getItem(REFERRING_CREATOR_STORAGE_KEY)).toBe('riya_plays');
    const amount = amountInput();
    expect(amount.getAttribute('min')).toBe('1');
    expect(amount.hasAttribute('required')).toBe(true);
    expect(screen.getByLabelText(/^Name/).getAttribute('maxlength')).toBe('80');
    expect(messageInput().getAttribute('maxlength')).toBe('280');
  });

  it("shows the creator's minimum beside the amount and refuses less, in the server's words, before any order", async () => {
    featured().safety = { ...featured().safety, minTipAmount: 50, minTipPaise: 5000 };
    const orders = captureOrders();
    const user = userEvent.setup();
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip?c=riya_plays' });
    await user.click(ageBox());
    expect(await screen.findByText('Minimum ₹50.00 for this creator.')).toBeTruthy();
    expect(amountInput().getAttribute('min')).toBe('50');
    await waitFor(() => expect((submitButton() as HTMLButtonElement).disabled).toBe(false));
    await user.type(amountInput(), '0.50');
    await user.click(submitButton());
    expect(await screen.findByText('The minimum superchat for this creator is ₹50.00.')).toBeTruthy();
    expect(orders).toEqual([]);
  });

  it('falls back to the default creator from config', async () => {
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip' });
    expect(await screen.findByText(`${FEATURED.displayName} (@${FEATURED.handle})`)).toBeTruthy();
  });

  it('rejects an empty, zero or negative amount with the spec message and sends nothing', async () => {
    const bodies = captureOrders();
    const user = userEvent.setup();
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip?c=riya_plays' });
    await user.click(ageBox());
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid amount greater than zero.');
    await user.type(amountInput(), '0');
    await user.click(submitButton());
    expect(screen.getByRole('alert').textContent).toBe('Enter a valid amount greater than zero.');
    await user.clear(amountInput());
    await user.type(amountInput(), '-5');
    await user.click(submitButton());
    expect(screen.getByRole('alert').textContent).toBe('Enter a valid amount greater than zero.');
    expect(bodies).toHaveLength(0);
    expect(checkout.fake.opened).toHaveLength(0);
  });

  it('asks the payer to confirm they are 18 or over or have a parent’s permission before any order', async () => {
    const bodies = captureOrders();
    const user = userEvent.setup();
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip?c=riya_plays' });
    await user.type(amountInput(), '99');
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.guestAgeConfirmRequired);
    expect(bodies).toHaveLength(0);
    expect(ageBox().hasAttribute('required')).toBe(true);
  });

  it('counts message characters live', async () => {
    const user = userEvent.setup();
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip' });
    await user.click(ageBox());
    expect(screen.getByText('0/280')).toBeTruthy();
    await user.type(messageInput(), 'Hello');
    expect(screen.getByText('5/280')).toBeTruthy();
  });

  it('prepares checkout (button disabled), opens it with the spec options, then clears amount and message on success', async () => {
    const bodies = captureOrders(async (ctx) => {
      await delay(60);
      return resolvers.guestOrder(ctx);
    });
    const user = userEvent.setup();
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip?c=riya_plays' });
    await user.click(ageBox());
    await user.type(screen.getByLabelText(/^Name/), '  Kabir  ');
    await user.type(amountInput(), '99');
    await user.type(messageInput(), '  Great stream!  ');
    await user.click(submitButton());
    const preparing = await screen.findByRole('button', { name: 'Preparing Checkout…' });
    expect(preparing).toHaveProperty('disabled', true);
    await waitFor(() => expect(checkout.fake.opened).toHaveLength(1));
    // The browser's token goes with the order (kept, so a creator who blocks this guest refuses its next order).
    const token = localStorage.getItem(PAYER_TOKEN_STORAGE_KEY);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(bodies).toEqual([
      {
        amount: 99,
        message: 'Great stream!',
        name: 'Kabir',
        creator: 'riya_plays',
        payerToken: token,
        ageConfirmed: true,
      },
    ]);
    const { options } = checkout.fake.opened[0]!;
    expect(options).toMatchObject({
      ...checkoutOptions('rzp_test_sandbox', lastOrder().id, 9900, 'Kabir'),
      name: 'Shabaash Superchat',
    });
    await act(async () => checkout.fake.opened[0]!.pay());
    expect(screen.getByTestId('guest-status').textContent).toBe(
      'Payment received! Your message will display on stream shortly after verification.',
    );
    expect(amountInput()).toHaveProperty('value', '');
    expect(messageInput()).toHaveProperty('value', '');
    expect(screen.getByLabelText(/^Name/)).toHaveProperty('value', '  Kabir  ');
  });

  it('"I\'ll cover the fees" names the creator and the amount, and asks the server to add the fee to the order', async () => {
    // The server adds the creator's platform fee (the mock knows no fee): this order's total.
    const bodies = captureOrders(() => ({ order: { id: 'order_C1', amount: 102_99, currency: 'INR' } }));
    const user = userEvent.setup();
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip?c=riya_plays' });
    expect(
      screen.getByRole('checkbox', { name: "I'll cover the fees so the creator receives the full amount" }),
    ).toBeTruthy();
    await user.type(amountInput(), '100');
    const cover = screen.getByRole('checkbox', {
      name: "I'll cover the fees so the creator receives the full ₹100.00",
    });
    expect(cover).toHaveProperty('checked', false);
    await user.click(cover);
    await user.click(ageBox());
    await waitFor(() => expect((submitButton() as HTMLButtonElement).disabled).toBe(false));
    await user.click(submitButton());
    await waitFor(() => expect(checkout.fake.opened).toHaveLength(1));
    // The intended amount and the choice go to the server; the total comes back in the order and checkout shows it.
    expect(bodies).toEqual([expect.objectContaining({ amount: 100, coverFees: true })]);
    expect(checkout.fake.opened[0]!.options.amount).toBe(102_99);
  });

  it("shows the provider's failure description, or the spec fallback when it has none", async () => {
    const user = userEvent.setup();
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip' });
    await user.click(ageBox());
    await user.type(amountInput(), '50');
    await user.click(submitButton());
    await waitFor(() => expect(checkout.fake.opened).toHaveLength(1));
    await act(async () => checkout.fake.opened[0]!.fail('Your bank declined this UPI payment.'));
    expect(screen.getByRole('alert').textContent).toBe('Your bank declined this UPI payment.');
    expect(amountInput()).toHaveProperty('value', '50');

    await user.click(submitButton());
    await waitFor(() => expect(checkout.fake.opened).toHaveLength(2));
    await act(async () => checkout.fake.opened[1]!.fail(null));
    expect(screen.getByRole('alert').textContent).toBe('Payment failed. Please try again.');
  });

  it("shows the server's message when the order is refused", async () => {
    // No creator has this handle: the API refuses the order.
    const user = userEvent.setup();
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip?c=nobody' });
    await user.click(ageBox());
    await user.type(amountInput(), '20');
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.creatorNotFound);
    expect(submitButton()).toHaveProperty('disabled', false);
    expect(checkout.fake.opened).toHaveLength(0);
  });

  it('shows an SDK error when the checkout script cannot load', async () => {
    checkout.fake.uninstall();
    serveConfig(checkout, sandboxConfig({ defaultCreator: FEATURED, checkoutScriptUrl: '' }));
    const user = userEvent.setup();
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip' });
    await user.click(ageBox());
    await user.type(amountInput(), '20');
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unable to load checkout. Check your network and try again.',
    );
  });

  it('blocks the submit with the safety message for a blocked message, and lets it through once edited', async () => {
    featured().safety.blockedTerms = ['badword'];
    const bodies = captureOrders();
    const user = userEvent.setup();
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip?c=riya_plays' });
    await user.click(ageBox());
    await user.type(amountInput(), '99');
    await user.type(messageInput(), 'you badword');
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toBe(
      SAFETY_MESSAGES.blockedMessage,
    );
    expect(submitButton()).toHaveProperty('disabled', true);
    await user.clear(messageInput());
    await user.type(messageInput(), 'you rock');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await user.click(submitButton());
    await waitFor(() => expect(checkout.fake.opened).toHaveLength(1));
    expect(bodies).toEqual([
      {
        amount: 99,
        message: 'you rock',
        name: '',
        creator: 'riya_plays',
        payerToken: expect.any(String),
        ageConfirmed: true,
      },
    ]);
  });

  it('takes the order when the safety check and the tip rules are unavailable (the server checks again)', async () => {
    server.use(
      ...overrideHandlers(state, {
        safetyCheck: failWith('NOT_FOUND', 'Not found.'),
        tipRules: failWith('NOT_FOUND', 'Not found.'),
      }),
    );
    const bodies = captureOrders();
    const user = userEvent.setup();
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip?c=riya_plays' });
    await user.click(ageBox());
    await user.type(amountInput(), '99');
    await user.type(messageInput(), 'Great stream!');
    await user.click(submitButton());
    await waitFor(() => expect(checkout.fake.opened).toHaveLength(1));
    expect(bodies).toEqual([expect.objectContaining({ amount: 99, message: 'Great stream!' })]);
    expect(state.calls.get('safetyCheck')).toBeGreaterThan(0);
    expect(state.calls.get('tipRules')).toBeGreaterThan(0);
  });
});
