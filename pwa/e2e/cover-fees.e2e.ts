import { describe, expect, inject, it } from 'vitest';
import type { PayoutStatement, Tip } from '@shabaash/shared';
import { trackPageErrors, useBrowser } from './browser.ts';
import { createCreator, getJson, guestTip, GUEST_AGE_CONFIRM } from './flows.ts';

/** The IST calendar month of now, as `?month=` of a statement takes it. */
const istMonth = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 7);

describe('guest checkout: "I\'ll cover the fees"', () => {
  const baseUrl = inject('baseUrl');
  const browser = useBrowser();

  it('a guest ticks it for ₹100 to a Pro creator (2.9%), pays ₹102.99, and the creator nets exactly ₹100.00', async () => {
    const creator = await createCreator(baseUrl);
    // ₹25,000 of lifetime tips: past the Starter free tier, every later tip pays the Pro fee.
    await guestTip(baseUrl, creator.handle, 'Big Supporter', 25_000, 'to Pro');

    const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${baseUrl}/guest-tip?c=${creator.handle}`);
    await expect.poll(() => page.getByTestId('guest-creator').textContent()).toContain(`@${creator.handle}`);
    await page.getByLabel(/^Name/).fill('Fee Coverer');
    await page.getByLabel('Amount (₹)').fill('100');
    const cover = page.getByRole('checkbox', {
      name: "I'll cover the fees so the creator receives the full ₹100.00",
    });
    await cover.check();
    await page.getByRole('checkbox', { name: GUEST_AGE_CONFIRM }).check();
    await page.getByRole('button', { name: 'Continue to the payment provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shabaash Superchat' });
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.locator('[data-amount]').textContent()).toBe('₹102.99');
    await dialog.getByRole('button', { name: /^Pay ₹102\.99$/ }).click();
    await expect
      .poll(() => page.getByTestId('guest-status').textContent(), { timeout: 20_000 })
      .toContain('Payment received!');

    // The creator's chats show what the guest paid, marked as fees covered.
    const covered = async () => {
      const { tips } = await getJson<{ tips: Tip[] }>(baseUrl, '/creator/chats', creator.token);
      return tips.find((t) => t.name === 'Fee Coverer');
    };
    await expect.poll(covered, { timeout: 20_000 }).toMatchObject({ amountPaise: 102_99, feesCovered: true });
    // The statement: ₹102.99 gross, ₹2.99 platform fee, ₹100.00 net.
    const statement = await getJson<PayoutStatement>(
      baseUrl,
      `/creator/payouts/statement?month=${istMonth()}`,
      creator.token,
    );
    expect(statement.tips.find((t) => t.grossPaise === 102_99)).toMatchObject({
      feePaise: 2_99,
      netPaise: 100_00,
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});
