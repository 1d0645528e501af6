import { describe, expect, inject, it } from 'vitest';
import { newPhoneContext, trackPageErrors, useBrowser } from './browser.ts';

describe('public shell', () => {
  const baseUrl = inject('baseUrl');
  const browser = useBrowser();

  it('renders the landing route', async () => {
    const page = await (await newPhoneContext(browser())).newPage();
    const errors = trackPageErrors(page);
    const res = await page.goto(`${baseUrl}/`);
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.getByRole('link', { name: 'Get started' }).first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await (await newPhoneContext(browser())).newPage();
    await page.goto(`${baseUrl}/no/such/place`);
    await expect.poll(() => page.getByText('We lost that signal.').isVisible()).toBe(true);
    expect(await page.getByText('Error code: 404_UNMAPPED_ROUTE').isVisible()).toBe(true);
    const home = page.getByRole('link', { name: 'Take me home' });
    expect(await home.getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'Login instead' }).getAttribute('href')).toBe('/login');
  });

  it('serves the API health next to the PWA on one port', async () => {
    const res = await fetch(`${baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', db: 'ok' });
  });
});
