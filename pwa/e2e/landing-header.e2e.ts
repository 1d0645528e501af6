import { describe, expect, inject, it } from 'vitest';
import { newPhoneContext, useBrowser } from './browser.ts';
import { createCreator, getJson, uniquePhone, registerViaApi } from './flows.ts';

/** the landing header at phone widths, and where the app bar's logo goes. */
describe('landing header and logo', () => {
  const baseUrl = inject('baseUrl');
  const browser = useBrowser();

  for (const width of [360, 412]) {
    it(`at ${width} px every header link is on screen with no sideways scrolling`, async () => {
      const page = await (await newPhoneContext(browser(), { width })).newPage();
      await page.goto(`${baseUrl}/`);
      const anchors = page.getByRole('navigation', { name: 'Sections' }).getByRole('link');
      await expect.poll(() => anchors.count()).toBe(4);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const links = page.locator('.landing-header a');
      const offscreen = await links.evaluateAll((els, w) => {
        const out: string[] = [];
        for (const el of els) {
          const box = el.getBoundingClientRect();
          // A link is reachable when it is drawn whole inside the viewport and its own box does not scroll.
          const nav = el.closest('nav');
          const scrolls = nav ? nav.scrollWidth > nav.clientWidth : false;
          if (box.width === 0 || box.left < 0 || box.right > w || scrolls) out.push(el.textContent ?? '');
        }
        return out;
      }, width);
      expect(offscreen).toEqual([]);
      expect(await anchors.allTextContents()).toEqual([
        'Features',
        'How it works',
        'Platform',
        'Guest tipping',
      ]);
    });
  }

  it('the app bar logo goes to /dashboard for a signed-out visitor (then /login) and a viewer, /creator for a creator', async () => {
    const context = await newPhoneContext(browser());
    const page = await context.newPage();
    await page.goto(`${baseUrl}/guest-tip`);
    const logo = page.getByRole('link', { name: 'Shabaash home' });
    await expect.poll(() => logo.getAttribute('href')).toBe('/dashboard');
    await logo.click();
    await page.waitForURL(`${baseUrl}/login`);

    const viewer = await registerViaApi(baseUrl, {
      name: 'Logo Viewer',
      phone: uniquePhone(),
      password: 'logo-pass-1',
    });
    const creator = await createCreator(baseUrl);
    for (const [token, home] of [
      [viewer.token, '/dashboard'],
      [creator.token, '/creator'],
    ] as const) {
      const { user } = await getJson<{ user: unknown }>(baseUrl, '/users/me', token);
      const signedIn = await browser().newContext({ viewport: { width: 1280, height: 800 } });
      await signedIn.addInitScript(
        ({ token, user }) => {
          localStorage.setItem('token', token);
          localStorage.setItem('user', user);
        },
        { token, user: JSON.stringify(user) },
      );
      const p = await signedIn.newPage();
      await p.goto(`${baseUrl}/guest-tip`);
      await expect.poll(() => p.getByRole('link', { name: 'Shabaash home' }).getAttribute('href')).toBe(home);
      await signedIn.close();
    }
    await context.close();
  });
});
