import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openObsOverlay } from './browser.ts';
import { chatIdOf, createCreator, getJson, guestTip, pushLive, signInContext } from './flows.ts';

/**
 * The show: a ₹500 tip pushed live shows the orange tier card and the overlay fetches and plays its
 * speech; Skip reading stops it; a test alert (Chat Loader and Overlay Studio) shows a marked card with its speech
 * and leaves no trace in lists, analytics or export. The overlay runs in an OBS-like page (autoplay allowed).
 */
describe('the show on the OBS overlay', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let creator: { token: string; handle: string; displayName: string };
  let overlay: Page;
  let errors: string[];
  let suite: BrowserContext;

  beforeAll(async () => {
    browser = await launchBrowser({ autoplay: true });
    creator = await createCreator(baseUrl);
    const { overlayKey } = await getJson<{ overlayKey: string }>(baseUrl, '/creator/overlay', creator.token);
    ({ overlay, errors } = await openObsOverlay(browser, baseUrl, overlayKey));
    suite = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(suite, baseUrl, creator.token);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const speechEvents = () =>
    overlay.evaluate(() => (window as unknown as { speechEvents: string[] }).speechEvents.slice());
  const card = () => overlay.locator('.ov-card');

  it('a ₹500 tip pushed live shows the orange tier card at once, then plays its speech to the end', async () => {
    const name = `Orange ${Date.now() % 1e6}`;
    await guestTip(baseUrl, creator.handle, name, 500, 'Namaste! Bahut badhiya stream, keep going');
    await pushLive(baseUrl, creator.token, name);
    await expect.poll(() => card().textContent(), { timeout: 10_000 }).toContain(name);
    expect(await card().textContent()).toContain('₹500.00');
    expect(await card().evaluate((el) => getComputedStyle(el).getPropertyValue('--ov-accent').trim())).toBe(
      '#fb8c00',
    );
    expect(await card().evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe('rgb(251, 140, 0)');
    const id = await chatIdOf(baseUrl, creator.token, name);
    await expect.poll(speechEvents, { timeout: 20_000 }).toContain(`play ${id}`);
    await expect.poll(speechEvents, { timeout: 30_000 }).toContain(`ended ${id}`);
    expect(errors).toEqual([]);
  });

  it('Skip reading in the Chat Loader stops the speech on the overlay', async () => {
    const name = `Long ${Date.now() % 1e6}`;
    const long =
      'This is a long message so that the overlay is still reading it when the streamer presses skip reading. '.repeat(
        2,
      );
    await guestTip(baseUrl, creator.handle, name, 200, long.trim());
    const loader = await suite.newPage();
    await loader.goto(`${baseUrl}/creator/chat-control`);
    const skip = loader.getByRole('button', { name: 'Skip reading', exact: true });
    await skip.waitFor({ timeout: 15_000 });
    await pushLive(baseUrl, creator.token, name);
    const id = await chatIdOf(baseUrl, creator.token, name);
    await expect.poll(speechEvents, { timeout: 20_000 }).toContain(`play ${id}`);
    await skip.click();
    await expect.poll(() => overlay.locator('audio.ov-speech').getAttribute('data-state')).toBe('stopped');
    expect(await speechEvents()).not.toContain(`ended ${id}`);
    // The overlay may hear the skip before the Chat Loader has the API's answer: wait for its banner.
    await expect
      .poll(() => loader.getByText('Reading stopped on your overlays.').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await loader.close();
  });

  it('a test alert from the Chat Loader and the Studio shows marked with its speech and leaves no trace', async () => {
    const before = {
      chats: await getJson(baseUrl, '/creator/chats', creator.token),
      analytics: await getJson(baseUrl, '/creator/analytics', creator.token),
      recent: await getJson(baseUrl, '/creator/recent-tips', creator.token),
      csv: await (
        await fetch(`${baseUrl}/api/creator/export.csv`, {
          headers: { authorization: `Bearer ${creator.token}` },
        })
      ).text(),
    };
    const liveName = (await card().locator('.ov-name').textContent()) ?? '';

    const loader = await suite.newPage();
    await loader.goto(`${baseUrl}/creator/chat-control`);
    const rows = loader.getByTestId('chat-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    await loader.getByRole('button', { name: 'Send test alert', exact: true }).click();
    // The banner clears after 4 s: read it first.
    await expect
      .poll(() => loader.getByText('Test alert sent to your overlay. It is not saved anywhere.').isVisible())
      .toBe(true);
    await expect.poll(() => card().getAttribute('class'), { timeout: 10_000 }).toContain('ov-test');
    expect(await card().locator('.ov-test-badge').textContent()).toBe('TEST');
    expect(await card().textContent()).toContain('Test alert');
    expect(await card().textContent()).toContain('₹500.00');
    expect(await card().evaluate((el) => getComputedStyle(el).getPropertyValue('--ov-accent').trim())).toBe(
      '#fb8c00',
    );
    await expect.poll(speechEvents, { timeout: 20_000 }).toContainEqual(expect.stringMatching(/^play test-/));
    // The ₹500 tier's 20 s later the live tip is back; meanwhile nothing appeared anywhere else.
    await expect.poll(() => card().locator('.ov-name').textContent(), { timeout: 30_000 }).toBe(liveName);
    expect(await rows.count()).toBe(2);
    expect(await loader.getByText('Test alert', { exact: true }).count()).toBe(0);
    await loader.close();

    // The Studio's tier preview sends a test alert of the ₹1,000 tier (magenta).
    const studio = await suite.newPage();
    await studio.goto(`${baseUrl}/overlay`);
    await studio.getByRole('button', { name: 'Send test alert (₹1,000+)' }).click();
    await expect.poll(() => card().textContent(), { timeout: 10_000 }).toContain('₹1,000.00');
    expect(await card().evaluate((el) => getComputedStyle(el).getPropertyValue('--ov-accent').trim())).toBe(
      '#d81b60',
    );
    await studio.close();

    expect(await getJson(baseUrl, '/creator/chats', creator.token)).toEqual(before.chats);
    expect(await getJson(baseUrl, '/creator/analytics', creator.token)).toEqual(before.analytics);
    expect(await getJson(baseUrl, '/creator/recent-tips', creator.token)).toEqual(before.recent);
    const csv = await (
      await fetch(`${baseUrl}/api/creator/export.csv`, {
        headers: { authorization: `Bearer ${creator.token}` },
      })
    ).text();
    expect(csv).toBe(before.csv);
    expect(errors).toEqual([]);
  });
});
