import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@shabaash/shared';
import { newPhoneContext, trackPageErrors, useBrowser } from './browser.ts';
import {
  emulatorCodes,
  loginInBrowser,
  registerViaApi,
  uniquePhone,
  waitForNewCode,
  waitForStep,
  ADULT_DATE_OF_BIRTH,
} from './flows.ts';

/**
 * Send OTP → Resend OTP → Send OTP again must text a new code (it used to stay on "Sending OTP…"
 * because the first send's reCAPTCHA verifier was reused), and the new code must finish the job.
 */
describe('Send OTP → Resend OTP → Send OTP again', () => {
  const baseUrl = inject('baseUrl');
  const browser = useBrowser();

  async function newPage(): Promise<{ page: Page; errors: string[] }> {
    const page = await (await newPhoneContext(browser())).newPage();
    return { page, errors: trackPageErrors(page) };
  }

  /** Sends, resends, sends again (each send must reach step 2 with a new emulator code); answers the last code. */
  async function sendResendSend(page: Page, phone: string, codeField: string): Promise<string> {
    const field = page.getByLabel(codeField, { exact: true });
    const first = (await emulatorCodes(baseUrl, phone)).length;
    await waitForStep(page, () => page.getByRole('button', { name: 'Send OTP' }).click(), field);
    await waitForNewCode(baseUrl, phone, first);
    await page.getByRole('button', { name: 'Resend OTP' }).click();
    const send = page.getByRole('button', { name: 'Send OTP' });
    await send.waitFor();
    const second = (await emulatorCodes(baseUrl, phone)).length;
    await waitForStep(page, () => send.click(), field);
    const code = await waitForNewCode(baseUrl, phone, second);
    // Once more, as a creator who mistyped twice would.
    await page.getByRole('button', { name: 'Resend OTP' }).click();
    const third = (await emulatorCodes(baseUrl, phone)).length;
    await waitForStep(page, () => page.getByRole('button', { name: 'Send OTP' }).click(), field);
    const last = await waitForNewCode(baseUrl, phone, third);
    expect(last).not.toBe('');
    expect(code).not.toBe('');
    return last;
  }

  it('on /register, ending signed in', async () => {
    const { page, errors } = await newPage();
    const phone = uniquePhone();
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel('Full name').fill('Resend Rani');
    await page.getByLabel('Phone number').fill(phone);
    await page.getByLabel('Password').fill('resend-pass-1');
    await page.getByLabel('Date of birth').fill(ADULT_DATE_OF_BIRTH);
    const code = await sendResendSend(page, phone, '6-digit code');
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.waitForURL(`${baseUrl}/dashboard`, { timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(errors).toEqual([]);
  });

  it('on /forgot-password, ending with the password reset', async () => {
    const user = { name: 'Resend Ravi', phone: uniquePhone(), password: 'old-pass-1' };
    await registerViaApi(baseUrl, user);
    const { page, errors } = await newPage();
    await page.goto(`${baseUrl}/forgot-password`);
    await page.getByLabel('Registered phone number').fill(user.phone);
    const code = await sendResendSend(page, user.phone, 'OTP');
    await page.getByLabel('OTP', { exact: true }).fill(code);
    await page.getByLabel('New password').fill('new-pass-2');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect
      .poll(() => page.getByText(MESSAGES.passwordReset).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.waitForURL(`${baseUrl}/login`, { timeout: 10_000 });
    await loginInBrowser(page, baseUrl, user.phone, 'new-pass-2');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(errors).toEqual([]);
  });
});
