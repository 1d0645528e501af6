import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PAYOUT_MESSAGES } from '@shabaash/shared';
import { launchBrowser, newPhoneContext, trackPageErrors, waitForServiceWorker } from './browser.ts';
import { createCreator, guestTip, postUrl, registerViaApi, signInContext, uniquePhone } from './flows.ts';
import { skipWithoutWallet } from './walletMode.ts';

const FORM: Array<[string, string]> = [
  ['Legal name (as on PAN)', 'Asha Verma'],
  ['Email', `asha-${Date.now()}@example.com`],
  ['Phone', '9876543210'],
  ['PAN', 'ABCPV1234K'],
  ['Address', '12 MG Road'],
  ['City', 'Bengaluru'],
  ['State', 'Karnataka'],
  ['PIN code', '560001'],
  ['Bank account number', '123456789012'],
  ['Confirm account number', '123456789012'],
  ['IFSC', 'HDFC1234567'],
  ['Account holder name', 'Asha Verma'],
];

describe('creator payouts (sandbox Razorpay Route)', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let creator: { token: string; handle: string; displayName: string };
  const onboardingCalls: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    creator = await createCreator(baseUrl);
    const context = await newPhoneContext(browser);
    await signInContext(context, baseUrl, creator.token);
    page = await context.newPage();
    errors = trackPageErrors(page);
    page.on('request', (r) => {
      if (r.url().includes('/api/creator/payouts/onboarding')) onboardingCalls.push(r.method());
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a wrong IFSC shows a clear message and calls nothing; corrected, the creator onboards to Active', async () => {
    await page.goto(`${baseUrl}/creator/payouts`);
    await page.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
    for (const [label, value] of FORM) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Set up payouts' }).click();
    await page.getByText(PAYOUT_MESSAGES.ifsc).waitFor();
    expect(await page.getByLabel('IFSC', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(onboardingCalls).toEqual([]);

    await page.getByLabel('IFSC', { exact: true }).fill('HDFC0001234');
    await page.getByRole('button', { name: 'Set up payouts' }).click();
    // Route's review webhooks arrive a few seconds later in the sandbox; the status changes on screen by itself.
    await expect
      .poll(() => page.getByTestId('payout-status').textContent(), { timeout: 40_000, interval: 250 })
      .toContain('Active — payouts on');
    expect(onboardingCalls).toEqual(['POST']);
    expect(await page.getByTestId('payout-status').textContent()).toContain('HDFC Bank ••9012');
    expect(await page.content()).not.toContain('123456789012');
  });

  it('a guest tip shows as Pending; the month’s CSV statement downloads and the printable one opens', async () => {
    await guestTip(baseUrl, creator.handle, 'Ravi', 49, 'payout e2e');
    // The payout:update push shows it without a reload (it stays pending for the 15 s hold).
    await expect
      .poll(() => page.getByTestId('balance-pending').textContent(), { timeout: 14_000, interval: 100 })
      .toBe('₹49.00');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^shabaash-statement-\d{4}-\d{2}\.csv$/);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(csv).toContain('"Gross tips","49.00"');
    expect(csv).toContain('payout e2e');

    await page.getByRole('link', { name: 'Open printable statement' }).click();
    await page.getByRole('heading', { name: /^Statement \d{4}-\d{2}$/ }).waitFor();
    expect(await page.getByTestId('statement-Gross tips').textContent()).toBe('₹49.00');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print or save as PDF' }).isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('a guest tip and a wallet tip go pending → available → in transit → paid with UTRs, live, then in the statement', async (ctx) => {
    skipWithoutWallet(ctx, 'a wallet tip');
    // A second creator who onboards only after the tips arrive: the earnings wait, available, until activation.
    const other = await createCreator(baseUrl);
    const context = await newPhoneContext(browser);
    await signInContext(context, baseUrl, other.token);
    const watcher = await context.newPage();
    const watcherErrors = trackPageErrors(watcher);
    let loads = 0;
    watcher.on('load', () => (loads += 1));
    await watcher.goto(`${baseUrl}/creator/payouts`);
    await watcher.getByTestId('balance-pending').waitFor();
    const card = (id: string) => () => watcher.getByTestId(id).textContent();
    const live = { timeout: 60_000, interval: 100 };

    const viewer = await registerViaApi(baseUrl, {
      name: 'Wallet Viewer',
      phone: uniquePhone(),
      password: 'viewer-pass-1',
    });
    await guestTip(baseUrl, other.handle, 'Ravi', 20, 'guest for payout');
    await postUrl(
      `${baseUrl}/api/tips/send`,
      { amount: 5, message: 'wallet for payout', creator: other.handle },
      viewer.token,
    );

    // Pending: inside the 15 s hold window (pushed as payout:update, no reload).
    await expect.poll(card('balance-pending'), { ...live, timeout: 14_000 }).toBe('₹25.00');
    // Available: after the hold; they wait there while the creator has no active payout account.
    await expect.poll(card('balance-available'), live).toBe('₹25.00');
    expect(await watcher.getByTestId('balance-pending').textContent()).toBe('₹0.00');
    expect(await watcher.getByText('after your account is active').isVisible()).toBe(true);

    const onboarding = Object.fromEntries(
      FORM.map(([l, v]) => [LABEL_TO_FIELD[l], v]).concat([
        ['ifsc', 'SBIN0000001'],
        ['email', `b-${Date.now()}@example.com`],
      ]),
    );
    await postUrl(`${baseUrl}/api/creator/payouts/onboarding`, onboarding, other.token);
    await expect.poll(card('payout-status'), live).toContain('Active — payouts on');
    // In transit: the first batch after activation claims both (the simulator takes 3 s to process a transfer).
    await expect.poll(card('balance-in-transit'), live).toBe('₹25.00');
    expect(await watcher.getByTestId('balance-available').textContent()).toBe('₹0.00');
    // Paid, then the settlement's UTR on each transfer: one from the guest payment, one direct for the wallet tip.
    await expect.poll(card('balance-paid'), live).toBe('₹25.00');
    await expect
      .poll(async () => (await watcher.getByTestId('payout-utr').allTextContents()).join(' '), live)
      .toMatch(/^\d{12} \d{12}$/);
    const utrs = await watcher.getByTestId('payout-utr').allTextContents();
    expect(await watcher.getByTestId('balance-in-transit').textContent()).toBe('₹0.00');
    expect(loads).toBe(1); // every step arrived on the open page

    // The month's statement: the CSV carries both transfers with their UTRs; the printable page shows them.
    const download = watcher.waitForEvent('download');
    await watcher.getByRole('button', { name: 'Download CSV' }).click();
    const chunks: Buffer[] = [];
    for await (const chunk of await (await download).createReadStream()) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(csv).toContain('"Gross tips","25.00"');
    for (const utr of utrs) expect(csv).toContain(`"${utr}"`);
    await watcher.getByRole('link', { name: 'Open printable statement' }).click();
    await watcher.getByRole('heading', { name: /^Statement \d{4}-\d{2}$/ }).waitFor();
    for (const utr of utrs) expect(await watcher.getByText(utr).count()).toBe(1);

    // Offline, the payouts page opens again from the service worker and shows the mirrored summary.
    await watcher.goto(`${baseUrl}/creator/payouts`);
    await waitForServiceWorker(watcher);
    await watcher.getByTestId('payout-utr').first().waitFor();
    await context.setOffline(true);
    await watcher.reload();
    await watcher.getByTestId('payouts-offline').waitFor();
    expect(await watcher.getByTestId('payouts-offline').textContent()).toContain("You're offline");
    expect(await watcher.getByTestId('balance-paid').textContent()).toBe('₹25.00');
    expect((await watcher.getByTestId('payout-utr').allTextContents()).sort()).toEqual([...utrs].sort());
    await context.setOffline(false);
    expect(watcherErrors).toEqual([]);
  });
});

const LABEL_TO_FIELD: Record<string, string> = {
  'Legal name (as on PAN)': 'legalName',
  Email: 'email',
  Phone: 'phone',
  PAN: 'pan',
  Address: 'street',
  City: 'city',
  State: 'state',
  'PIN code': 'postalCode',
  'Bank account number': 'accountNumber',
  'Confirm account number': 'confirmAccountNumber',
  IFSC: 'ifsc',
  'Account holder name': 'beneficiaryName',
};
