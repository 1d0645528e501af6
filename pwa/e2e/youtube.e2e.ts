import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPhoneContext, openObsOverlay, requestsTo, trackPageErrors } from './browser.ts';
import { chatIdOf, createCreator, getJson, signInContext } from './flows.ts';

interface YouTubeStatusBody {
  channel: { id: string; title: string } | null;
  live: { state: string } | null;
}

/**
 * Connect YouTube on a phone through the YouTube simulator's consent page (the sandbox's Google), then the
 * channel goes live and a viewer sends a Super Sticker: it waits in the Chat Loader with its badge, YouTube's own
 * amount and its alt text, Show on live puts it on the OBS overlay with the YouTube mark, and the overlay reads the
 * sticker aloud (the server's speech of its alt text). The simulator is told what to do through its controls
 * (`POST /sandbox/youtube/<action>` on its own origin, the one the consent page is served from).
 */
describe('YouTube Super Stickers on the OBS overlay', () => {
  const baseUrl = inject('baseUrl');
  const channelTitle = `Asha Plays ${Date.now() % 1e6}`;
  const viewer = `Meera ${Date.now() % 1e6}`;
  const altText = 'A cat dancing with a lantern';
  let browser: Browser;
  let creator: { token: string; handle: string; displayName: string };
  let phone: BrowserContext;
  let page: Page;
  let errors: string[];
  let overlay: Page;
  let simulator = '';

  /** Tells the simulated YouTube to do something (start a broadcast, send a Super Sticker). */
  async function control<T>(action: string, body: unknown): Promise<T> {
    const res = await fetch(`${simulator}/sandbox/youtube/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`simulator ${action} answered ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  beforeAll(async () => {
    browser = await launchBrowser({ autoplay: true });
    creator = await createCreator(baseUrl);
    phone = await newPhoneContext(browser);
    await signInContext(phone, baseUrl, creator.token);
    page = await phone.newPage();
    errors = trackPageErrors(page);

    const { overlayKey } = await getJson<{ overlayKey: string }>(baseUrl, '/creator/overlay', creator.token);
    ({ overlay } = await openObsOverlay(browser, baseUrl, overlayKey));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('connects YouTube on a phone through the consent page and comes back connected', async () => {
    await page.goto(`${baseUrl}/creator`);
    await page.getByRole('button', { name: 'Connect YouTube', exact: true }).click();
    await page.waitForURL(/\/o\/oauth2\/v2\/auth\?/, { timeout: 15_000 });
    simulator = new URL(page.url()).origin;
    expect(simulator).not.toBe(new URL(baseUrl).origin);
    expect(await page.getByText('View your YouTube account').isVisible()).toBe(true);
    await page.getByLabel('YouTube channel').fill(channelTitle);
    await page.getByRole('button', { name: 'Allow', exact: true }).click();

    await page.waitForURL(/\/creator\/youtube\/callback\?/, { timeout: 15_000 });
    await page.getByText(`YouTube connected: ${channelTitle}`).waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Back to Creator Suite' }).click();
    await page.getByText(`Connected: ${channelTitle}`).waitFor({ timeout: 15_000 });
    await page.getByTestId('youtube-quota').waitFor();
    // The card fits the phone: nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const status = await getJson<YouTubeStatusBody>(baseUrl, '/creator/youtube', creator.token);
    expect(status.channel?.title).toBe(channelTitle);
  });

  it('counts US dollars at the rate set on the phone', async () => {
    await page.getByRole('radio', { name: 'Convert other currencies at my rates' }).check();
    await page.getByRole('button', { name: 'Add a currency' }).click();
    await page.getByLabel('Currency 1').fill('USD');
    await page.getByLabel('Rupees for 1 USD').fill('84.5');
    await page.getByRole('button', { name: 'Save how Super Chats count' }).click();
    await page.getByText('Saved. New Super Chats count this way.').waitFor({ timeout: 10_000 });
    const { settings } = await getJson<{ settings: unknown }>(baseUrl, '/creator/youtube', creator.token);
    expect(settings).toEqual({ countMode: 'convert', rates: { USD: 84.5 } });
  });

  it('a Super Sticker waits in the Chat Loader, goes live on the overlay with its alt text, and is read aloud', async () => {
    const { channel } = await getJson<YouTubeStatusBody>(baseUrl, '/creator/youtube', creator.token);
    const channelId = channel?.id ?? '';
    await control('broadcasts/start', { channelId, title: 'Ranked grind #12' });
    // The follower finds the broadcast and the Creator Suite hears it on the socket (youtube:live).
    await page.getByText('Following the live chat of “Ranked grind #12”.').waitFor({ timeout: 30_000 });

    await page.goto(`${baseUrl}/creator/chat-control`);
    await control('super-stickers', { channelId, author: viewer, amount: 2, currency: 'USD', altText });
    const row = page.getByTestId('chat-row').filter({ hasText: viewer });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getByTestId('youtube-badge').textContent()).toBe('YouTube Super Sticker');
    expect(await row.getByText(`Sticker: ${altText}`).isVisible()).toBe(true);
    const { tips } = await getJson<{
      tips: Array<{ name: string; amount: number; external?: { displayAmount: string; counted: boolean } }>;
    }>(baseUrl, '/creator/chats', creator.token);
    const stored = tips.find((t) => t.name === viewer);
    expect(stored?.external?.counted).toBe(true);
    expect(stored?.amount).toBe(169);
    const displayAmount = stored?.external?.displayAmount ?? '';
    expect(await row.getByTestId('youtube-amount').textContent()).toBe(displayAmount);
    expect(await row.textContent()).not.toContain('₹169.00');

    const id = await chatIdOf(baseUrl, creator.token, viewer);
    const speechRequests = requestsTo(overlay, `/api/overlay/speech/${id}`);
    await row.getByRole('button', { name: 'Show on live', exact: true }).click();
    await row.getByText('Live now').waitFor({ timeout: 15_000 });

    const card = overlay.locator('.ov-card');
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain(viewer);
    expect(await card.locator('.ov-amount').textContent()).toBe(displayAmount);
    expect(await card.locator('.ov-sticker').textContent()).toBe(altText);
    expect(await card.locator('.ov-source').textContent()).toBe('YouTube');
    expect(await card.textContent()).not.toContain('₹');

    const speechEvents = () =>
      overlay.evaluate(() => (window as unknown as { speechEvents: string[] }).speechEvents.slice());
    await expect.poll(speechEvents, { timeout: 20_000 }).toContain(`play ${id}`);
    await expect.poll(speechEvents, { timeout: 30_000 }).toContain(`ended ${id}`);
    expect(speechRequests.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
