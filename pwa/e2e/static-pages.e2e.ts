import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPhoneContext, trackPageErrors, useBrowser } from './browser.ts';

/**
 * Issue 16 item 4: / and /login arrive as static HTML and load React only when the visitor acts (src/staticPage.ts);
 * every island still works on the first tap.
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
  /** The React chunk's requests (react-dom: the bulk of the hydration cost). */
  function reactRequests(page: Page): string[] {
    const urls: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/react-[^/]+\.js$/.test(request.url())) urls.push(request.url());
    });
    return urls;
  }

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
});
