import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES, SAFETY_MESSAGES, type Tip } from '@shabaash/shared';
import { newPhoneContext, requestsTo, trackPageErrors, useBrowser } from './browser.ts';
import { createCreator, getJson, GUEST_AGE_CONFIRM } from './flows.ts';

/** The sandbox checkout dialog (served by /sandbox/checkout.js) that opens over our page. */
function checkoutDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Shabaash Superchat' });
}

describe('stream safety (guest page, sandbox Razorpay)', () => {
  const baseUrl = inject('baseUrl');
  const browser = useBrowser();

  it('a guest typing a blocked Hinglish phrase is refused before checkout, edits it and pays', async () => {
    const creator = await createCreator(baseUrl);
    const chats = async () => (await getJson<{ tips: Tip[] }>(baseUrl, '/creator/chats', creator.token)).tips;

    const guest = await (await newPhoneContext(browser())).newPage();
    const errors = trackPageErrors(guest);
    const orderRequests = requestsTo(guest, '/api/tips/guest/order');

    await guest.goto(`${baseUrl}/guest-tip?c=${creator.handle}`);
    await expect
      .poll(() => guest.getByRole('heading', { level: 1 }).textContent())
      .toBe('Send a Guest Superchat');
    await guest.getByLabel(/^Name/).fill('Guest Vikram');
    await guest.getByLabel('Amount (₹)').fill('49');
    // "chutiya" is on the built-in Hinglish list, which is on by default.
    await guest.getByLabel(/^Message/).fill('tu chutiya hai');

    // The refusal appears as typed (a debounced check), without repeating the word, and payment cannot start.
    const refusal = guest.getByText(SAFETY_MESSAGES.blockedMessage);
    await refusal.waitFor({ timeout: 15_000 });
    expect(await guest.getByRole('alert').filter({ hasText: SAFETY_MESSAGES.blockedMessage }).count()).toBe(
      1,
    );
    expect(await refusal.textContent()).not.toContain('chutiya');
    const submit = guest.getByRole('button', { name: 'Continue to the payment provider' });
    expect(await submit.isDisabled()).toBe(true);
    // Even a forced submit (Enter in a field) is re-checked and stopped before any order is made.
    await guest.getByLabel(/^Message/).press('Enter');
    await guest.evaluate(() => document.querySelector('form')?.requestSubmit());
    await guest.waitForTimeout(1_500);
    expect(await refusal.isVisible()).toBe(true);
    expect(await checkoutDialog(guest).count()).toBe(0);
    expect(orderRequests).toEqual([]);
    expect(await chats()).toEqual([]);

    // Edited to something clean: the refusal goes away and the sandbox checkout takes the payment.
    const clean = `Shabaash bhai, great stream ${Date.now()}`;
    await guest.getByLabel(/^Message/).fill(clean);
    await expect.poll(() => refusal.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => submit.isDisabled(), { timeout: 15_000 }).toBe(false);
    await guest.getByRole('checkbox', { name: GUEST_AGE_CONFIRM }).check();
    await submit.click();

    const dialog = checkoutDialog(guest);
    await dialog.waitFor({ timeout: 20_000 });
    expect(orderRequests).toHaveLength(1);
    await dialog.getByRole('button', { name: /^Pay ₹49\.00$/ }).click();
    await expect
      .poll(() => guest.getByTestId('guest-status').textContent(), { timeout: 20_000 })
      .toBe(MESSAGES.guestPaymentReceived);

    await expect
      .poll(async () => (await chats()).map((t) => [t.message, t.amountPaise, t.status]), { timeout: 20_000 })
      .toEqual([[clean, 4900, 'unread']]);
    const [tip] = await chats();
    expect(tip?.guestName ?? tip?.name).toBe('Guest Vikram');
    expect(errors).toEqual([]);
  });
});
