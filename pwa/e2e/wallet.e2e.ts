import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES, formatPaise, type Tip, type Wallet } from '@shabaash/shared';
import { launchBrowser, newPhoneContext, trackPageErrors } from './browser.ts';
import {
  GUEST_AGE_CONFIRM,
  createCreator,
  expectTopUpCredited,
  getJson,
  loginInBrowser,
  registerViaApi,
  uniquePhone,
} from './flows.ts';
import { skipWithoutWallet } from './walletMode.ts';

/** The sandbox checkout dialog (served by /sandbox/checkout.js) that opens over our page. */
function checkoutDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Shabaash Superchat' });
}

/** Asks /add-money for a top-up of `rupees`; the sandbox checkout dialog opens next. */
async function startTopUp(page: Page, rupees: string): Promise<void> {
  await page.goto(`${inject('baseUrl')}/add-money`);
  await page.getByLabel('Amount (₹)').fill(rupees);
  await page.getByRole('button', { name: 'Add Money', exact: true }).click();
}

async function balanceOf(baseUrl: string, page: Page): Promise<Wallet> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('not signed in');
  return getJson<Wallet>(baseUrl, '/wallet/balance', token);
}

/** The simulator's description of a declined UPI payment (FAILURES.upi in api/src/payments/simulator/entities.ts). */
const UPI_DECLINED = 'Payment failed because the UPI app declined the request';

describe('wallet journeys (sandbox Razorpay)', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let viewer: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    viewer = await (await newPhoneContext(browser)).newPage();
    errors = trackPageErrors(viewer);
    // Registration itself is the accounts journey's subject; here the viewer is registered through the same
    // emulator flow in Node and signs in through /login.
    const account = { name: 'Rahul Nair', phone: uniquePhone(), password: 'wallet-pass-1' };
    await registerViaApi(baseUrl, account);
    await loginInBrowser(viewer, baseUrl, account.phone, account.password);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a viewer tops up ₹250 through the checkout dialog and sees the balance and a credit row', async (ctx) => {
    skipWithoutWallet(ctx, 'add money');
    const before = await balanceOf(baseUrl, viewer);
    await startTopUp(viewer, '250');

    const dialog = checkoutDialog(viewer);
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.textContent()).toContain('Support the creator with a superchat');
    expect(await viewer.getByRole('region', { name: 'Order confirmation' }).textContent()).toContain(
      '₹250.00',
    );
    await dialog.getByRole('button', { name: /^Pay ₹250\.00$/ }).click();

    await expect
      .poll(() => viewer.getByText(MESSAGES.topUpSuccess).isVisible(), { timeout: 20_000 })
      .toBe(true);
    const expected = formatPaise(before.balancePaise + 25_000);
    // The 4 s refresh (or the order poll) shows the webhook's credit on this page.
    await expectTopUpCredited(viewer, baseUrl, expected, '+₹250.00');
    expect(errors).toEqual([]);
  });

  it('a payment marked failed shows the failure message and credits nothing', async (ctx) => {
    skipWithoutWallet(ctx, 'add money');
    const before = await balanceOf(baseUrl, viewer);
    await startTopUp(viewer, '100');
    const dialog = checkoutDialog(viewer);
    await dialog.waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Simulate failure' }).click();

    await expect.poll(() => viewer.getByRole('alert').textContent(), { timeout: 20_000 }).toBe(UPI_DECLINED);
    // The order's state follows the webhook to failed.
    await expect
      .poll(() => viewer.locator('[data-order-status]').getAttribute('data-order-status'), {
        timeout: 20_000,
      })
      .toBe('failed');
    expect((await balanceOf(baseUrl, viewer)).balancePaise).toBe(before.balancePaise);
  });

  it('a guest tips ₹99 with a message on /guest-tip?c=<handle>; the creator room and chats receive it', async () => {
    const creator = await createCreator(baseUrl);
    const message = `Shabaash from the e2e guest ${Date.now()}`;

    // The creator is live in the Chat Loader: their socket must receive the tip.
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`);
    const received: Tip[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => {
        socket.send(JSON.stringify({ type: 'hello', token: creator.token }));
      });
      socket.on('message', (raw) => {
        const msg = JSON.parse(String(raw)) as { type: string; data?: Tip };
        if (msg.type === 'welcome') resolve();
        if (msg.type === 'tip:new' && msg.data) received.push(msg.data);
      });
    });

    const guest = await (await newPhoneContext(browser)).newPage();
    const guestErrors = trackPageErrors(guest);
    await guest.goto(`${baseUrl}/guest-tip?c=${creator.handle}`);
    await expect
      .poll(() => guest.getByRole('heading', { level: 1 }).textContent())
      .toBe('Send a Guest Superchat');
    // The heading is in the prerendered page; the creator arrives after hydration and a fetch ("Finding the creator…").
    await expect.poll(() => guest.getByTestId('guest-creator').textContent()).toContain(`@${creator.handle}`);
    await guest.getByLabel(/^Name/).fill('Guest Kabir');
    await guest.getByLabel('Amount (₹)').fill('99');
    await guest.getByLabel(/^Message/).fill(message);
    await guest.getByRole('checkbox', { name: GUEST_AGE_CONFIRM }).check();
    await guest.getByRole('button', { name: 'Continue to the payment provider' }).click();

    const dialog = checkoutDialog(guest);
    await dialog.waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: /^Pay ₹99\.00$/ }).click();
    await expect
      .poll(() => guest.getByTestId('guest-status').textContent(), { timeout: 20_000 })
      .toBe(MESSAGES.guestPaymentReceived);
    expect(await guest.getByLabel('Amount (₹)').inputValue()).toBe('');
    expect(await guest.getByLabel(/^Message/).inputValue()).toBe('');

    const matches = (tips: Tip[]) => tips.filter((t) => t.message === message && t.amountPaise === 9900);
    await expect.poll(() => matches(received).length, { timeout: 20_000 }).toBe(1);
    await expect
      .poll(
        async () =>
          matches((await getJson<{ tips: Tip[] }>(baseUrl, '/creator/chats', creator.token)).tips).length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    const [chat] = matches((await getJson<{ tips: Tip[] }>(baseUrl, '/creator/chats', creator.token)).tips);
    expect(chat).toMatchObject({ status: 'unread', name: 'Guest Kabir' });
    socket.close();
    expect(guestErrors).toEqual([]);
  });
});
