import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_PATH, launchBrowser, newPhoneContext } from './browser.ts';

/** ISSUE 7 "Must show": the service worker registers, the manifest is valid and Chromium deems the app installable. */

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}
interface Manifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  display?: string;
  theme_color?: string;
  background_color?: string;
  icons?: ManifestIcon[];
  shortcuts?: Array<{ name?: string; url?: string }>;
}

describe('installable PWA', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newPhoneContext(browser)).newPage();
    await page.goto(`${baseUrl}/`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers a service worker that becomes active and controls the page after a reload', async () => {
    const scriptURL = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? null;
    });
    expect(scriptURL).toBe(`${baseUrl}/sw.js`);
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
        },
        { timeout: 15_000 },
      )
      .toBe(`${baseUrl}/sw.js`);
  });

  it('links a complete manifest: names, 192/512 and maskable icons, standalone, start URL, colours, shortcuts', async () => {
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as Manifest;
    expect(manifest.name).toBe('Shabaash');
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const icons = manifest.icons ?? [];
    const any = (size: string) => icons.find((i) => i.sizes === size && (i.purpose ?? 'any').includes('any'));
    expect(any('192x192')).toBeTruthy();
    expect(any('512x512')).toBeTruthy();
    expect(icons.some((i) => i.purpose?.includes('maskable'))).toBe(true);
    for (const icon of icons) {
      const iconRes = await fetch(new URL(icon.src, baseUrl));
      expect(iconRes.status, icon.src).toBe(200);
      expect(iconRes.headers.get('content-type')).toContain('image/png');
    }
    const shortcutUrls = (manifest.shortcuts ?? []).map((s) => s.url);
    expect(shortcutUrls).toEqual(expect.arrayContaining(['/creator/chat-control', '/add-money']));
    // Both themes: a theme-color meta per colour scheme in the page.
    const themeColors = await page.locator('meta[name="theme-color"]').count();
    expect(themeColors).toBeGreaterThanOrEqual(1);
  });

  it('is installable: Page.getInstallabilityErrors over CDP returns no errors', async () => {
    // Chromium never offers installation in incognito, which every browser.newContext() is: use a real profile.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      viewport: { width: 360, height: 780 },
    });
    try {
      const installPage = context.pages()[0] ?? (await context.newPage());
      await installPage.goto(`${baseUrl}/`);
      await installPage.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      const cdp = await installPage.context().newCDPSession(installPage);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: Array<{ errorId: string; errorArguments?: unknown[] }>;
      };
      expect(installabilityErrors).toEqual([]);
      await cdp.detach();
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});
