import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { MESSAGES } from '@shabaash/shared';
import { launchBrowser, newPhoneContext, requestsTo, trackPageErrors } from './browser.ts';
import { GUEST_AGE_CONFIRM, createCreator, getJson, postJson, registerViaApi, uniquePhone } from './flows.ts';

/**
 * A suspended creator: the OBS overlay open in a real Chromium goes dark with a neutral card within a second of
 * the operator's suspension, and the creator's guest page refuses an order. Reinstated, the overlay comes back.
 */
describe('suspending a creator from /ops', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser({ autoplay: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** An operator (a registered account given the operator role, as `npm run operator:add` does) and its token. */
  async function operatorToken(): Promise<string> {
    const { token, user } = await registerViaApi(baseUrl, {
      name: 'E2E Operator',
      phone: uniquePhone(),
      password: 'operator-pass-1',
    });
    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    try {
      await client.query(`update users set role = 'operator' where id = $1`, [user.id]);
    } finally {
      await client.end();
    }
    return token;
  }

  it('the overlay shows the neutral dark card within 1 s, the guest page refuses an order, and both come back', async () => {
    const creator = await createCreator(baseUrl);
    const me = await getJson<{ user: { id: string } }>(baseUrl, '/users/me', creator.token);
    const operator = await operatorToken();
    const { overlayKey } = await getJson<{ overlayKey: string }>(baseUrl, '/creator/overlay', creator.token);

    const obs = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    // When the dark card first appears (the page's clock; this machine's clock, as the test's).
    await obs.addInitScript(() => {
      new MutationObserver(() => {
        const w = window as unknown as { pausedAt?: number };
        if (w.pausedAt === undefined && document.querySelector('.ov-paused')) w.pausedAt = Date.now();
      }).observe(document, { childList: true, subtree: true });
    });
    const overlay = await obs.newPage();
    const errors = trackPageErrors(overlay);
    const welcomed = new Promise<void>((resolve) => {
      overlay.on('websocket', (ws) =>
        ws.on('framereceived', ({ payload }) => {
          if (String(payload).includes('"welcome"')) resolve();
        }),
      );
    });
    await overlay.goto(`${baseUrl}/overlay?key=${encodeURIComponent(overlayKey)}&display=1`);
    await overlay.locator('.ov-card').waitFor({ timeout: 15_000 });
    await welcomed;
    expect(await overlay.locator('.ov-paused').count()).toBe(0);

    const suspendedAt = Date.now();
    await postJson(
      baseUrl,
      `/ops/creators/${me.user.id}/suspend`,
      { reason: 'Chargebacks under review' },
      operator,
    );
    await overlay.locator('.ov-paused').waitFor({ timeout: 5000 });
    const darkAfterMs =
      (await overlay.evaluate(() => (window as unknown as { pausedAt: number }).pausedAt)) - suspendedAt;
    console.info(`overlay dark ${darkAfterMs} ms after the suspend request was sent`);
    expect(darkAfterMs).toBeLessThan(1000);
    expect(await overlay.locator('.ov-card').textContent()).toBe('This overlay is paused.');

    // The guest page refuses an order with the neutral message; nothing is opened at the payment provider.
    const phone = await newPhoneContext(browser);
    const guest = await phone.newPage();
    const guestErrors = trackPageErrors(guest);
    const orders = requestsTo(guest, '/api/tips/guest/order');
    await guest.goto(`${baseUrl}/guest-tip?c=${creator.handle}`);
    await guest.getByLabel('Amount (₹)').fill('50', { timeout: 15_000 });
    await guest.getByRole('checkbox', { name: GUEST_AGE_CONFIRM }).check();
    await guest.getByRole('button', { name: 'Continue to the payment provider' }).click();
    await expect
      .poll(() => guest.getByText(MESSAGES.creatorSuspended).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(orders).toHaveLength(1);
    expect(await guest.getByRole('dialog', { name: 'Shabaash Superchat' }).count()).toBe(0);

    // Reinstated: the overlay reconnects by itself (backoff, at most ~10 s) and shows the waiting card again.
    await postJson(baseUrl, `/ops/creators/${me.user.id}/unsuspend`, { reason: 'Review cleared' }, operator);
    await expect.poll(() => overlay.locator('.ov-paused').count(), { timeout: 20_000 }).toBe(0);
    expect(await overlay.locator('.ov-card').textContent()).toBe('Waiting for the next superchat...');
    expect(errors).toEqual([]);
    expect(guestErrors).toEqual([]);
  });
});
