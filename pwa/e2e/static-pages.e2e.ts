import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SAFETY_MESSAGES } from '@shabaash/shared';
import { newPhoneContext, requestsTo, trackPageErrors, useBrowser } from './browser.ts';
import { GUEST_AGE_CONFIRM, createCreatorWithMinimum } from './flows.ts';
import hindi from '../src/i18n/messages/hi.json';

/**
 * /, /login and /guest-tip arrive as static HTML and load React only when the visitor acts
 * (src/staticPage.ts); the guest page draws its creator and minimum without React (staticGuestTip.ts); every island
 * still works on the first tap.
 */
describe('static public pages: no hydration cost until the visitor acts', () => {
  const baseUrl = inject('baseUrl');
  const browser = useBrowser();

  /** Page errors and console errors (a hydration mismatch logs one). */
  function trackErrors(page: Page): string[] {
    const errors = trackPageErrors(page);
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    return errors;
  }
  /** The requests of the chunks whose names match `pattern`. */
  function chunkRequests(page: Page, pattern: RegExp): string[] {
    const urls: string[] = [];
    page.on('request', (request) => {
      if (pattern.test(request.url())) urls.push(request.url());
    });
    return urls;
  }
  /** The React chunk's requests (react-dom: the bulk of the hydration cost). */
  const reactRequests = (page: Page) => chunkRequests(page, /\/assets\/react-[^/]+\.js$/);
  /** The language catalogue's requests (49 KB in English, 91 KB in Hindi; the static fill's texts come with the page). */
  const catalogueRequests = (page: Page) => chunkRequests(page, /\/assets\/(en|hi)-[^/]+\.js$/);

  it('the landing page loads no React until a tap; the theme switch works on that first tap and React then owns the page', async () => {
    const page = await (await newPhoneContext(browser())).newPage();
    const errors = trackErrors(page);
    const react = reactRequests(page);
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Turn every shabaash into rupees on stream.',
    );
    expect(react).toEqual([]);

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('shabaash.theme'))).toBe('dark');
    // React hydrates and redraws the switch for the theme now chosen.
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(react).toHaveLength(1);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(errors).toEqual([]);
  });

  it('/login: a tap on the menu toggle before React has loaded opens the menu once React has it', async () => {
    const page = await (await newPhoneContext(browser())).newPage();
    const errors = trackErrors(page);
    const react = reactRequests(page);
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    expect(react).toEqual([]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    // Its name changes with its state: once React has replayed the tap it is the Close button.
    const toggle = page.getByRole('button', { name: 'Close menu' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(react).toHaveLength(1);
    expect(
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).isVisible(),
    ).toBe(true);
    expect(errors).toEqual([]);
  });

  it('/guest-tip?c=<handle>: the creator and their minimum show with no React; the form then refuses less and checks out', async () => {
    const creator = await createCreatorWithMinimum(baseUrl, 50);
    const page = await (await newPhoneContext(browser())).newPage();
    const errors = trackErrors(page);
    const react = reactRequests(page);
    const catalogues = catalogueRequests(page);
    const orders = requestsTo(page, '/api/tips/guest/order');
    await page.goto(`${baseUrl}/guest-tip?c=${creator.handle}`, { waitUntil: 'networkidle' });

    expect(await page.getByTestId('guest-creator').textContent()).toBe(`You're tipping @${creator.handle}`);
    expect(await page.getByTestId('guest-creator').locator('strong').textContent()).toBe(
      `@${creator.handle}`,
    );
    const amount = page.getByLabel('Amount (₹)');
    expect(await page.getByTestId('amount-hint').textContent()).toBe('Minimum ₹50.00 for this creator.');
    expect(await amount.getAttribute('min')).toBe('50');
    // Screen readers hear the minimum with the field.
    expect(await amount.evaluate((input) => input.getAttribute('aria-describedby'))).toBe(
      await page.getByTestId('amount-hint').getAttribute('id'),
    );
    expect(await page.evaluate(() => localStorage.getItem('shabaash.creator'))).toBe(creator.handle);
    expect(react).toEqual([]);
    expect(catalogues).toEqual([]);

    // Typing starts React; what was typed stays, and the submit works once it has hydrated.
    await amount.fill('0.50');
    const submit = page.getByRole('button', { name: 'Continue to the payment provider' });
    await submit.click();
    await expect.poll(() => page.getByText(SAFETY_MESSAGES.minimumTip('₹50.00')).isVisible()).toBe(true);
    expect(react).toHaveLength(1);
    expect(catalogues).toHaveLength(1);
    expect(orders).toEqual([]);
    await amount.fill('50');
    await page.getByRole('checkbox', { name: GUEST_AGE_CONFIRM }).check();
    await submit.click();
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Shabaash Superchat' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(orders).toHaveLength(1);
    // Hydration adopted the drawn creator and minimum as they were (a mismatch logs an error and redraws).
    expect(await page.getByTestId('guest-creator').textContent()).toBe(`You're tipping @${creator.handle}`);
    expect(errors).toEqual([]);
  });

  it('/guest-tip in Hindi with no link: the featured creator shows with no React, and hydration keeps it as drawn', async () => {
    const page = await (await newPhoneContext(browser())).newPage();
    const errors = trackErrors(page);
    const react = reactRequests(page);
    const catalogues = catalogueRequests(page);
    await page.goto(`${baseUrl}/guest-tip?lang=hi`, { waitUntil: 'networkidle' });
    const line = page.getByTestId('guest-creator');
    const drawn = await line.innerHTML();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    expect(react).toEqual([]);
    expect(catalogues).toEqual([]);
    // Not the prerendered "finding" line any more: the config has answered.
    expect(drawn).not.toBe(hindi['guestTip.finding']);

    await page.keyboard.press('Tab');
    await expect.poll(() => react.length).toBe(1);
    await expect
      .poll(() => page.getByRole('button', { name: hindi['guestTip.submit'] }).isEnabled(), {
        timeout: 15_000,
      })
      .toBe(true);
    // React's texts beyond the three drawn statically come from the Hindi catalogue, fetched once React started.
    expect(catalogues).toEqual([expect.stringMatching(/\/assets\/hi-[^/]+\.js$/)]);
    expect(await line.innerHTML()).toBe(drawn);
    expect(errors).toEqual([]);
  });
});
