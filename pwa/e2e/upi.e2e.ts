import { devices, type Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Tip } from '@shabaash/shared';
import { newPhoneContext, trackPageErrors, useBrowser } from './browser.ts';
import { createCreator, getJson, GUEST_AGE_CONFIRM } from './flows.ts';
import { decodeQr } from './qr.ts';

/**
 * UPI as NPCI allows it since collect requests ended: the guest's checkout offers a UPI app (intent) on a phone
 * and a QR code on a desktop, never a UPI ID to type; each pays and the tip lands.
 */
describe('guest checkout: UPI intent on a phone, a QR code on a desktop', () => {
  const baseUrl = inject('baseUrl');
  const browser = useBrowser();

  /** Fills the guest form for `handle` and opens the sandbox checkout; returns its dialog. */
  async function openGuestCheckout(page: Page, handle: string, name: string, amount: string) {
    await page.goto(`${baseUrl}/guest-tip?c=${handle}`);
    await expect.poll(() => page.getByTestId('guest-creator').textContent()).toContain(`@${handle}`);
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel('Amount (₹)').fill(amount);
    await page.getByLabel(/^Message/).fill(`UPI from ${name}`);
    await page.getByRole('checkbox', { name: GUEST_AGE_CONFIRM }).check();
    await page.getByRole('button', { name: 'Continue to the payment provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shabaash Superchat' });
    await dialog.waitFor({ timeout: 20_000 });
    return dialog;
  }

  /** The UPI link the checkout shows, once the order's link has loaded. */
  async function shownUpiUri(page: Page): Promise<string> {
    const uri = page.locator('[data-upi-uri]');
    await expect.poll(() => uri.textContent(), { timeout: 10_000 }).toMatch(/^upi:\/\/pay\?/);
    return (await uri.textContent()) ?? '';
  }

  async function expectTipLanded(creator: { token: string }, name: string, amountPaise: number) {
    const landed = async () => {
      const { tips } = await getJson<{ tips: Tip[] }>(baseUrl, '/creator/chats', creator.token);
      return tips.filter((t) => t.name === name).map((t) => t.amountPaise);
    };
    await expect.poll(landed, { timeout: 20_000 }).toEqual([amountPaise]);
  }

  it('on a phone, UPI is a list of UPI apps; the chosen app approves and the tip lands', async () => {
    const creator = await createCreator(baseUrl);
    const context = await newPhoneContext(browser(), { userAgent: devices['Pixel 7'].userAgent });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const dialog = await openGuestCheckout(page, creator.handle, 'Phone Guest', '149');

    expect(await dialog.locator('[data-upi-flow]').getAttribute('data-upi-flow')).toBe('intent');
    const apps = dialog.getByRole('list', { name: 'UPI apps' }).getByRole('button');
    expect(await apps.allTextContents()).toEqual(['Google Pay', 'PhonePe', 'Paytm', 'BHIM']);
    // Payer-initiated only: no QR code on a phone, no UPI ID to type (a collect request).
    expect(await dialog.getByRole('img', { name: 'UPI QR code' }).count()).toBe(0);
    expect(await dialog.getByLabel('UPI ID').count()).toBe(0);
    const intent = new URL(await shownUpiUri(page));
    expect(Object.fromEntries(intent.searchParams)).toMatchObject({
      am: '149.00',
      cu: 'INR',
      pn: 'Shabaash',
    });
    expect(intent.searchParams.get('pa')).toMatch(/^[\w.-]+@[\w]+$/);
    expect(intent.searchParams.get('tr')).toMatch(/^order_/);

    const pay = dialog.getByRole('button', { name: /^Pay ₹149\.00$/ });
    expect(await pay.isVisible()).toBe(false); // nothing to approve before an app opens
    await apps.filter({ hasText: 'PhonePe' }).click();
    expect(await dialog.textContent()).toContain('PhonePe (sandbox UPI app) asks you to approve');
    await pay.click();
    await expect
      .poll(() => page.getByTestId('guest-status').textContent(), { timeout: 20_000 })
      .toContain('Payment received!');
    await expectTipLanded(creator, 'Phone Guest', 14_900);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a desktop, UPI is a QR code of the same kind of link; a phone scans it, approves, and the tip lands', async () => {
    const creator = await createCreator(baseUrl);
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const dialog = await openGuestCheckout(page, creator.handle, 'Desktop Guest', '250');

    expect(await dialog.locator('[data-upi-flow]').getAttribute('data-upi-flow')).toBe('qr');
    expect(await dialog.locator('[data-upi-app]').count()).toBe(0);
    expect(await dialog.getByLabel('UPI ID').count()).toBe(0);
    const uri = await shownUpiUri(page);
    expect(uri).toMatch(/[?&]am=250\.00&cu=INR&tr=order_\w+$/);

    // The QR code as the browser drew it decodes to the order's upi://pay link.
    const qr = dialog.getByRole('img', { name: 'UPI QR code' });
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await decodeQr(qr, 360)).toBe(uri);

    // The sandbox's stand-in for the phone that scanned the code: its approval pays.
    await dialog.getByRole('button', { name: /^Pay ₹250\.00$/ }).click();
    await expect
      .poll(() => page.getByTestId('guest-status').textContent(), { timeout: 20_000 })
      .toContain('Payment received!');
    await expectTipLanded(creator, 'Desktop Guest', 25_000);
    expect(errors).toEqual([]);
    await context.close();
  });
});
