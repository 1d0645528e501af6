import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPhoneContext, useBrowser } from './browser.ts';
import { createCreator, guestTip, pushLive, registerViaApi, signInContext, uniquePhone } from './flows.ts';

/** The names in the dashboard's recent tip activity, top first. */
function recentNames(page: Page): Promise<string[]> {
  return page.getByRole('region', { name: 'Recent tip activity' }).locator('.tip-name').allTextContents();
}

describe("the viewer dashboard's live recent tip activity", () => {
  const baseUrl = inject('baseUrl');
  const browser = useBrowser();

  it("shows other people's tips within 2 s of the creator pushing them live, newest first, each once, without a reload", async () => {
    const creator = await createCreator(baseUrl);
    const viewer = await registerViaApi(baseUrl, {
      name: 'Dashboard Viewer',
      phone: uniquePhone(),
      password: 'viewer-pass-1',
    });
    const context = await newPhoneContext(browser());
    await signInContext(context, baseUrl, viewer.token);
    // The creator's link brought this viewer (?c=<handle>): the dashboard follows that creator.
    await context.addInitScript((handle) => localStorage.setItem('shabaash.creator', handle), creator.handle);
    const page = await context.newPage();
    const welcomed = new Promise<void>((resolve) => {
      page.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          if (String(payload).includes('"welcome"')) resolve();
        }),
      );
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByText('No tips yet. Be the first to send a message of support!').waitFor();
    await welcomed;

    // Another viewer's guest tip waits for the creator: nothing shows until it is pushed live.
    await guestTip(baseUrl, creator.handle, 'Ananya B', 51, 'GG from B');
    await pushLive(baseUrl, creator.token, 'Ananya B');
    const region = page.getByRole('region', { name: 'Recent tip activity' });
    await region.getByText('GG from B').waitFor({ timeout: 2_000 });
    expect(await region.getByText('₹51.00').count()).toBe(1);

    await guestTip(baseUrl, creator.handle, 'Kabir C', 52, 'second one');
    await pushLive(baseUrl, creator.token, 'Kabir C');
    await region.getByText('second one').waitFor({ timeout: 2_000 });
    await expect.poll(() => recentNames(page)).toEqual(['Kabir C', 'Ananya B']);
    expect(loads).toBe(1);
    await context.close();
  });
});
