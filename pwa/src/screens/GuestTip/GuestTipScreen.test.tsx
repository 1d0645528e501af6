// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { MESSAGES } from '@shabaash/shared';
import { GuestTipScreen } from './GuestTipScreen.tsx';
import { renderWithApp } from '../../test/renderApp.tsx';
import {
  capturePosts,
  checkoutOptions,
  sandboxConfig,
  setupCheckoutTests,
} from '../../test/checkoutTests.ts';
import { REFERRING_CREATOR_STORAGE_KEY } from '../../lib/referringCreator.ts';
import { PAYER_TOKEN_STORAGE_KEY } from '../../lib/payerToken.ts';

const CONFIG = sandboxConfig({
  defaultCreator: { handle: 'shabaash-live', displayName: 'Shabaash Live' },
});

const checkout = setupCheckoutTests();
const { server } = checkout;
beforeEach(() => {
  server.use(
    http.get('*/api/config', () => HttpResponse.json(CONFIG)),
    // The safety endpoint is optional: the page must work when it does not exist.
    http.post('*/api/safety/check', () =>
      HttpResponse.json({ message: 'Not found.', code: 'NOT_FOUND' }, { status: 404 }),
    ),
    // So are the creator's tip rules: without them the server alone checks the minimum.
    http.get('*/api/safety/tip-rules', () =>
      HttpResponse.json({ message: 'Not found.', code: 'NOT_FOUND' }, { status: 404 }),
    ),
  );
});

function captureOrders(
  respond: () => Response | Promise<Response> = () =>
    HttpResponse.json({ order: { id: 'order_G1', amount: 9900, currency: 'INR' } }),
) {
  return capturePosts(server, '*/api/tips/guest/order', respond);
}

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
    server.use(
      http.get('*/api/safety/tip-rules', ({ request }) =>
        new URL(request.url).searchParams.get('creator') === 'riya'
          ? HttpResponse.json({
              minAmount: 50,
              minAmountPaise: 5000,
              minimumMessage: 'The minimum superchat for this creator is ₹50.00.',
            })
          : HttpResponse.json({ message: 'Creator not found.', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    const orders = captureOrders();
    const user = userEvent.setup();
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip?c=riya' });
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
    expect(await screen.findByText('Shabaash Live (@shabaash-live)')).toBeTruthy();
  });

  it('rejects an empty, zero or negative amount with the spec message and sends nothing', async () => {
    const bodies = captureOrders();
    const user = userEvent.setup();
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip?c=riya' });
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
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip?c=riya' });
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
    const bodies = captureOrders(async () => {
      await delay(60);
      return HttpResponse.json({ order: { id: 'order_G1', amount: 9900, currency: 'INR' } });
    });
    const user = userEvent.setup();
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip?c=riya' });
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
        creator: 'riya',
        payerToken: token,
        ageConfirmed: true,
      },
    ]);
    const { options } = checkout.fake.opened[0]!;
    expect(options).toMatchObject({
      ...checkoutOptions('rzp_test_sandbox', 'order_G1', 9900, 'Kabir'),
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
    const bodies = captureOrders(() =>
      HttpResponse.json({ order: { id: 'order_C1', amount: 102_99, currency: 'INR' } }),
    );
    const user = userEvent.setup();
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip?c=riya' });
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
    captureOrders();
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
    captureOrders(() =>
      HttpResponse.json({ message: 'We could not find that creator.', code: 'NOT_FOUND' }, { status: 404 }),
    );
    const user = userEvent.setup();
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip?c=nobody' });
    await user.click(ageBox());
    await user.type(amountInput(), '20');
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('We could not find that creator.');
    expect(submitButton()).toHaveProperty('disabled', false);
    expect(checkout.fake.opened).toHaveLength(0);
  });

  it('shows an SDK error when the checkout script cannot load', async () => {
    checkout.fake.uninstall();
    captureOrders();
    server.use(http.get('*/api/config', () => HttpResponse.json({ ...CONFIG, checkoutScriptUrl: '' })));
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
    const bodies = captureOrders();
    server.use(
      http.post('*/api/safety/check', async ({ request }) => {
        const body = (await request.json()) as { message: string };
        return HttpResponse.json(
          body.message.includes('badword')
            ? {
                ok: false,
                message:
                  "This message can't be sent: it contains words this creator has blocked. Please edit it and try again.",
              }
            : { ok: true },
        );
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<GuestTipScreen />, { path: '/guest-tip?c=riya' });
    await user.click(ageBox());
    await user.type(amountInput(), '99');
    await user.type(messageInput(), 'you badword');
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toContain(
      'words this creator has blocked',
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
        creator: 'riya',
        payerToken: expect.any(String),
        ageConfirmed: true,
      },
    ]);
  });
});
