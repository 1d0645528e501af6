import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { PayoutSummary } from '@shabaash/shared';
import { operatorPhone, operatorSignsIn } from './opsFlows.ts';
import { createCreator, getJson, postUrl } from './flows.ts';
import { ONBOARDING as PAYOUT_ACCOUNT } from '../../api/test/payouts.ts';

/** The payout onboarding form's fields (POST /api/creator/payouts/onboarding), valid for the Route sandbox. */
const ONBOARDING = {
  ...PAYOUT_ACCOUNT,
  email: `dispute-${Date.now()}@example.com`,
  confirmAccountNumber: PAYOUT_ACCOUNT.accountNumber,
};

/** A guest tip paid through the sandbox checkout; returns Razorpay's payment id. */
async function paidGuestTip(baseUrl: string, handle: string, amount: number): Promise<string> {
  const { order } = await postUrl<{ order: { id: string } }>(`${baseUrl}/api/tips/guest/order`, {
    amount,
    message: 'dispute journey',
    name: 'Ravi',
    creator: handle,
    ageConfirmed: true,
  });
  const paid = await postUrl<{ razorpay_payment_id?: string }>(`${baseUrl}/sandbox/payments`, {
    orderId: order.id,
    outcome: 'success',
  });
  if (!paid.razorpay_payment_id) throw new Error(`sandbox payment failed: ${JSON.stringify(paid)}`);
  return paid.razorpay_payment_id;
}

/** "Respond by …" as the console writes it (en-IN, IST), whitespace and case folded for Node's and Chromium's ICU. */
function istDeadline(unixSeconds: number): string {
  const text = new Intl.DateTimeFormat('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(unixSeconds * 1000));
  return fold(`Respond by ${text} IST`);
}
const fold = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

/** Reloads the page until `locator`'s text matches (a webhook or Route's answer lands between reloads). */
async function reloadUntil(page: Page, locator: Locator, pattern: RegExp): Promise<string> {
  let text = '';
  for (let i = 0; i < 20; i += 1) {
    await locator.waitFor({ timeout: 15_000 });
    text = (await locator.textContent()) ?? '';
    if (pattern.test(text)) return text;
    await page.waitForTimeout(500);
    await page.reload();
  }
  throw new Error(`never matched ${pattern}: last "${text}"`);
}

describe('operator console on a phone: a dispute on a paid-out guest tip holds the transfer and shows the case', () => {
  const baseUrl = inject('baseUrl');
  const databaseUrl = inject('databaseUrl');
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ browser, page, errors } = await operatorPhone());
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a dispute webhook on a transferred tip holds it at Route; the operator sees amount, creator, deadline and hold, then the win', async () => {
    // 1. A creator with an active Route account receives a guest tip; the payout cycle transfers it.
    const creator = await createCreator(baseUrl);
    await postUrl(`${baseUrl}/api/creator/payouts/onboarding`, ONBOARDING, creator.token);
    const summary = () => getJson<PayoutSummary>(baseUrl, '/creator/payouts', creator.token);
    const live = { timeout: 60_000, interval: 100 };
    await expect.poll(async () => (await summary()).onboarding?.status, live).toBe('activated');
    const paymentId = await paidGuestTip(baseUrl, creator.handle, 100);
    // In transit: transferred through Route and not yet settled to the bank (the hold window).
    await expect.poll(async () => (await summary()).balances.inTransitPaise, live).toBeGreaterThan(0);

    // 2. The sandbox raises a dispute on the payment; its signed webhook opens the case.
    const dispute = await postUrl<{ id: string; respond_by: number; status: string }>(
      `${baseUrl}/sandbox/payments/${paymentId}/dispute`,
      {},
    );
    expect(dispute.status).toBe('open');
    const [transfer] = (await summary()).transfers;
    if (!transfer) throw new Error('the payout cycle made no transfer');

    // 3. An operator made with the real command signs in: password, then the OTP from the Auth emulator.
    const { added, nav } = await operatorSignsIn(page, { baseUrl, databaseUrl });
    expect(added).toContain('operator added');

    // 4. Disputes: the case with its amount, creator, evidence deadline, and the transfer held at Razorpay.
    await nav.getByRole('link', { name: 'Disputes' }).click();
    await page.getByRole('heading', { name: 'Disputes', level: 2 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/ops/disputes');
    const card = page.getByRole('listitem').filter({ hasText: dispute.id });
    const title = card.getByRole('heading', { level: 3 });
    await title.waitFor({ timeout: 15_000 });
    expect(fold(await title.textContent())).toBe(fold(`₹100.00 · @${creator.handle}Open`));
    expect(fold(await card.getByTestId('dispute-deadline').textContent())).toBe(
      istDeadline(dispute.respond_by),
    );
    expect(await card.getByText(paymentId).count()).toBe(1);
    const hold = card.getByTestId('dispute-hold');
    expect(await reloadUntil(page, hold, /^Transfer held at Razorpay/)).toBe(
      `Transfer held at Razorpay (${rupees(transfer.amountPaise)})`,
    );

    // 5. The bank decides for us: after a reload the case is won, the hold released, no deadline left.
    await postUrl(`${baseUrl}/sandbox/disputes/${dispute.id}/won`, {});
    await page.reload();
    expect(await reloadUntil(page, hold, /^Hold released/)).toBe('Hold released');
    expect(fold(await title.textContent())).toBe(fold(`₹100.00 · @${creator.handle}Won`));
    expect(await card.getByTestId('dispute-deadline').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
