import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { MESSAGES } from '@shabaash/shared';
import { newPhoneContext, trackPageErrors, useBrowser } from './browser.ts';
import {
  emulatorCodes,
  loginInBrowser,
  openMenuIfCollapsed,
  registerInBrowser,
  uniquePhone,
  waitForNewCode,
  waitForStep,
} from './flows.ts';

describe('accounts journey (phone, sandbox OTP from the Auth emulator)', () => {
  const baseUrl = inject('baseUrl');
  const browser = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const user = { name: 'Meera Iyer', phone: uniquePhone(), password: 'first-pass-1' };
  const newPassword = 'second-pass-2';

  beforeAll(async () => {
    context = await newPhoneContext(browser());
    page = await context.newPage();
    errors = trackPageErrors(page);
  });

  it('a new visitor registers with an OTP and lands on /dashboard with their name', async () => {
    await registerInBrowser(page, baseUrl, user);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toContain(user.name);
    expect(errors).toEqual([]);
  });

  it('a viewer typing /creator lands on /dashboard', async () => {
    await page.goto(`${baseUrl}/creator`);
    await page.waitForURL(`${baseUrl}/dashboard`, { timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  it('logs out to /login and logs in again', async () => {
    await openMenuIfCollapsed(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/login`, { timeout: 15_000 });
    // Signed out: the dashboard is guarded again.
    await page.goto(`${baseUrl}/dashboard`);
    await page.waitForURL(`${baseUrl}/login`, { timeout: 15_000 });

    await loginInBrowser(page, baseUrl, user.phone, user.password);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(user.name);
  });

  it('resets the password with an OTP, then only the new password logs in', async () => {
    await openMenuIfCollapsed(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/login`);

    await page.goto(`${baseUrl}/forgot-password`);
    await page.getByLabel('Registered phone number').fill(user.phone);
    const before = (await emulatorCodes(baseUrl, user.phone)).length;
    await waitForStep(
      page,
      () => page.getByRole('button', { name: 'Send OTP' }).click(),
      page.getByLabel('OTP', { exact: true }),
    );
    const code = await waitForNewCode(baseUrl, user.phone, before);
    await page.getByLabel('OTP', { exact: true }).fill(code);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect
      .poll(() => page.getByText(MESSAGES.passwordReset).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.waitForURL(`${baseUrl}/login`, { timeout: 10_000 });

    await page.getByLabel('Phone number').fill(user.phone);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: MESSAGES.invalidCredentials }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');

    await loginInBrowser(page, baseUrl, user.phone, newPassword);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  it('the lead form rejects 12345 and accepts a valid number', async () => {
    const visitor = await (await newPhoneContext(browser())).newPage();
    await visitor.goto(`${baseUrl}/`);
    const phone = visitor.getByLabel('Mobile number');
    await phone.scrollIntoViewIfNeeded();
    await phone.fill('12345');
    await visitor.getByRole('button', { name: 'Notify me' }).click();
    await expect
      .poll(() => visitor.getByText('Enter a valid 10-digit mobile number.').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await phone.fill(uniquePhone());
    await visitor.getByRole('button', { name: 'Notify me' }).click();
    await expect
      .poll(() => visitor.getByText('Thanks! We will text you when new creator drops go live.').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
  });

  it('a creator logs in and lands on /creator (replace navigation)', async () => {
    // The sandbox seeds a demo creator (api/src/sandboxSeed.ts) that `npm start` prints.
    const creatorContext = await newPhoneContext(browser());
    const creatorPage = await creatorContext.newPage();
    await loginInBrowser(creatorPage, baseUrl, '9000000001', 'shabaash-demo');
    expect(new URL(creatorPage.url()).pathname).toBe('/creator');
    await creatorPage.goBack().catch(() => undefined);
    expect(new URL(creatorPage.url()).pathname).not.toBe('/login');
    await creatorContext.close();
  });

  it('a phone number and password typed before the page has hydrated are kept and log in', async () => {
    // Hold the app bundle back so the visitor types into the prerendered HTML, as on a slow phone.
    const slowContext = await newPhoneContext(browser());
    const slowPage = await slowContext.newPage();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await slowPage.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    // Module scripts are deferred: DOMContentLoaded would wait for the held bundle, so only wait for the HTML.
    await slowPage.goto(`${baseUrl}/login`, { waitUntil: 'commit' });
    await slowPage.getByLabel('Phone number').fill('9000000001');
    await slowPage.getByLabel('Password').fill('shabaash-demo');
    const submit = slowPage.getByRole('button', { name: 'Login', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    release();
    await submit.click();
    await slowPage.waitForURL((url) => url.pathname === '/creator', { timeout: 30_000 });
    await slowContext.close();
  });

  it('the theme choice survives a reload', async () => {
    const visitor = await (await newPhoneContext(browser())).newPage();
    await visitor.goto(`${baseUrl}/login`);
    const theme = () => visitor.evaluate(() => document.documentElement.dataset.theme ?? 'light');
    expect(await theme()).toBe('light');
    await visitor.getByRole('button', { name: 'Switch to dark theme' }).first().click();
    expect(await theme()).toBe('dark');
    await visitor.reload();
    await visitor.getByRole('button', { name: 'Switch to light theme' }).first().waitFor();
    expect(await theme()).toBe('dark');
  });
});
