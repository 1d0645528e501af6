import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatPaise, type Wallet } from '@shabaash/shared';
import { launchBrowser, newPhoneContext, trackPageErrors } from './browser.ts';
import {
  createCreator,
  expectTopUpCredited,
  getJson,
  guestTip,
  REGISTER_LABELS,
  registerInBrowser,
  registerViaApi,
  signInContext,
  uniquePhone,
} from './flows.ts';
import { ChatLoaderPage, OverlayPage } from './chat-loader-page.ts';
import { skipWithoutWallet } from './walletMode.ts';

/** The app in Hindi: a browser whose language is Hindi gets every screen in Hindi and `<html lang="hi">`. */
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('the app in Hindi (a hi-IN browser)', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let viewer: Page;
  let errors: string[];
  const user = { name: 'Sunita Verma', phone: uniquePhone(), password: 'hindi-pass-1' };

  beforeAll(async () => {
    browser = await launchBrowser();
    viewer = await (await newPhoneContext(browser, { locale: 'hi-IN' })).newPage();
    errors = trackPageErrors(viewer);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a new visitor registers with an OTP in Hindi and lands on the dashboard in Hindi', async (ctx) => {
    skipWithoutWallet(ctx, 'the balance card');
    await viewer.goto(`${baseUrl}/register`);
    expect(await htmlLang(viewer)).toBe('hi');
    expect(await viewer.getByRole('heading', { level: 1 }).textContent()).toBe('अपना Shabaash अकाउंट बनाएँ');
    await registerInBrowser(viewer, baseUrl, user, REGISTER_LABELS.hi);

    await expect
      .poll(() => viewer.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe(`फिर से स्वागत है, ${user.name}`);
    expect(await htmlLang(viewer)).toBe('hi');
    for (const title of ['wallet बैलेंस', 'टिप भेजें', 'wallet लेन-देन', 'हाल की टिप', 'आपका डेटा']) {
      expect(await viewer.getByRole('heading', { name: title, exact: true }).count()).toBe(1);
    }
    // Money in Indian grouping with two decimals.
    await expect
      .poll(() => viewer.getByTestId('wallet-balance').textContent(), { timeout: 15_000 })
      .toMatch(/^₹[\d,]+\.\d{2}$/);
    expect(await viewer.getByRole('button', { name: 'टिप भेजें' }).isVisible()).toBe(true);
    expect(await viewer.getByText('Wallet balance').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('adds one lakh rupees in Hindi: ₹1,00,000.00 in the order box, the balance and a जमा row', async (ctx) => {
    skipWithoutWallet(ctx, 'add money');
    // Its own viewer (registered as the browser does), so this journey does not hang on the one above.
    const account = { name: 'Arjun Mehta', phone: uniquePhone(), password: 'hindi-pass-2' };
    const { token } = await registerViaApi(baseUrl, account);
    const context = await newPhoneContext(browser, { locale: 'hi-IN' });
    await signInContext(context, baseUrl, token);
    const viewer = await context.newPage();
    const errors = trackPageErrors(viewer);
    const before = await getJson<Wallet>(baseUrl, '/wallet/balance', token);
    await viewer.goto(`${baseUrl}/add-money`);
    expect(await htmlLang(viewer)).toBe('hi');
    expect(await viewer.getByRole('heading', { level: 1 }).textContent()).toBe('पैसे जोड़ें');
    expect(await viewer.getByRole('heading', { name: 'यह कैसे काम करता है' }).isVisible()).toBe(true);
    // A validation message of the shared schema, in Hindi with its value (nothing charged, the amount kept).
    await viewer.getByLabel('रकम (₹)').fill('100001');
    await viewer.getByRole('button', { name: 'पैसे जोड़ें', exact: true }).click();
    await expect
      .poll(() => viewer.getByRole('alert').allTextContents())
      .toContain('ज़्यादा से ज़्यादा रकम ₹1,00,000 है।');
    expect(await viewer.getByLabel('रकम (₹)').inputValue()).toBe('100001');
    await viewer.getByLabel('रकम (₹)').fill('100000');
    await viewer.getByRole('button', { name: 'पैसे जोड़ें', exact: true }).click();

    const dialog = viewer.getByRole('dialog');
    await dialog.waitFor({ timeout: 20_000 });
    const order = viewer.getByRole('region', { name: 'ऑर्डर की जानकारी' });
    expect(await order.textContent()).toContain('₹1,00,000.00');
    await dialog.getByRole('button', { name: /^Pay ₹/ }).click();

    await expect
      .poll(() => viewer.getByRole('status').allTextContents(), { timeout: 20_000 })
      .toContain('पेमेंट हो गया। वेबहुक से पेमेंट की पुष्टि होते ही आपका wallet अपडेट हो जाएगा।');
    const expected = formatPaise(before.balancePaise + 10_000_000);
    await expect
      .poll(() => order.textContent(), { timeout: 20_000 })
      .toContain('मिल गया: पैसे आपके wallet में आ गए हैं।');
    const credit = await expectTopUpCredited(viewer, baseUrl, expected, '+₹1,00,000.00');
    expect(await credit.first().textContent()).toContain('जमा');
    expect(errors).toEqual([]);
  });

  describe('a creator in Hindi', () => {
    let creator: { token: string; handle: string; displayName: string };
    let phone: BrowserContext;
    let loader: ChatLoaderPage;
    let overlayKey: string;
    const guestName = `अतिथि ${Math.floor(Math.random() * 1e6)}`;

    beforeAll(async () => {
      creator = await createCreator(baseUrl);
      ({ overlayKey } = await getJson<{ overlayKey: string }>(baseUrl, '/creator/overlay', creator.token));
      phone = await newPhoneContext(browser, { locale: 'hi-IN' });
      await signInContext(phone, baseUrl, creator.token);
      loader = new ChatLoaderPage(await phone.newPage(), baseUrl);
    });

    it('the Chat Loader in Hindi receives a guest tip live and pushes it to the overlay', async () => {
      const page = loader.page;
      const pageErrors = trackPageErrors(page);
      await page.goto(`${baseUrl}/creator/chat-control`);
      await page.getByRole('heading', { name: 'Chat Loader' }).waitFor();
      expect(await htmlLang(page)).toBe('hi');
      await expect
        .poll(() => page.getByText('आपके फ़िल्टर से कोई चैट मेल नहीं खाती।').isVisible(), { timeout: 15_000 })
        .toBe(true);
      await expect
        .poll(() => page.getByText('लाइव अपडेट से दोबारा जुड़ रहे हैं…').isVisible(), { timeout: 15_000 })
        .toBe(false);

      await guestTip(baseUrl, creator.handle, guestName, 1234.5, 'जय हो!');
      await expect.poll(() => loader.hasRow(guestName), { timeout: 15_000 }).toBe(true);
      expect(await loader.badge(guestName)).toBe('इंतज़ार में');
      expect(await loader.row(guestName).textContent()).toContain('₹1,234.50');
      expect(await page.getByTestId('showing-line').textContent()).toBe('1 चैट दिख रही है (लाइव + कतार में)');

      const overlayPage = await (
        await browser.newContext({ viewport: { width: 1280, height: 720 } })
      ).newPage();
      await overlayPage.goto(`${baseUrl}/overlay?key=${encodeURIComponent(overlayKey)}&display=1`);
      const overlay = new OverlayPage(overlayPage);
      await overlay.card().waitFor();
      await expect.poll(() => loader.presence(), { timeout: 10_000 }).toBe('overlay जुड़ा है');

      await loader.row(guestName).getByRole('button', { name: 'लाइव दिखाएँ' }).click();
      await expect.poll(() => overlay.text(), { timeout: 5000 }).toContain(guestName);
      expect(await overlay.text()).toContain('₹1,234.50');
      await expect.poll(() => loader.badge(guestName)).toBe('अभी लाइव');
      await expect.poll(() => loader.banners(), { timeout: 10_000 }).toContain('सुपरचैट लाइव हो गया');
      expect(await htmlLang(page)).toBe('hi');
      expect(pageErrors).toEqual([]);
    });
  });
});
