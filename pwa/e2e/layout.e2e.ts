import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './browser.ts';
import { createCreator, signInContext } from './flows.ts';

/** Every screen a signed-in creator reaches from the app bar (a creator sees every link a viewer does, and more). */
const SIGNED_IN_SCREENS = [
  '/dashboard',
  '/add-money',
  '/creator',
  '/creator/chat-control',
  '/creator/payouts',
  '/overlay',
  '/developers',
];
const WIDTHS = [360, 768, 1080, 1280, 1440];

/** What is wrong with the page's layout at this width: sideways scrolling, bar items off screen or over the logo. */
function layoutFaults(page: Page, width: number): Promise<string[]> {
  return page.evaluate((w) => {
    const faults: string[] = [];
    if (document.documentElement.scrollWidth > w)
      faults.push(`scrolls sideways (${document.documentElement.scrollWidth} px)`);
    const logo = document.querySelector('.navbar-brand')?.getBoundingClientRect();
    const items = document.querySelectorAll('.navbar a, .navbar button, .navbar select');
    for (const el of items) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || el.closest('.navbar-brand')) continue; // collapsed menu, or the logo itself
      const label = (el.textContent ?? '').trim() || el.getAttribute('aria-label') || el.tagName;
      if (box.left < 0 || box.right > w)
        faults.push(`${label} off screen (${Math.round(box.left)}–${Math.round(box.right)})`);
      const overLogo =
        logo &&
        box.left < logo.right &&
        box.right > logo.left &&
        box.top < logo.bottom &&
        box.bottom > logo.top;
      if (overLogo) faults.push(`${label} over the logo`);
    }
    return faults;
  }, width);
}

describe('signed-in layout', () => {
  const baseUrl = inject('baseUrl');
  const browser = useBrowser();

  it('at 360, 768, 1,080, 1,280 and 1,440 px no signed-in screen scrolls sideways and no app bar item leaves the screen or covers the logo', async () => {
    const creator = await createCreator(baseUrl);
    const context = await browser().newContext({ viewport: { width: WIDTHS[0]!, height: 800 } });
    await signInContext(context, baseUrl, creator.token);
    const page = await context.newPage();
    const faults: string[] = [];
    for (const path of SIGNED_IN_SCREENS) {
      await page.goto(`${baseUrl}${path}`);
      await page.locator('main h1').first().waitFor();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        for (const fault of await layoutFaults(page, width)) faults.push(`${path} at ${width} px: ${fault}`);
      }
    }
    await context.close();
    expect(faults).toEqual([]);
  });
});
