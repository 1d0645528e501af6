import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, newPhoneContext, trackPageErrors } from './browser.ts';
import { createCreator, getJson, guestTip, signInContext } from './flows.ts';
import { ChatLoaderPage, OverlayPage } from './chat-loader-page.ts';

describe('creator journeys: Chat Loader, overlay, settings, presence', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let creator: { token: string; handle: string; displayName: string };
  let overlayKey: string;
  let phone: BrowserContext;
  let desktop: BrowserContext;
  let loader: ChatLoaderPage;
  let errors: string[];
  const guestName = `Guest ${Math.floor(Math.random() * 1e6)}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    creator = await createCreator(baseUrl);
    ({ overlayKey } = await getJson<{ overlayKey: string }>(baseUrl, '/creator/overlay', creator.token));
    phone = await newPhoneContext(browser);
    await signInContext(phone, baseUrl, creator.token);
    desktop = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await phone.newPage();
    errors = trackPageErrors(page);
    loader = new ChatLoaderPage(page, baseUrl);
    await loader.goto();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function openOverlay(): Promise<OverlayPage> {
    const page = await desktop.newPage();
    await page.goto(`${baseUrl}/overlay?key=${encodeURIComponent(overlayKey)}&display=1`);
    const overlay = new OverlayPage(page);
    await overlay.card().waitFor();
    return overlay;
  }

  it('a guest tip arrives in the Chat Loader without a reload', async () => {
    await expect
      .poll(() => loader.page.getByText('No chats match your filters.').isVisible(), { timeout: 15_000 })
      .toBe(true);
    // Let the socket say hello before the tip is paid, so it must arrive live.
    await expect
      .poll(() => loader.page.getByText('Reconnecting to live updates…').isVisible(), { timeout: 15_000 })
      .toBe(false);
    await guestTip(baseUrl, creator.handle, guestName, 149.5, 'Jai ho from e2e!');
    await expect.poll(() => loader.hasRow(guestName), { timeout: 15_000 }).toBe(true);
    expect(await loader.badge(guestName)).toBe('Waiting');
    expect(await loader.row(guestName).textContent()).toContain('₹149.50');
    expect(await loader.page.getByTestId('next-in-queue').textContent()).toContain(guestName);
    expect(await loader.page.getByTestId('showing-line').textContent()).toBe(
      'Showing 1 chat(s) (live + queued)',
    );
  });

  it('presence turns Overlay connected when an overlay opens', async () => {
    expect(await loader.presence()).toBe('Overlay offline');
    const overlay = await openOverlay();
    await expect.poll(() => loader.presence(), { timeout: 10_000 }).toBe('Overlay connected');
    await expect.poll(() => overlay.text()).toBe('Waiting for the next superchat...');
    await overlay.page.close();
    await expect.poll(() => loader.presence(), { timeout: 10_000 }).toBe('Overlay offline');
  });

  it('Show on live reaches an open overlay within 1 s and the badge turns Live now; settings recolour it live; Delete asks and removes it from both', async () => {
    const overlay = await openOverlay();
    await expect.poll(() => loader.presence(), { timeout: 10_000 }).toBe('Overlay connected');

    // Measure in the browsers (same clock): from the click event in the Chat Loader to the card showing the tip.
    await overlay.page.evaluate((name) => {
      const w = window as unknown as { shownAt?: number };
      new MutationObserver(() => {
        if (!w.shownAt && document.querySelector('.ov-card')?.textContent?.includes(name))
          w.shownAt = Date.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, guestName);
    await loader.page.evaluate(() => {
      document.addEventListener(
        'click',
        () => ((window as unknown as { clickedAt?: number }).clickedAt ??= Date.now()),
        true,
      );
    });
    await loader.showOnLive(guestName);
    await expect.poll(() => overlay.text(), { timeout: 1000, interval: 50 }).toContain(guestName);
    const clickedAt = await loader.page.evaluate(
      () => (window as unknown as { clickedAt?: number }).clickedAt ?? 0,
    );
    const shownAt = await overlay.page.evaluate(
      () => (window as unknown as { shownAt?: number }).shownAt ?? Infinity,
    );
    expect(shownAt - clickedAt).toBeGreaterThanOrEqual(0);
    expect(shownAt - clickedAt).toBeLessThan(1000);
    expect(await overlay.text()).toContain('₹149.50');
    expect(await overlay.text()).toContain('Jai ho from e2e!');
    await expect.poll(() => loader.badge(guestName)).toBe('Live now');
    await expect.poll(() => loader.banners(), { timeout: 10_000 }).toContain('Superchat pushed live');

    // The tip's card takes its tier's colour (₹149.50: the ₹100 tier of the defaults, green); the
    // overlay's own colour is the waiting card's. Settings saved in the creator suite reach the overlay at once
    // (overlay:update): the waiting card shows the new colour after the delete below.
    expect(await overlay.accent()).toBe('#43a047');
    const suite = await phone.newPage();
    await suite.goto(`${baseUrl}/creator`);
    const hex = suite.getByLabel('Accent colour hex');
    await expect.poll(() => hex.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await hex.inputValue()).toBe('#ff5c5c');
    await hex.fill('#1e90ff');
    await suite.getByRole('button', { name: 'Save settings' }).click();
    await expect
      .poll(() => suite.getByText('Overlay settings saved').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await suite.close();
    expect(await overlay.accent()).toBe('#43a047');

    const confirmText = await loader.deleteChat(guestName, false);
    expect(confirmText).toBe('Delete this chat permanently? This cannot be undone.');
    expect(await loader.hasRow(guestName)).toBe(true);
    await loader.deleteChat(guestName, true);
    await expect.poll(() => loader.hasRow(guestName), { timeout: 10_000 }).toBe(false);
    // The banner follows the server's answer; the row may change first (realtime).
    await expect.poll(() => loader.banners(), { timeout: 10_000 }).toContain('Chat deleted');
    await expect.poll(() => overlay.text(), { timeout: 5000 }).toBe('Waiting for the next superchat...');
    await expect.poll(() => overlay.accent(), { timeout: 5000 }).toBe('#1e90ff');
    expect(await overlay.borderColor()).toBe('rgb(30, 144, 255)');

    await overlay.page.close();
    await expect.poll(() => loader.presence(), { timeout: 10_000 }).toBe('Overlay offline');
  });

  it('the Chat Loader at 360 px wide has no horizontal scroll', async () => {
    await guestTip(
      baseUrl,
      creator.handle,
      'A very long guest name for the narrow layout',
      2500,
      'x'.repeat(200),
    );
    await guestTip(
      baseUrl,
      creator.handle,
      'Short',
      10,
      'https://example.com/a-very-long-unbroken-link-that-should-wrap-nicely',
    );
    await expect.poll(() => loader.page.getByTestId('chat-row').count(), { timeout: 15_000 }).toBe(2);
    expect(loader.page.viewportSize()?.width).toBe(360);
    expect(await loader.scrollWidth()).toBeLessThanOrEqual(360);
    const small = await loader.page
      .locator('.chat-loader button:visible, .chat-loader a.button:visible')
      .evaluateAll((els) =>
        els.filter((el) => el.getBoundingClientRect().height < 44).map((el) => el.textContent),
      );
    expect(small).toEqual([]);
    expect(errors).toEqual([]);
  });
});
