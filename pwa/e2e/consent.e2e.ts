import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { formatPaise, istDate, MESSAGES, type Wallet } from '@shabaash/shared';
import { newPhoneContext, trackPageErrors, useBrowser } from './browser.ts';
import {
  createCreator,
  emulatorCodes,
  getJson,
  postJson,
  postUrl,
  registerInBrowser,
  uniquePhone,
  waitForNewCode,
  waitForStep,
} from './flows.ts';

/** 1 January of the year that makes someone 16 today in India. */
const SIXTEEN = `${Number(istDate(new Date()).slice(0, 4)) - 16}-01-01`;

describe("a 16-year-old's sign-up waits for a parent's OTP, then is capped at ₹500 a month", () => {
  const baseUrl = inject('baseUrl');
  const browser = useBrowser();
  let minorContext: BrowserContext;
  let parentContext: BrowserContext;
  let minor: Page;
  let errors: string[];
  let creator: { handle: string };
  let link = '';
  const child = { name: 'Kabir Shah', phone: uniquePhone(), password: 'minor-pass-1', dateOfBirth: SIXTEEN };
  const parentPhone = uniquePhone();

  const tipForm = () => minor.getByRole('region', { name: 'Send a tip' });
  async function tip(amount: string): Promise<void> {
    await tipForm().getByLabel('Creator', { exact: true }).fill(creator.handle);
    await tipForm().getByLabel('Amount (₹)').fill(amount);
    await tipForm().getByRole('button', { name: 'Send tip' }).click();
  }
  const token = () => minor.evaluate(() => localStorage.getItem('token') ?? '');

  beforeAll(async () => {
    creator = await createCreator(baseUrl);
    minorContext = await newPhoneContext(browser());
    parentContext = await newPhoneContext(browser());
    minor = await minorContext.newPage();
    errors = trackPageErrors(minor);
  });

  it('signs up with a date of birth 16 years ago and cannot pay before a parent consents', async () => {
    await registerInBrowser(minor, baseUrl, child);
    const card = minor.getByRole('region', { name: 'Parent’s consent' });
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    await tip('5');
    await expect
      .poll(() => tipForm().getByText(MESSAGES.parentalConsentRequired).isVisible(), { timeout: 15_000 })
      .toBe(true);
    const tips = await getJson<{ tips: unknown[] }>(
      baseUrl,
      `/tips/recent?creator=${creator.handle}`,
      await token(),
    );
    expect(tips.tips).toEqual([]);
  });

  it("names the parent's phone and gets a link to share", async () => {
    const card = minor.getByRole('region', { name: 'Parent’s consent' });
    await card.getByLabel('Your parent’s phone number').fill(parentPhone);
    await card.getByRole('button', { name: 'Ask for consent' }).click();
    const linkField = card.getByLabel('Consent link for your parent');
    await expect.poll(() => linkField.isVisible(), { timeout: 15_000 }).toBe(true);
    link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl}/consent/[\\w-]{43}$`));
    expect(await card.getByTestId('consent-pending').textContent()).toContain(parentPhone.slice(-4));
  });

  it('the parent reads what is collected and the ₹500 cap, and confirms with an OTP on their phone', async () => {
    const parent = await parentContext.newPage();
    const parentErrors = trackPageErrors(parent);
    await parent.goto(link);
    await expect
      .poll(() => parent.getByTestId('consent-cap').textContent(), { timeout: 15_000 })
      .toContain(formatPaise(500_00));
    expect(await parent.getByRole('heading', { level: 1 }).textContent()).toContain(child.name);
    await parent.getByLabel('Your phone number').fill(parentPhone);
    const before = (await emulatorCodes(baseUrl, parentPhone)).length;
    await waitForStep(
      parent,
      () => parent.getByRole('button', { name: 'Send OTP' }).click(),
      parent.getByLabel('Code sent to your phone'),
    );
    await parent
      .getByLabel('Code sent to your phone')
      .fill(await waitForNewCode(baseUrl, parentPhone, before));
    await parent.getByRole('button', { name: 'I agree' }).click();
    await expect
      .poll(() => parent.getByText(MESSAGES.consentGiven).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await parent.getByTestId('withdraw-link').textContent()).toMatch(
      new RegExp(`^${baseUrl}/consent/withdraw/[\\w-]{43}$`),
    );
    expect(parentErrors).toEqual([]);
  });

  it('then the minor tips within the cap, and a tip above what is left is refused with the amount left', async () => {
    // ₹500 added through the sandbox checkout (top-ups have their own ₹500 a month).
    const auth = await token();
    const { order } = await postJson<{ order: { id: string } }>(
      baseUrl,
      '/wallet/add-money',
      { amount: 500 },
      auth,
    );
    await postUrl(`${baseUrl}/sandbox/payments`, { orderId: order.id, outcome: 'success' });
    await expect
      .poll(async () => (await getJson<Wallet>(baseUrl, '/wallet/balance', auth)).balancePaise, {
        timeout: 20_000,
      })
      .toBeGreaterThanOrEqual(500_00);

    await minor.goto(`${baseUrl}/dashboard`);
    await tip('350');
    const status = () => tipForm().locator('.form-status').textContent();
    await expect.poll(status, { timeout: 15_000 }).toBe(MESSAGES.tipSent);
    await tip('151');
    const refusal = 'That is over your monthly limit. You can tip ₹150.00 more this month.';
    // The outbox's refusal banner ("Failed to send tip: … was not charged.") ends with the server's reason.
    await expect.poll(status, { timeout: 15_000 }).toContain(refusal);
    await tip('150');
    await expect.poll(status, { timeout: 15_000 }).toBe(MESSAGES.tipSent);
    const tips = await getJson<{ tips: Array<{ amount: number }> }>(
      baseUrl,
      `/tips/recent?creator=${creator.handle}`,
      auth,
    );
    expect(tips.tips.map((t) => t.amount).sort((a, b) => a - b)).toEqual([150, 350]);
    expect(errors).toEqual([]);
  });
});
