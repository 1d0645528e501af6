import { describe, expect, inject, it } from 'vitest';
import { SAFETY_MESSAGES } from '@shabaash/shared';
import { newPhoneContext, requestsTo, trackPageErrors, useBrowser } from './browser.ts';
import { GUEST_AGE_CONFIRM, createCreatorWithMinimum } from './flows.ts';

/** the guest page knows the creator's minimum and refuses less before any order exists. */
describe("guest page: the creator's minimum", () => {
  const baseUrl = inject('baseUrl');
  const browser = useBrowser();

  it('shows the minimum beside the amount and refuses ₹0.50 under a ₹50 minimum with no order created', async () => {
    const creator = await createCreatorWithMinimum(baseUrl, 50);

    const page = await (await newPhoneContext(browser())).newPage();
    const errors = trackPageErrors(page);
    const orders = requestsTo(page, '/api/tips/guest/order');
    await page.goto(`${baseUrl}/guest-tip?c=${creator.handle}`);
    await expect
      .poll(() => page.getByTestId('amount-hint').textContent(), { timeout: 15_000 })
      .toBe('Minimum ₹50.00 for this creator.');
    expect(await page.getByLabel('Amount (₹)').getAttribute('min')).toBe('50');

    await page.getByLabel('Amount (₹)').fill('0.50');
    await page.getByRole('button', { name: 'Continue to the payment provider' }).click();
    const refusal = SAFETY_MESSAGES.minimumTip('₹50.00');
    await expect.poll(() => page.getByText(refusal).isVisible()).toBe(true);
    expect(orders).toEqual([]);
    expect(await page.getByRole('dialog', { name: 'Shabaash Superchat' }).count()).toBe(0);

    // At the minimum the order goes ahead (the sandbox checkout opens).
    await page.getByLabel('Amount (₹)').fill('50');
    await page.getByRole('checkbox', { name: GUEST_AGE_CONFIRM }).check();
    await page.getByRole('button', { name: 'Continue to the payment provider' }).click();
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Shabaash Superchat' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(orders).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
