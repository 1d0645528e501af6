import { describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useBrowser } from './browser.ts';
import { createCreator, registerViaApi, signInContext, uniquePhone } from './flows.ts';
import { operatorSignsIn } from './opsFlows.ts';

/** Every screen a signed-in creator reaches from the app bar (a creator sees every link a viewer does, and more). */
const CREATOR_SCREENS = [
  '/dashboard',
  '/add-money',
  '/creator',
  '/creator/chat-control',
  '/creator/payouts',
  '/overlay',
  '/developers',
];
/** A viewer's screens: the two of the app bar, and the pages linked from them. */
const VIEWER_SCREENS = ['/dashboard', '/add-money', '/developers', '/privacy'];
const WIDTHS = [360, 768, 1080, 1280, 1440];
/** Below this width the app bar's links sit behind the menu toggle (styles/shell.css). */
const MENU_BELOW = 1080;

/**
 * What is wrong with the page's layout at this width: sideways scrolling, an app bar (or console header) item off
 * screen, over the logo or over another item. The console's section tabs scroll sideways by design: only their row
 * must fit.
 */
function layoutFaults(page: Page, width: number): Promise<string[]> {
  return page.evaluate((w) => {
    const faults: string[] = [];
    if (document.documentElement.scrollWidth > w)
      faults.push(`scrolls sideways (${document.documentElement.scrollWidth} px)`);
    const logo = document.querySelector('.navbar-brand')?.getBoundingClientRect();
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 1 && a.right > b.left + 1 && a.top < b.bottom - 1 && a.bottom > b.top + 1;
    const shown: { label: string; box: DOMRect; el: Element }[] = [];
    const items = document.querySelectorAll(
      '.navbar a, .navbar button, .navbar select, .ops-header a, .ops-header button, .ops-nav',
    );
    for (const el of items) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || el.closest('.navbar-brand')) continue; // collapsed menu, or the logo itself
      const label = (el.textContent ?? '').trim() || el.getAttribute('aria-label') || el.tagName;
      if (box.left < 0 || box.right > w)
        faults.push(`${label} off screen (${Math.round(box.left)}–${Math.round(box.right)})`);
      if (logo && overlaps(box, logo)) faults.push(`${label} over the logo`);
      for (const other of shown)
        if (!other.el.contains(el) && !el.contains(other.el) && overlaps(box, other.box))
          faults.push(`${label} over ${other.label}`);
      shown.push({ label, box, el });
    }
    return faults;
  }, width);
}

/** Each screen at each width, with the menu open too where the links sit behind its toggle. */
async function faultsOfScreens(page: Page, baseUrl: string, screens: readonly string[]): Promise<string[]> {
  const faults: string[] = [];
  for (const path of screens) {
    await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
    await page.goto(`${baseUrl}${path}`);
    await page.locator('main h1').first().waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const fault of await layoutFaults(page, width)) faults.push(`${path} at ${width} px: ${fault}`);
      if (width >= MENU_BELOW) continue;
      // By its control, not its name: the same in both languages.
      const toggle = page.locator('.navbar-toggle');
      await toggle.click();
      await page.locator('.navbar-toggle[aria-expanded="true"]').waitFor();
      for (const fault of await layoutFaults(page, width))
        faults.push(`${path} at ${width} px, menu open: ${fault}`);
      await toggle.click();
    }
  }
  return faults;
}

describe('signed-in layout at 360, 768, 1,080, 1,280 and 1,440 px', () => {
  const baseUrl = inject('baseUrl');
  const databaseUrl = inject('databaseUrl');
  const browser = useBrowser();

  async function signedIn(token: string, locale = 'en-IN'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser().newContext({ locale, viewport: { width: WIDTHS[0]!, height: 800 } });
    await signInContext(context, baseUrl, token);
    return { context, page: await context.newPage() };
  }

  it('no creator screen scrolls sideways and no app bar item leaves the screen, covers the logo or another item', async () => {
    const creator = await createCreator(baseUrl);
    const { context, page } = await signedIn(creator.token);
    const faults = await faultsOfScreens(page, baseUrl, CREATOR_SCREENS);
    await context.close();
    expect(faults).toEqual([]);
  });

  it('the same in Hindi, whose link texts are longer', async () => {
    const creator = await createCreator(baseUrl);
    const { context, page } = await signedIn(creator.token, 'hi-IN');
    const faults = await faultsOfScreens(page, baseUrl, CREATOR_SCREENS);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await context.close();
    expect(faults).toEqual([]);
  });

  it('no viewer screen scrolls sideways and no app bar item leaves the screen, covers the logo or another item', async () => {
    const viewer = await registerViaApi(baseUrl, {
      name: 'Layout Viewer',
      phone: uniquePhone(),
      password: 'viewer-pass-1',
    });
    const { context, page } = await signedIn(viewer.token);
    const faults = await faultsOfScreens(page, baseUrl, VIEWER_SCREENS);
    await context.close();
    expect(faults).toEqual([]);
  });

  it('the operator console: no sideways scrolling, its header and its row of section tabs fit every width', async () => {
    const context = await browser().newContext({ viewport: { width: WIDTHS[0]!, height: 800 } });
    const page = await context.newPage();
    await operatorSignsIn(page, { baseUrl, databaseUrl }, 'Layout Ops');
    const faults: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const fault of await layoutFaults(page, width)) faults.push(`/ops at ${width} px: ${fault}`);
    }
    await context.close();
    expect(faults).toEqual([]);
  });
});
