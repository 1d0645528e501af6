import { describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import type { Page } from 'playwright-core';
import type { Tip } from '@shabaash/shared';
import { newPhoneContext, trackPageErrors, useBrowser, waitForServiceWorker } from './browser.ts';
import { createCreator, getJson } from './flows.ts';
import hi from '../src/i18n/messages/hi.json';

/** the public pages in Hindi, chosen by the browser's language, the switch or ?lang=hi. */
describe('हिंदी: the public pages in Hindi', () => {
  const baseUrl = inject('baseUrl');
  const browser = useBrowser();

  /** Console errors too: a hydration mismatch (prerendered HTML in one language, render in another) logs one. */
  function trackConsoleErrors(page: Page): string[] {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    return errors;
  }

  it('a Hindi browser tips as a guest: Hindi page and checkout, lang="hi", the creator receives the tip', async () => {
    const creator = await createCreator(baseUrl);
    const message = `शाबाश e2e ${Date.now()}`;
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`);
    const received: Tip[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => socket.send(JSON.stringify({ type: 'hello', token: creator.token })));
      socket.on('message', (raw) => {
        const msg = JSON.parse(String(raw)) as { type: string; data?: Tip };
        if (msg.type === 'welcome') resolve();
        if (msg.type === 'tip:new' && msg.data) received.push(msg.data);
      });
    });

    const guest = await (await newPhoneContext(browser(), { locale: 'hi-IN' })).newPage();
    const errors = trackPageErrors(guest);
    // A first visit with no stored choice follows the browser: the server already sends the Hindi page.
    const response = await guest.goto(`${baseUrl}/guest-tip`);
    expect(await response?.text()).toContain('<html lang="hi" data-page-lang="hi"');
    expect(await guest.locator('html').getAttribute('lang')).toBe('hi');
    await guest.goto(`${baseUrl}/guest-tip?c=${creator.handle}`);
    await expect
      .poll(() => guest.getByRole('heading', { level: 1 }).textContent())
      .toBe(hi['guestTip.heading']);
    expect(await guest.locator('html').getAttribute('lang')).toBe('hi');
    // The heading is in the prerendered page; the creator arrives after hydration and a fetch ("Finding the creator…").
    await expect.poll(() => guest.getByTestId('guest-creator').textContent()).toContain(`@${creator.handle}`);
    expect(await guest.getByTestId('guest-status').textContent()).toBe(hi['msg.guestInitialStatus']);
    expect(await guest.getByRole('link', { name: 'हिंदी' }).getAttribute('aria-current')).toBe('true');

    await guest.getByLabel(/^नाम/).fill('गेस्ट कबीर');
    await guest.getByLabel(hi['tip.amountLabel']).fill('99');
    await guest.getByLabel(/^मैसेज/).fill(message);
    await guest.getByRole('checkbox', { name: hi['guestTip.ageConfirm'] }).check();
    await guest.getByRole('button', { name: hi['guestTip.submit'] }).click();

    // Our texts in the provider's dialog are Hindi too (the checkout title and description).
    const dialog = guest.getByRole('dialog', { name: hi['checkout.title'] });
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.textContent()).toContain(hi['checkout.description']);
    await dialog.getByRole('button', { name: /^Pay ₹99\.00$/ }).click();
    await expect
      .poll(() => guest.getByTestId('guest-status').textContent(), { timeout: 20_000 })
      .toBe(hi['msg.guestPaymentReceived']);

    const matches = (tips: Tip[]) => tips.filter((t) => t.message === message && t.amountPaise === 9900);
    await expect.poll(() => matches(received).length, { timeout: 20_000 }).toBe(1);
    const chats = await getJson<{ tips: Tip[] }>(baseUrl, '/creator/chats', creator.token);
    expect(matches(chats.tips)[0]).toMatchObject({ status: 'unread', name: 'गेस्ट कबीर' });
    socket.close();
    expect(errors).toEqual([]);
  });

  it('the switch turns the landing page Hindi, remembers it across loads, and switches back to English', async () => {
    const page = await (await newPhoneContext(browser(), { width: 1280, height: 800 })).newPage();
    const errors = trackPageErrors(page);
    const consoleErrors = trackConsoleErrors(page);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en-IN');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Turn every shabaash into rupees on stream.',
    );
    await page.getByRole('link', { name: 'हिंदी' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('स्ट्रीम पर हर शाबाश को रुपयों में बदलें।');
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    expect(await page.getByRole('link', { name: hi['nav.login'] }).first().isVisible()).toBe(true);

    // The next load is served in Hindi (the stored choice's cookie) and hydrates without a mismatch.
    const again = await page.goto(`${baseUrl}/login`);
    expect(await again?.text()).toContain('data-lang="hi"');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(hi['login.title']);
    expect(await page.getByLabel(hi['field.phone']).isVisible()).toBe(true);

    await page.getByRole('link', { name: 'English' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome back');
    expect(await page.locator('html').getAttribute('lang')).toBe('en-IN');
    expect(await page.evaluate(() => localStorage.getItem('shabaash.lang'))).toBe('en');
    expect(errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('the service worker answers a Hindi reader with the Hindi page offline and on reload, English after switching', async () => {
    const context = await newPhoneContext(browser());
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const served = async () => ({
      lang: await page.evaluate(() => document.documentElement.lang),
      pageLang: await page.evaluate(() => document.documentElement.dataset.pageLang),
      // The inline script hides a page of the other language (data-relang) until the app re-renders it.
      relang: await page.evaluate(() => document.documentElement.hasAttribute('data-relang')),
      title: await page.title(),
    });
    await page.goto(`${baseUrl}/?lang=hi`);
    await waitForServiceWorker(page);

    // Online, a reload of / comes from the worker's precache: the Hindi file, not the English one re-rendered.
    const reloaded = await page.goto(`${baseUrl}/`);
    expect(reloaded?.fromServiceWorker()).toBe(true);
    expect(await reloaded?.text()).toContain('<html lang="hi" data-page-lang="hi"');
    expect(await served()).toEqual({
      lang: 'hi',
      pageLang: 'hi',
      relang: false,
      title: 'Shabaash — भारतीय लाइव स्ट्रीमर्स के लिए रुपयों में सुपरचैट',
    });

    // Offline: the landing page and the login page are the Hindi files too.
    await context.setOffline(true);
    const offline = await page.goto(`${baseUrl}/`);
    expect(offline?.fromServiceWorker()).toBe(true);
    expect(await served()).toMatchObject({ lang: 'hi', pageLang: 'hi', relang: false });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('स्ट्रीम पर हर शाबाश को रुपयों में बदलें।');
    await page.goto(`${baseUrl}/login`);
    expect(await served()).toMatchObject({ lang: 'hi', pageLang: 'hi', relang: false });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(hi['login.title']);

    // Switching to English (still offline) makes the next load the English file.
    await page.getByRole('link', { name: 'English' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome back');
    await page.goto(`${baseUrl}/`);
    expect(await served()).toMatchObject({ lang: 'en-IN', pageLang: 'en', relang: false });
    await context.setOffline(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('?lang=hi serves the Hindi page and stores the choice; a 404 in Hindi follows it', async () => {
    const page = await (await newPhoneContext(browser())).newPage();
    const errors = trackPageErrors(page);
    const consoleErrors = trackConsoleErrors(page);
    const response = await page.goto(`${baseUrl}/?lang=hi`);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<title>Shabaash — भारतीय लाइव स्ट्रीमर्स के लिए रुपयों में सुपरचैट</title>');
    expect(html).toContain(`<noscript>${hi['meta.noscript']}</noscript>`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('shabaash.lang'))).toBe('hi');
    await page.goto(`${baseUrl}/no/such/page`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(hi['notFound.title']);
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    expect(errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
