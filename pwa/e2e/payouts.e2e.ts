import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PAYOUT_MESSAGES, type User } from '@shabaash/shared';
import { launchBrowser, newPhoneContext, afterReload, trackPageErrors } from './browser.ts';
import { createCreator, getJson, guestTip, registerViaApi, signInContext, uniquePhone } from './flows.ts';

/** Route's review webhooks and the payout job land within moments in the sandbox; the page shows them on reload. */
const RELOAD_POLL = { timeout: 40_000, interval: 2_000 };

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
    // Route's review webhooks arrive within moments in the sandbox; the page refetches on its interval.
    await expect
      .poll(
        afterReload(page, () => page.getByTestId('payout-status').textContent()),
        RELOAD_POLL,
      )
      .toContain('Active — payouts on');
    expect(onboardingCalls).toEqual(['POST']);
    expect(await page.getByTestId('payout-status').textContent()).toContain('HDFC Bank ••9012');
    expect(await page.content()).not.toContain('123456789012');
  });

  it('a guest tip shows as Pending; the month’s CSV statement downloads and the printable one opens', async () => {
    await guestTip(baseUrl, creator.handle, 'Ravi', 49, 'payout e2e');
    await expect
      .poll(
        afterReload(page, () => page.getByTestId('balance-pending').textContent()),
        RELOAD_POLL,
      )
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

  it('a guest tip and a wallet tip go pending → paid out, with a UTR in the history', async () => {
    // A second creator, onboarded through the API, whose first daily batch carries both tips.
    const other = await createCreator(baseUrl);
    const res = await fetch(`${baseUrl}/api/creator/payouts/onboarding`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${other.token}` },
      body: JSON.stringify(
        Object.fromEntries(
          FORM.map(([l, v]) => [LABEL_TO_FIELD[l], v]).concat([
            ['ifsc', 'SBIN0000001'],
            ['email', `b-${Date.now()}@example.com`],
          ]),
        ),
      ),
    });
    expect(res.status).toBe(200);
    const viewer = await registerViaApi(baseUrl, {
      name: 'Wallet Viewer',
      phone: uniquePhone(),
      password: 'viewer-pass-1',
    });
    await guestTip(baseUrl, other.handle, 'Ravi', 20, 'guest for payout');
    const sent = await fetch(`${baseUrl}/api/tips/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${viewer.token}` },
      body: JSON.stringify({ amount: 5, message: 'wallet for payout', creator: other.handle }),
    });
    expect(sent.status).toBe(200);

    const { user } = await getJson<{ user: User }>(baseUrl, '/users/me', other.token);
    const context = await newPhoneContext(browser);
    await context.addInitScript(
      ({ token, user }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
      },
      { token: other.token, user: JSON.stringify(user) },
    );
    const watcher = await context.newPage();
    await watcher.goto(`${baseUrl}/creator/payouts`);
    const seen = new Set<string>();
    const read = async () => {
      await watcher.reload();
      const cards = {
        pending: await watcher.getByTestId('balance-pending').textContent(),
        available: await watcher.getByTestId('balance-available').textContent(),
        inTransit: await watcher.getByTestId('balance-in-transit').textContent(),
        paid: await watcher.getByTestId('balance-paid').textContent(),
      };
      for (const [k, v] of Object.entries(cards)) if (v !== '₹0.00') seen.add(k);
      return cards.paid;
    };
    expect(await read()).toBe('₹0.00');
    expect(seen.has('pending')).toBe(true); // both tips wait out the hold window first
    await expect.poll(read, { timeout: 60_000, interval: 1_000 }).toBe('₹25.00');
    const utrs = await watcher.getByTestId('payout-utr').allTextContents();
    expect(utrs).toHaveLength(2); // one transfer from the guest payment, one direct for the wallet tip
    for (const utr of utrs) expect(utr).toMatch(/^\d{12}$/);
    expect(await watcher.getByTestId('balance-pending').textContent()).toBe('₹0.00');
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
