import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PublicConfig } from '@shabaash/shared';
import { newPhoneContext, trackPageErrors, useBrowser } from './browser.ts';

/**
 * The landing page's claim of tips processed follows LANDING_TIPS_FIGURE (docs/OPERATIONS.md): the SPEC's "2.5M+"
 * by default, the deployment's own rounded count, or nothing. The API's side (the count, its rounding and daily
 * refresh) is api/src/modules/config/config.test.ts; this journey runs the prerendered page against the product's
 * own GET /api/config with only `landingTipsFigure` changed, as a deployment with `count` or `hidden` answers it.
 */
describe('landing claim of tips processed', () => {
  const baseUrl = inject('baseUrl');
  const browser = useBrowser();

  /** The hero's claims as a visitor reads them: "<figure> <what>" for each. */
  function claims(page: Page): Promise<string[]> {
    return page
      .locator('.claims > div')
      .evaluateAll((items) =>
        items.map(
          (item) => `${item.querySelector('dd')?.textContent} ${item.querySelector('dt')?.textContent}`,
        ),
      );
  }

  /** Opens the landing page with GET /api/config's figure replaced (undefined: the product's answer as is). */
  async function openLanding(figure?: string | null): Promise<{ page: Page; errors: string[] }> {
    const context = await newPhoneContext(browser());
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // Every layout shift from the first paint on (the claim is swapped or removed after the config answers).
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shifts += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    if (figure !== undefined)
      await page.route('**/api/config', async (route) => {
        const response = await route.fetch();
        const config = (await response.json()) as PublicConfig;
        await route.fulfill({ response, json: { ...config, landingTipsFigure: figure } });
      });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    return { page, errors };
  }

  const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number }).shifts);

  /** Starts React (a key press) and waits until it owns the page: the theme switch is then React's. */
  async function hydrate(page: Page): Promise<void> {
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => {
      const root = document.getElementById('root');
      return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
    });
  }

  it('shows the SPEC\'s "2.5M+ Tips processed" by default, and keeps it once React has the page', async () => {
    const { page, errors } = await openLanding();
    expect(await claims(page)).toEqual([
      '< 15 s Checkout time',
      'None Code needed for overlays',
      '2.5M+ Tips processed',
    ]);
    await hydrate(page);
    expect(await claims(page)).toContain('2.5M+ Tips processed');
    expect(errors).toEqual([]);
  });

  it("shows the deployment's own rounded count in place of the SPEC's, without moving anything", async () => {
    const { page, errors } = await openLanding('7');
    expect(await claims(page)).toEqual([
      '< 15 s Checkout time',
      'None Code needed for overlays',
      '7 Tips processed',
    ]);
    expect(await layoutShift(page)).toBe(0);
    await hydrate(page);
    expect(await claims(page)).toEqual([
      '< 15 s Checkout time',
      'None Code needed for overlays',
      '7 Tips processed',
    ]);
    expect(errors).toEqual([]);
  });

  it('hidden: no claim of tips processed at all, no empty box, and nothing moves', async () => {
    const { page, errors } = await openLanding(null);
    expect(await claims(page)).toEqual(['< 15 s Checkout time', 'None Code needed for overlays']);
    expect(await page.getByText('Tips processed').count()).toBe(0);
    expect(await page.getByText('2.5M+').count()).toBe(0);
    expect(await layoutShift(page)).toBe(0);
    await hydrate(page);
    expect(await claims(page)).toEqual(['< 15 s Checkout time', 'None Code needed for overlays']);
    expect(errors).toEqual([]);
  });
});
