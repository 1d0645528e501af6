import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPhoneContext, trackPageErrors } from './browser.ts';
import { createCreator, registerViaApi, signInContext, uniquePhone } from './flows.ts';
import { ChatLoaderPage } from './chat-loader-page.ts';
import { needsWallet } from './walletMode.ts';

/** A browser context already signed in with `token` (as the app stores a session). */
async function signedIn(browser: Browser, baseUrl: string, token: string): Promise<BrowserContext> {
  const context = await newPhoneContext(browser);
  await signInContext(context, baseUrl, token);
  return context;
}

const walletJourney = needsWallet('a wallet tip and the balance at deletion');

describe('personal data (DPDP): masked phones, data download, account deletion', walletJourney, () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let creator: { token: string; handle: string };
  let viewer: { token: string; phone: string; name: string };
  let creatorPage: Page;
  const chatBodies: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    creator = await createCreator(baseUrl);
    const phone = uniquePhone();
    const name = `Tipper ${phone.slice(-4)}`;
    const { token } = await registerViaApi(baseUrl, { name, phone, password: 'viewer-pass-1' });
    viewer = { token, phone, name };
    const res = await fetch(`${baseUrl}/api/tips/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ amount: 5, message: 'privacy journey', creator: creator.handle }),
    });
    expect(res.status).toBe(200);
    creatorPage = await (await signedIn(browser, baseUrl, creator.token)).newPage();
    creatorPage.on('response', async (response) => {
      if (response.url().includes('/api/creator/')) chatBodies.push(await response.text().catch(() => ''));
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a creator sees only the masked phone number of a tipper', async () => {
    const loader = new ChatLoaderPage(creatorPage, baseUrl);
    await loader.goto();
    await creatorPage.getByText('privacy journey').first().waitFor();
    // A response's body reaches chatBodies a moment after the page has it (response.text() is one more CDP round
    // trip), so the row can be on screen before its body is captured.
    const everything = async () => chatBodies.join('\n') + (await creatorPage.content());
    await expect.poll(everything).toContain(`••••••${viewer.phone.slice(-4)}`);
    expect(await everything()).not.toContain(viewer.phone);
  });

  it('a viewer downloads their data and deletes their account; the creator sees "Deleted user"', async () => {
    const context = await signedIn(browser, baseUrl, viewer.token);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Your data' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
      profile: { phone: string };
      tipsSent: Array<{ message: string }>;
    };
    expect(data.profile.phone).toBe(viewer.phone);
    expect(data.tipsSent.map((t) => t.message)).toContain('privacy journey');
    await page.getByText('Your data was downloaded.').waitFor();

    await page.getByRole('button', { name: 'Delete account' }).click();
    await expect.poll(() => page.getByTestId('delete-balance').textContent()).toContain('₹5.05');
    const confirm = page.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel('I understand, delete my account').check();
    await page.evaluate(() => sessionStorage.setItem('signed-out', '1'));
    await confirm.click();
    await page.waitForURL(`${baseUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    const me = await fetch(`${baseUrl}/api/users/me`, {
      headers: { authorization: `Bearer ${viewer.token}` },
    });
    expect(me.status).toBe(401);

    await creatorPage.reload();
    await creatorPage.getByRole('heading', { name: 'Chat Loader' }).waitFor();
    const row = creatorPage.getByText('Deleted user').first();
    await row.waitFor();
    expect(await creatorPage.content()).toContain('₹5.00');
    expect(await creatorPage.content()).not.toContain(viewer.name);
    expect(errors).toEqual([]);
  });
});
