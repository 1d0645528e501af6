import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with the flags this offline machine needs. `autoplay` lets pages play audio
 * without a click, as OBS's browser source does (the overlay's speech journeys); `'blocked'` asks a user's click
 * first, as a browser that refuses autoplay does (alert receipts: "no sound").
 */
export async function launchBrowser(options: { autoplay?: boolean | 'blocked' } = {}): Promise<Browser> {
  const autoplay =
    options.autoplay === 'blocked'
      ? ['--autoplay-policy=document-user-activation-required']
      : options.autoplay
        ? ['--autoplay-policy=no-user-gesture-required']
        : [];
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...autoplay,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * A phone-sized context (360×780) unless a viewport is given; `locale` sets the browser's language (hi-IN);
 * `userAgent` replaces Chromium's desktop one (what checkout reads to tell a phone from a desktop).
 */
export async function newPhoneContext(
  browser: Browser,
  options: { width?: number; height?: number; locale?: string; userAgent?: string } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    viewport: { width: options.width ?? 360, height: options.height ?? 780 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
}

/**
 * Fails the test on any uncaught page error, so broken screens do not pass silently, and on a text the bundle
 * shipped uncompiled (Lingui warns on each use in production: dozens per render).
 */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (message) => {
    const [firstLine = ''] = message.text().split('\n');
    if (firstLine.startsWith('Uncompiled message detected')) errors.push(firstLine);
  });
  return errors;
}

/** The URLs of the page's requests whose URL contains `fragment`, collected as they are made. */
export function requestsTo(page: Page, fragment: string): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(fragment)) urls.push(request.url());
  });
  return urls;
}

/**
 * `read` after reloading `page`, for expect.poll: a page shows server state that changed in the background only
 * when it loads again.
 */
export function afterReload<T>(page: Page, read: () => Promise<T>): () => Promise<T> {
  return async () => {
    await page.reload();
    return read();
  };
}

/** One Chromium for the enclosing describe block: launched before its tests, closed after; call it to get it. */
export function useBrowser(): () => Browser {
  let browser: Browser | null = null;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser starts in beforeAll');
    return browser;
  };
}

/** Waits for the service worker to be active and this page to be controlled by it (reloading once if needed). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker || worker.state === 'activated') return;
    await new Promise<void>((resolve) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve();
      });
    });
  });
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await page.evaluate(() => navigator.serviceWorker.controller !== null)) return;
    await page.reload();
  }
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * OBS's browser source: a 1280×720 context showing the creator's overlay in display mode, recording what its speech
 * <audio> did as `window.speechEvents` ("play <tip id>", "ended <tip id>": media events do not bubble, so a
 * capturing listener on the document hears them). Resolves once the overlay has drawn its card, with the overlay's
 * page errors from its first load on.
 */
export async function openObsOverlay(
  browser: Browser,
  baseUrl: string,
  overlayKey: string,
): Promise<{ obs: BrowserContext; overlay: Page; errors: string[] }> {
  const obs = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await obs.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { speechEvents: string[] }).speechEvents = seen;
    for (const type of ['play', 'ended']) {
      document.addEventListener(
        type,
        (event) => {
          const audio = event.target as HTMLAudioElement;
          if (audio.classList?.contains('ov-speech')) seen.push(`${type} ${audio.dataset.tipId ?? ''}`);
        },
        true,
      );
    }
  });
  const overlay = await obs.newPage();
  const errors = trackPageErrors(overlay);
  await overlay.goto(`${baseUrl}/overlay?key=${encodeURIComponent(overlayKey)}&display=1`);
  await overlay.locator('.ov-card').waitFor({ timeout: 15_000 });
  return { obs, overlay, errors };
}
