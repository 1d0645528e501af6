import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES, maskPhone, type PayoutStatement, type PayoutSummary, type Tip } from '@shabaash/shared';
import { launchBrowser, newPhoneContext, trackPageErrors } from './browser.ts';
import {
  createCreator,
  getJson,
  loginInBrowser,
  openMenuIfCollapsed,
  postUrl,
  signInContext,
  registerViaApi,
  uniquePhone,
} from './flows.ts';
import { startProduct, type RunningProduct } from './product.ts';
import { E2E_TDS_194O_RATE, E2E_WALLET_MODE } from './walletMode.ts';
import { ONBOARDING as PAYOUT_ACCOUNT } from '../../api/test/payouts.ts';

/** The IST month of now, as the statement names it. */
const istMonth = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 7);

/** The payout onboarding form's fields (POST /api/creator/payouts/onboarding), valid for the Route sandbox. */
const ONBOARDING = {
  ...PAYOUT_ACCOUNT,
  email: `asha-${Date.now()}@example.com`,
  confirmAccountNumber: PAYOUT_ACCOUNT.accountNumber,
};

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
      own = await startProduct({
        WALLET_MODE: 'off',
        GUEST_ORDER_LIMIT_PER_IP_PER_MINUTE: '10000',
        // 194-O TDS at its rate since October 2024, and payouts as fast as the suite's (globalSetup.ts).
        TDS_194O_RATE: E2E_TDS_194O_RATE,
        PAYOUT_HOLD_HOURS: String(15 / 3600),
        PAYOUT_TICK_MS: '1000',
        PAYOUT_BATCH_HOUR_IST: '0',
      });
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

  it("pays ₹1,000 with UPI in the one checkout, prefilled with the viewer's phone; the creator receives it under the viewer's name", async () => {
    await viewer.goto(`${baseUrl}/dashboard`);
    await viewer.getByLabel('Creator', { exact: true }).fill(creator.handle);
    await viewer.getByLabel(/Amount/).fill('1000');
    await viewer.getByLabel(/Message/).fill('UPI in one go');
    await viewer.getByRole('button', { name: 'Pay and send tip' }).click();

    const dialog = checkoutDialog(viewer);
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.textContent()).toContain(`+91${account.phone}`);
    await dialog.getByLabel('UPI').check();
    await dialog.getByRole('button', { name: /^Pay ₹1,000\.00$/ }).click();
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
    expect(tip?.amountPaise).toBe(100_000);
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

  it('pays the creator out from the payment with 194-O TDS withheld: ₹1.00 of ₹1,000 (0.1%), shown on the statement', async () => {
    await postUrl(`${baseUrl}/api/creator/payouts/onboarding`, ONBOARDING, creator.token);
    const summary = () => getJson<PayoutSummary>(baseUrl, '/creator/payouts', creator.token);
    // The Starter creator keeps the whole ₹1,000 (free tier); ₹1.00 is withheld, ₹999.00 is transferred and paid.
    await expect
      .poll(async () => (await summary()).balances.paidPaise, { timeout: 90_000, interval: 500 })
      .toBe(99_900);
    const statement = await getJson<PayoutStatement>(
      baseUrl,
      `/creator/payouts/statement?month=${istMonth()}`,
      creator.token,
    );
    expect(statement.totals.tdsWithheldPaise).toBe(100);

    const context = await newPhoneContext(browser);
    await signInContext(context, baseUrl, creator.token);
    const page = await context.newPage();
    const pageErrors = trackPageErrors(page);
    await page.goto(`${baseUrl}/creator/payouts/statement/${istMonth()}`);
    await page.getByTestId('statement-TDS withheld').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('statement-TDS withheld').textContent()).toBe('₹1.00');
    expect(await page.getByText('TDS withheld (section 194-O)').count()).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
