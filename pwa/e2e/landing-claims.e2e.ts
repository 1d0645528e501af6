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

  /** Where the hero's claims and what follows them stand on screen. */
  function boxes(page: Page): Promise<string[]> {
    return page.locator('.claims > div, .hero-visual').evaluateAll((items) =>
      items.map((item) => {
        const { x, y, width, height } = item.getBoundingClientRect();
        return `${item.querySelector('dt')?.textContent ?? 'visual'} ${x},${y} ${width}x${height}`;
      }),
    );
  }

  /**
   * Opens the landing page with GET /api/config's figure replaced (undefined: the product's answer as is). With a
   * figure, the config's answer is held until the page has painted with its fonts (a slow network), and the boxes
   * of the claims that stay are returned from before it arrived, for the test to compare with after.
   */
  async function openLanding(
    figure?: string | null,
  ): Promise<{ page: Page; errors: string[]; before: string[] }> {
    const context = await newPhoneContext(browser());
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    if (figure !== undefined)
      await page.route('**/api/config', async (route) => {
        const response = await route.fetch();
        const config = (await response.json()) as PublicConfig;
        await held;
        await route.fulfill({ response, json: { ...config, landingTipsFigure: figure } });
      });
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    const before = (await boxes(page)).filter((box) => !box.startsWith('Tips processed'));
    release();
    await page.waitForLoadState('networkidle');
    if (figure === null) await page.waitForSelector('[data-claim="tips"]', { state: 'detached' });
    else if (figure !== undefined)
      await page.waitForFunction(
        (text) => document.querySelector('[data-claim="tips"] dd')?.textContent === text,
        figure,
      );
    return { page, errors, before };
  }

  /** The boxes of the claims that stay and of what follows, without the tips claim's own. */
  const stayed = async (page: Page) => (await boxes(page)).filter((box) => !box.startsWith('Tips processed'));

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
    const { page, errors, before } = await openLanding('7');
    expect(await claims(page)).toEqual([
      '< 15 s Checkout time',
      'None Code needed for overlays',
      '7 Tips processed',
    ]);
    expect(await stayed(page)).toEqual(before);
    await hydrate(page);
    expect(await claims(page)).toEqual([
      '< 15 s Checkout time',
      'None Code needed for overlays',
      '7 Tips processed',
    ]);
    expect(errors).toEqual([]);
  });

  it('hidden: no claim of tips processed at all, no empty box, and nothing moves', async () => {
    const { page, errors, before } = await openLanding(null);
    expect(await claims(page)).toEqual(['< 15 s Checkout time', 'None Code needed for overlays']);
    expect(await page.getByText('Tips processed').count()).toBe(0);
    expect(await page.getByText('2.5M+').count()).toBe(0);
    expect(await stayed(page)).toEqual(before);
    await hydrate(page);
    expect(await claims(page)).toEqual(['< 15 s Checkout time', 'None Code needed for overlays']);
    expect(errors).toEqual([]);
  });
});
