import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { User } from '@shabaash/shared';
import { launchBrowser, trackPageErrors } from './browser.ts';
import { createCreator, getJson, guestTip, pushLive } from './flows.ts';

/**
 * every link the product tells a creator to paste into OBS shows the bare overlay there. OBS's
 * browser source defines `window.obsstudio`; each journey copies a link from its screen and opens it in a fresh
 * page that defines it, as OBS does.
 */
describe('the OBS link: each copied overlay link shows the bare overlay in an OBS browser source', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let creator: { token: string; handle: string; displayName: string };
  let suite: BrowserContext;

  beforeAll(async () => {
    browser = await launchBrowser();
    creator = await createCreator(baseUrl);
    const { user } = await getJson<{ user: User }>(baseUrl, '/users/me', creator.token);
    suite = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await suite.addInitScript(
      ({ token, user }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
        // Record what the page copies (headless Chromium has no clipboard to read back).
        const copied: string[] = [];
        (window as unknown as { copied: string[] }).copied = copied;
        Object.defineProperty(navigator, 'clipboard', {
          value: { writeText: (text: string) => (copied.push(text), Promise.resolve()) },
        });
      },
      { token: creator.token, user: JSON.stringify(user) },
    );
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** Opens `path`, clicks the button and answers the text it copied. */
  async function copyFrom(path: string, button: string): Promise<string> {
    const page = await suite.newPage();
    await page.goto(`${baseUrl}${path}`);
    const copy = page.getByRole('button', { name: button, exact: true });
    await expect.poll(() => copy.isEnabled(), { timeout: 15_000 }).toBe(true);
    await copy.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { copied: string[] }).copied.length))
      .toBe(1);
    const text = await page.evaluate(() => (window as unknown as { copied: string[] }).copied[0] ?? '');
    await page.close();
    return text;
  }

  /** A fresh OBS-like page (no session, `window.obsstudio` defined) on `link`. */
  async function openInObs(link: string): Promise<{ page: Page; errors: string[]; obs: BrowserContext }> {
    const obs = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    await obs.addInitScript(() => {
      (window as unknown as { obsstudio: object }).obsstudio = { pluginVersion: '30.0.0' };
    });
    const page = await obs.newPage();
    const errors = trackPageErrors(page);
    await page.goto(link);
    await page.locator('.ov-card').waitFor({ timeout: 15_000 });
    return { page, errors, obs };
  }

  async function expectBareOverlayShowsTip(link: string, guest: string): Promise<void> {
    const { page, errors, obs } = await openInObs(link);
    expect(await page.locator('.ov-card').textContent()).not.toContain(guest);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(0, 255, 0)');
    expect(await page.locator('nav, header, button, a').count()).toBe(0);
    expect(await page.getByText('Overlay Studio').count()).toBe(0);
    await guestTip(baseUrl, creator.handle, guest, 51, `Live from ${guest}`);
    await pushLive(baseUrl, creator.token, guest);
    await expect.poll(() => page.locator('.ov-card').textContent(), { timeout: 10_000 }).toContain(guest);
    expect(await page.locator('.ov-card').textContent()).toContain('₹51.00');
    expect(errors).toEqual([]);
    await obs.close();
  }

  it('Creator Suite "Copy overlay link"', async () => {
    const link = await copyFrom('/creator', 'Copy overlay link');
    expect(link).toMatch(/\/overlay\?key=[^&]+&display=1$/);
    await expectBareOverlayShowsTip(link, `Suite ${Date.now() % 1e6}`);
  });

  it('Chat Loader Quick tools "Copy overlay link"', async () => {
    const link = await copyFrom('/creator/chat-control', 'Copy overlay link');
    expect(link).toMatch(/\/overlay\?key=[^&]+&display=1$/);
    await expectBareOverlayShowsTip(link, `Loader ${Date.now() % 1e6}`);
  });

  it('Overlay Studio "Copy Link", and its checklist says which link goes into OBS', async () => {
    const link = await copyFrom('/overlay', 'Copy Link');
    expect(link).toMatch(/\/overlay\?key=[^&]+&display=1$/);
    await expectBareOverlayShowsTip(link, `Studio ${Date.now() % 1e6}`);
    const studio = await suite.newPage();
    await studio.goto(`${baseUrl}/overlay`);
    await expect
      .poll(() => studio.locator('.os-checklist').textContent(), { timeout: 15_000 })
      .toContain('use Copy Link below');
    await studio.close();
  });

  it('an old link without display=1 is the bare overlay in OBS and still the Overlay Studio in a browser', async () => {
    const { overlayKey } = await getJson<{ overlayKey: string }>(baseUrl, '/creator/overlay', creator.token);
    const bareLink = `${baseUrl}/overlay?key=${encodeURIComponent(overlayKey)}`;
    await expectBareOverlayShowsTip(bareLink, `Old ${Date.now() % 1e6}`);
    const plain = await browser.newContext();
    const page = await plain.newPage();
    await page.goto(bareLink);
    await page.getByRole('heading', { name: 'Overlay Studio' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'Copy Link' }).isVisible()).toBe(true);
    await plain.close();
  });
});
