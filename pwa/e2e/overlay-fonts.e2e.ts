import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, trackPageErrors } from './browser.ts';
import { createCreator, getJson, guestTip, pushLive } from './flows.ts';

interface PlatformFont {
  familyName: string;
  isCustomFont: boolean;
  glyphCount: number;
}

/** The faces Chromium really drew the element's text with (DevTools CSS.getPlatformFontsForNode). */
async function drawnWith(page: Page, selector: string): Promise<PlatformFont[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts as PlatformFont[];
  } finally {
    await cdp.detach();
  }
}

/** [family as the font file names itself (a static cut may say "Montserrat Thin"), custom web font?] of faces that drew glyphs. */
async function drawnFaces(page: Page, selector: string): Promise<Array<[string, boolean]>> {
  const faces = (await drawnWith(page, selector))
    .filter((f) => f.glyphCount > 0)
    .map((f) => `${f.familyName.split(' ')[0] ?? ''}|${f.isCustomFont}`);
  return [...new Set(faces)].map((face) => {
    const [family = '', custom] = face.split('|');
    return [family, custom === 'true'];
  });
}

/**
 * The faces that drew `selector`, read again until they equal `expected`: the overlay redraws its card on every
 * state change (settings, display list, socket welcome), so a node found a moment ago may already be gone.
 */
function expectDrawn(page: Page, selector: string, expected: Array<[string, boolean]>): Promise<void> {
  return expect.poll(() => drawnFaces(page, selector).catch(() => [])).toEqual(expected);
}

/** Families of the document's FontFaces that have loaded. */
function loadedFamilies(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/"/g, '')),
  );
}

/** the overlay's font is self-hosted and really in use, for Latin and Devanagari text. */
describe('overlay fonts are self-hosted and in use', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let creator: { token: string; handle: string };
  let page: Page;
  let errors: string[];
  const hindi = 'बहुत बढ़िया स्ट्रीम भाई';

  beforeAll(async () => {
    browser = await launchBrowser();
    creator = await createCreator(baseUrl);
    const { overlayKey } = await getJson<{ overlayKey: string }>(baseUrl, '/creator/overlay', creator.token);
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    page = await context.newPage();
    errors = trackPageErrors(page);
    const fontRequests: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'font') fontRequests.push(new URL(r.url()).pathname);
    });
    await page.goto(`${baseUrl}/overlay?key=${encodeURIComponent(overlayKey)}&display=1`);
    await page.locator('.ov-card').waitFor();
    (page as unknown as { fontRequests: string[] }).fontRequests = fontRequests;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the default Poppins is loaded from /fonts/ and draws the card, Devanagari included', async () => {
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px Poppins'))).toBe(true);
    await expect.poll(() => loadedFamilies(page)).toContain('Poppins');
    await expect
      .poll(() => page.locator('.ov-card').evaluate((el) => getComputedStyle(el).fontFamily))
      .toMatch(/^Poppins,/);
    const requested = (page as unknown as { fontRequests: string[] }).fontRequests;
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.every((p) => p.startsWith('/fonts/poppins-'))).toBe(true);
    await expectDrawn(page, '.ov-card', [['Poppins', true]]);

    const guest = `Fonts ${Date.now() % 1e6}`;
    await guestTip(baseUrl, creator.handle, guest, 101, hindi);
    await pushLive(baseUrl, creator.token, guest);
    await expect.poll(() => page.locator('.ov-message').textContent(), { timeout: 10_000 }).toBe(hindi);
    await page.evaluate(() => document.fonts.ready);
    await expectDrawn(page, '.ov-message', [['Poppins', true]]);
    await expectDrawn(page, '.ov-amount', [['Poppins', true]]);
    expect(await page.evaluate((text) => document.fonts.check('16px Poppins', text), hindi)).toBe(true);
  });

  it('another offered font (Montserrat) is loaded and drawn; its Hindi falls back to self-hosted Mukta', async () => {
    const settings = await getJson<Record<string, unknown>>(baseUrl, '/creator/overlay', creator.token);
    const res = await fetch(`${baseUrl}/api/creator/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${creator.token}` },
      body: JSON.stringify({
        overlayTheme: settings.overlayTheme,
        font: 'Montserrat',
        color: settings.color,
        sound: settings.sound,
      }),
    });
    expect(res.status).toBe(200);
    await expect
      .poll(() => page.locator('.ov-card').evaluate((el) => getComputedStyle(el).fontFamily), {
        timeout: 10_000,
      })
      .toMatch(/^Montserrat,/);
    await expect.poll(() => loadedFamilies(page)).toContain('Montserrat');
    expect(await page.evaluate(() => document.fonts.check('16px Montserrat'))).toBe(true);
    await page.evaluate(() => document.fonts.ready);
    await expectDrawn(page, '.ov-name', [['Montserrat', true]]);
    // The Devanagari letters come from Mukta, the spaces between words from Montserrat: no system face at all.
    await expectDrawn(page, '.ov-message', [
      ['Mukta', true],
      ['Montserrat', true],
    ]);
    expect(await page.evaluate((text) => document.fonts.check('16px Mukta', text), hindi)).toBe(true);
    expect(errors).toEqual([]);
  });
});
