import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES, maskPhone, type Tip } from '@shabaash/shared';
import { launchBrowser, newPhoneContext, trackPageErrors } from './browser.ts';
import {
  createCreator,
  getJson,
  loginInBrowser,
  openMenuIfCollapsed,
  registerViaApi,
  uniquePhone,
} from './flows.ts';
import { startProduct, type RunningProduct } from './product.ts';
import { E2E_WALLET_MODE } from './walletMode.ts';

/** The sandbox checkout dialog (served by /sandbox/checkout.js) that opens over our page. */
function checkoutDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Shabaash Superchat' });
}

// WALLET_MODE=off: no stored balance. The suite's product when it runs with E2E_WALLET_MODE=off, else one of its own.
describe('without a stored wallet (WALLET_MODE=off): a signed-in viewer tips in one checkout', () => {
  let own: RunningProduct | null = null;
  let baseUrl = '';
  let browser: Browser;
  let viewer: Page;
  let errors: string[];
  let creator: { token: string; handle: string };
  const account = { name: 'Meera Iyer', phone: uniquePhone(), password: 'no-wallet-1' };

  beforeAll(async () => {
    if (E2E_WALLET_MODE === 'off') baseUrl = inject('baseUrl');
    else {
      own = await startProduct({ WALLET_MODE: 'off', GUEST_ORDER_LIMIT_PER_IP_PER_MINUTE: '10000' });
      baseUrl = own.url;
    }
    creator = await createCreator(baseUrl);
    await registerViaApi(baseUrl, account);
    browser = await launchBrowser();
    viewer = await (await newPhoneContext(browser)).newPage();
    errors = trackPageErrors(viewer);
    await loginInBrowser(viewer, baseUrl, account.phone, account.password);
  });
  afterAll(async () => {
    await browser?.close();
    await own?.stop();
  });

  it('no wallet screen is reachable: no Add Money in the nav or on the dashboard, /add-money says so', async () => {
    await viewer.getByRole('button', { name: 'Pay and send tip' }).waitFor({ timeout: 20_000 });
    expect(await viewer.getByText('Wallet balance').count()).toBe(0);
    expect(await viewer.getByText('Wallet activity').count()).toBe(0);
    await openMenuIfCollapsed(viewer);
    expect(await viewer.getByRole('link', { name: /add money/i }).count()).toBe(0);

    await viewer.goto(`${baseUrl}/add-money`);
    await viewer.getByRole('heading', { name: 'No wallet here' }).waitFor();
    expect(await viewer.getByText(MESSAGES.walletOff).isVisible()).toBe(true);
    expect(await viewer.getByRole('button', { name: 'Add Money', exact: true }).count()).toBe(0);
    expect(await viewer.getByRole('link', { name: 'Tip a creator' }).getAttribute('href')).toBe('/dashboard');

    const token = await viewer.evaluate(() => localStorage.getItem('token'));
    const balance = await fetch(`${baseUrl}/api/wallet/balance`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(balance.status).toBe(404);
    expect(((await balance.json()) as { code: string }).code).toBe('WALLET_OFF');
    expect(errors).toEqual([]);
  });

  it("pays ₹75 with UPI in the one checkout, prefilled with the viewer's phone; the creator receives it under the viewer's name", async () => {
    await viewer.goto(`${baseUrl}/dashboard`);
    await viewer.getByLabel('Creator', { exact: true }).fill(creator.handle);
    await viewer.getByLabel(/Amount/).fill('75');
    await viewer.getByLabel(/Message/).fill('UPI in one go');
    await viewer.getByRole('button', { name: 'Pay and send tip' }).click();

    const dialog = checkoutDialog(viewer);
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.textContent()).toContain(`+91${account.phone}`);
    await dialog.getByLabel('UPI').check();
    await dialog.getByRole('button', { name: /^Pay ₹75\.00$/ }).click();
    await expect
      .poll(() => viewer.getByText(MESSAGES.guestPaymentReceived).isVisible(), { timeout: 20_000 })
      .toBe(true);

    // The creator's Chat Loader holds it under the viewer's name, with the phone masked.
    const landed = async () =>
      (await getJson<{ tips: Tip[] }>(baseUrl, '/creator/chats', creator.token)).tips.find(
        (t) => t.message === 'UPI in one go',
      );
    await expect.poll(async () => (await landed())?.name, { timeout: 20_000 }).toBe(account.name);
    const tip = await landed();
    expect(tip?.amountPaise).toBe(7_500);
    expect(tip?.sender?.phone).toBe(maskPhone(account.phone));

    // It is in the viewer's own history, as a wallet tip would be.
    const token = await viewer.evaluate(() => localStorage.getItem('token'));
    const mine = await getJson<{ tips: Tip[] }>(
      baseUrl,
      `/tips/recent?creator=${creator.handle}`,
      token ?? '',
    );
    expect(mine.tips.map((t) => t.message)).toContain('UPI in one go');
    expect(errors).toEqual([]);
  });
});
