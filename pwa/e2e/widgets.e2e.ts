import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { trackPageErrors, useBrowser } from './browser.ts';
import { createCreator, guestTip, postJson, pushLive, signInContext } from './flows.ts';
import { decodeQr } from './qr.ts';

/**
 * The show's widgets in OBS: each journey copies a widget's link from the Overlay Studio (as a creator
 * does), opens it in a fresh OBS-like page (no session) and checks what the stream would show.
 */
describe('the OBS widgets: goal, QR code and top supporters', () => {
  const baseUrl = inject('baseUrl');
  const browser = useBrowser();
  let creator: { token: string; handle: string; displayName: string };
  let studio: BrowserContext;
  const obsContexts: BrowserContext[] = [];

  beforeAll(async () => {
    creator = await createCreator(baseUrl);
    studio = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(studio, baseUrl, creator.token);
    await studio.addInitScript(() => {
      // Record what the page copies (headless Chromium has no clipboard to read back).
      const copied: string[] = [];
      (window as unknown as { copied: string[] }).copied = copied;
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: (text: string) => (copied.push(text), Promise.resolve()) },
      });
    });
  });

  afterAll(async () => {
    for (const context of obsContexts) await context.close();
    await studio?.close();
  });

  /** The Overlay Studio, signed in, with the widget settings loaded. */
  async function openStudio(): Promise<Page> {
    const page = await studio.newPage();
    await page.goto(`${baseUrl}/overlay`);
    await page.getByRole('heading', { name: 'Widgets' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByLabel('Goal title').isEnabled(), { timeout: 15_000 }).toBe(true);
    return page;
  }

  async function saveWidgets(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Save widget settings' }).click();
    await page.getByText('Widget settings saved.').waitFor({ timeout: 15_000 });
  }

  /** Clicks Copy link of one widget's card and answers the link it copied. */
  async function copyWidgetLink(page: Page, name: string): Promise<string> {
    const before = await page.evaluate(() => (window as unknown as { copied: string[] }).copied.length);
    await page.getByRole('article', { name }).getByRole('button', { name: 'Copy link' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { copied: string[] }).copied.length))
      .toBe(before + 1);
    return page.evaluate(() => (window as unknown as { copied: string[] }).copied.at(-1) ?? '');
  }

  /** A fresh OBS browser source (no session, `window.obsstudio`) on `link`. */
  async function openInObs(link: string): Promise<{ page: Page; errors: string[] }> {
    const obs = await browser().newContext({ viewport: { width: 800, height: 600 } });
    obsContexts.push(obs);
    await obs.addInitScript(() => {
      (window as unknown as { obsstudio: object }).obsstudio = { pluginVersion: '30.0.0' };
    });
    const page = await obs.newPage();
    const errors = trackPageErrors(page);
    await page.goto(link);
    return { page, errors };
  }

  async function clickStream(button: 'Start stream' | 'End stream'): Promise<void> {
    const page = await studio.newPage();
    await page.goto(`${baseUrl}/creator/chat-control`);
    const control = page.getByRole('button', { name: button });
    await expect.poll(() => control.isEnabled(), { timeout: 15_000 }).toBe(true);
    await control.click();
    const next = button === 'Start stream' ? 'End stream' : 'Start stream';
    await page.getByRole('button', { name: next }).waitFor({ timeout: 15_000 });
    await page.close();
  }

  it('the goal bar moves when a tip is paid and resets on a new stream', async () => {
    const page = await openStudio();
    await page.getByLabel('Goal title').fill('New mic');
    await page.getByLabel('Goal amount (₹)').fill('1000');
    await saveWidgets(page);
    const link = await copyWidgetLink(page, 'Goal bar');
    expect(link).toMatch(/\/widgets\/goal\?key=[\w-]+$/);
    await clickStream('Start stream');

    const { page: obs, errors } = await openInObs(link);
    const bar = obs.getByRole('progressbar', { name: 'New mic' });
    await bar.waitFor({ timeout: 15_000 });
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('0');
    expect(await obs.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgba(0, 0, 0, 0)',
    );

    await guestTip(baseUrl, creator.handle, 'Goal Fan', 250, 'For the mic!');
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('250');
    expect(await obs.locator('.wg-fill').evaluate((el) => (el as HTMLElement).style.width)).toBe('25%');
    expect(await obs.locator('.wg-goal').textContent()).toContain('₹250.00 of ₹1,000.00');

    await clickStream('End stream');
    expect(await bar.getAttribute('aria-valuenow')).toBe('250'); // an ended stream stays on screen
    await clickStream('Start stream');
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('0');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the QR widget's SVG decodes to the guest link", async () => {
    const page = await openStudio();
    const link = await copyWidgetLink(page, 'QR code for the guest page');
    expect(link).toMatch(/\/widgets\/qr\?key=[\w-]+$/);
    const { page: obs, errors } = await openInObs(link);
    await obs.locator('.wg-qr svg').waitFor({ timeout: 15_000 });
    expect(await obs.locator('img').count()).toBe(0); // drawn here, never a remote image
    expect(await obs.locator('.wg-qr figcaption').textContent()).toBe('Scan to send a superchat');

    // Rasterise the SVG exactly as drawn (image → canvas) and decode the pixels with a QR decoder.
    expect(await decodeQr(obs.locator('.wg-qr svg'), 400)).toBe(`${baseUrl}/guest-tip?c=${creator.handle}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('top supporters reflect three tips, once enabled', async () => {
    const page = await openStudio();
    const link = await copyWidgetLink(page, 'Top supporters');
    const { page: obs, errors } = await openInObs(link);
    const rows = obs.locator('.wg-supporters li');
    // Off until the creator enables it: nothing on stream.
    await obs.waitForTimeout(1500);
    expect(await obs.locator('.wg-supporters').count()).toBe(0);

    // A fresh stream (the goal journey's tip belongs to an earlier one).
    await postJson(baseUrl, '/creator/stream/end', {}, creator.token);
    await postJson(baseUrl, '/creator/stream/start', {}, creator.token);
    await page.getByLabel('Show top supporters').check();
    await page.getByLabel('Rank supporters of').selectOption('stream');
    await saveWidgets(page);
    await obs.getByRole('heading', { name: 'Top supporters this stream' }).waitFor({ timeout: 15_000 });
    expect(await obs.locator('.wg-supporters').textContent()).toContain('Be the first supporter!');

    const stamp = Date.now() % 1e5;
    await guestTip(baseUrl, creator.handle, `Asha ${stamp}`, 100, 'one');
    await guestTip(baseUrl, creator.handle, `Ravi ${stamp}`, 300, 'two');
    await guestTip(baseUrl, creator.handle, `asha ${stamp}`, 120, 'three'); // the same guest, typed differently
    // Queued tips count, but no name reaches the air before the creator puts one of its tips live.
    await expect
      .poll(() => rows.allTextContents(), { timeout: 15_000 })
      .toEqual(['Anonymous₹300.00', 'Anonymous₹220.00']);
    for (const name of [`Asha ${stamp}`, `Ravi ${stamp}`, `asha ${stamp}`])
      await pushLive(baseUrl, creator.token, name);
    await expect
      .poll(() => rows.allTextContents(), { timeout: 15_000 })
      .toEqual([`Ravi ${stamp}₹300.00`, `asha ${stamp}₹220.00`]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
