import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { CreatorTimer } from '@shabaash/shared';
import { freePort } from '../../api/src/ports.ts';
import { newPhoneContext, trackPageErrors, useBrowser } from './browser.ts';
import { createCreator, getJson, guestTip, signInContext } from './flows.ts';
import { crashProductEnv, startProduct, type RunningProduct } from './product.ts';

/**
 * The subathon timer on stream: the creator starts it from the Chat Loader on a phone, guest tips add time to
 * the OBS widget within a second, the API restarts (and OBS and the phone reload) and the widget shows the same
 * end time, and the countdown ends on the creator's ending text. This journey runs its own product (same port,
 * data dir and secrets across the restart), so the suite's product is never stopped.
 */
describe('the subathon timer widget', () => {
  const browser = useBrowser();
  let env: Record<string, string>;
  let dataDir: string;
  let product: RunningProduct | null = null;
  let baseUrl = '';
  let creator: { token: string; handle: string; displayName: string };
  let overlayKey = '';
  const contexts: BrowserContext[] = [];
  const ENDING = 'GG! Back tomorrow at 8';

  beforeAll(async () => {
    const port = await freePort();
    const crash = await crashProductEnv('timer-e2e', {
      PORT: String(port),
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await freePort()}`,
      JWT_SECRET: 'timer-e2e-secret-timer-e2e-secret-0123456789',
      GUEST_ORDER_LIMIT_PER_IP_PER_MINUTE: '10000',
      WEBHOOK_WORKER: 'off',
    });
    env = crash.env;
    dataDir = crash.dataDir;
    product = await startProduct(env);
    baseUrl = product.url;
    creator = await createCreator(baseUrl);
    ({ overlayKey } = await getJson<{ overlayKey: string }>(baseUrl, '/creator/overlay', creator.token));
    const saved = await fetch(`${baseUrl}/api/creator/timer/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${creator.token}` },
      body: JSON.stringify({
        startMinutes: 1,
        rateMode: 'rupee',
        secondsPerRupee: 1,
        tierSeconds: [],
        capMode: 'none',
        capMinutes: 60,
        countGuestTips: true,
        countWalletTips: true,
        addOn: 'paid',
        endingText: ENDING,
      }),
    });
    expect(saved.status).toBe(200);
  }, 240_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await product?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** The Chat Loader on a phone-sized screen, signed in as the creator. */
  async function openPhone(): Promise<Page> {
    const phone = await newPhoneContext(browser());
    contexts.push(phone);
    await signInContext(phone, baseUrl, creator.token);
    const page = await phone.newPage();
    await page.goto(`${baseUrl}/creator/chat-control`);
    return page;
  }

  /** The widget as an OBS browser source (no session). */
  async function openObs(): Promise<{ page: Page; errors: string[] }> {
    const obs = await browser().newContext({ viewport: { width: 800, height: 400 } });
    contexts.push(obs);
    await obs.addInitScript(() => {
      (window as unknown as { obsstudio: object }).obsstudio = { pluginVersion: '30.0.0' };
    });
    const page = await obs.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${baseUrl}/widgets/timer?key=${encodeURIComponent(overlayKey)}`);
    return { page, errors };
  }

  const card = (page: Page) => page.locator('section.wg-timer');
  const endsAt = (page: Page) =>
    card(page)
      .getAttribute('data-ends-at', { timeout: 1_000 })
      .catch(() => null);
  const timer = () => getJson<CreatorTimer>(baseUrl, '/creator/timer', creator.token);

  let phone: Page;
  let obs: { page: Page; errors: string[] };
  let endBeforeRestart = '';

  it('starts from the phone, and a guest tip adds its time to the widget within a second', async () => {
    phone = await openPhone();
    obs = await openObs();
    await card(obs.page).waitFor({ timeout: 15_000 });
    expect(await card(obs.page).getAttribute('data-status')).toBe('idle');
    expect(await obs.page.getByRole('timer').textContent()).toBe('01:00');

    const start = phone.getByRole('button', { name: 'Start timer' });
    await expect.poll(() => start.isEnabled(), { timeout: 15_000 }).toBe(true);
    await start.click();
    await phone.getByRole('button', { name: 'Pause timer' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => card(obs.page).getAttribute('data-status')).toBe('running');
    const started = (await endsAt(obs.page)) ?? '';
    expect(Date.parse(started)).toBe(Date.parse((await timer()).run.endsAt ?? ''));

    await guestTip(baseUrl, creator.handle, 'Meera', 20, 'more time!');
    // When the API has the added time, the widget must show it within a second.
    await expect.poll(async () => (await timer()).run.addedSeconds, { interval: 25 }).toBe(20);
    const apiHadIt = Date.now();
    await expect
      .poll(async () => Date.parse((await endsAt(obs.page)) ?? ''), { interval: 25, timeout: 5_000 })
      .toBe(Date.parse(started) + 20_000);
    const widgetShowedIt = Date.now() - apiHadIt;
    console.log(`timer widget showed the added time ${widgetShowedIt} ms after the API had it`);
    expect(widgetShowedIt).toBeLessThanOrEqual(1_000);
    // The digits count down from the stored end: about 1:20 minus the seconds that passed.
    const digits = (await obs.page.getByRole('timer').textContent()) ?? '';
    const [m = '0', s = '0'] = digits.split(':');
    const shown = Number(m) * 60 + Number(s);
    expect(shown).toBeGreaterThan(40);
    expect(shown).toBeLessThanOrEqual(80);
    endBeforeRestart = (await endsAt(obs.page)) ?? '';
  }, 90_000);

  it('shows the same end time after the API, OBS and the phone restart', async () => {
    await product?.stop();
    product = await startProduct(env);
    expect(product.url).toBe(baseUrl);
    // The open widget reconnects by itself and reads the stored end again.
    await expect
      .poll(async () => (await timer()).run.endsAt, { timeout: 15_000 })
      .toBe(new Date(endBeforeRestart).toISOString());
    await obs.page.waitForTimeout(1_500);
    expect(await endsAt(obs.page)).toBe(endBeforeRestart);
    // OBS reloads its source, and the phone reloads the Chat Loader: the same end time, still running.
    await obs.page.reload();
    await card(obs.page).waitFor({ timeout: 15_000 });
    expect(await endsAt(obs.page)).toBe(endBeforeRestart);
    await phone.reload();
    await phone.getByRole('button', { name: 'Pause timer' }).waitFor({ timeout: 15_000 });
  }, 200_000);

  it('ends on the creator’s ending text, on the widget and on the phone', async () => {
    const left = Date.parse(endBeforeRestart) - Date.now();
    await obs.page.getByText(ENDING).waitFor({ timeout: left + 10_000 });
    expect(await card(obs.page).getAttribute('data-ended')).toBe('true');
    expect(await obs.page.getByRole('timer').isHidden()).toBe(true);
    // The server's job ends the run (timer.ended); the phone's card says so and offers a new start.
    await expect.poll(async () => (await timer()).run.status, { timeout: 10_000 }).toBe('ended');
    await phone.getByRole('button', { name: 'Start again' }).waitFor({ timeout: 10_000 });
    expect(await phone.getByTestId('timer-status').textContent()).toBe('Ended');
    expect(obs.errors).toEqual([]);
  }, 150_000);
});
