import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPhoneContext, trackPageErrors } from './browser.ts';
import { createCreator, getJson, guestTip, registerViaApi, signInContext, uniquePhone } from './flows.ts';
import { ChatLoaderPage } from './chat-loader-page.ts';

/** Keys that would tell a moderator about the creator's money or a phone number. */
const MONEY_OR_PHONE_KEY = /amount|paise|fee|earn|payout|gross|phone/i;

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      into.push(key);
      keysOf(inner, into);
    }
  return into;
}

/** What the page received over the network: every API response body and every websocket frame, as text. */
function recordNetwork(page: Page): { bodies: Array<{ url: string; text: string }>; frames: string[] } {
  const bodies: Array<{ url: string; text: string }> = [];
  const frames: string[] = [];
  page.on('response', (response) => {
    if (!response.url().includes('/api/')) return;
    void response
      .text()
      .then((text) => bodies.push({ url: response.url(), text }))
      .catch(() => undefined);
  });
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
  });
  return { bodies, frames };
}

describe('moderators: a creator’s team runs the Chat Loader without seeing the money', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let creator: { token: string; handle: string; displayName: string };
  let creatorContext: BrowserContext;
  let modContext: BrowserContext;
  let creatorPage: Page;
  let modPage: Page;
  let network: ReturnType<typeof recordNetwork>;
  const errors: string[][] = [];
  const modPhone = uniquePhone();
  const modName = `Ravi ${modPhone.slice(-4)}`;
  const guestName = `Guest ${Math.floor(Math.random() * 1e6)}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    creator = await createCreator(baseUrl);
    creatorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await signInContext(creatorContext, baseUrl, creator.token);
    creatorPage = await creatorContext.newPage();
    errors.push(trackPageErrors(creatorPage));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('the creator invites by phone; the moderator signs up, accepts on a phone and pushes a tip live; the creator sees who did', async () => {
    await creatorPage.goto(`${baseUrl}/creator`);
    await creatorPage.getByLabel('Moderator’s phone number').fill(modPhone);
    await creatorPage.getByRole('button', { name: 'Invite moderator' }).click();
    const invited = creatorPage.getByTestId('moderator-item');
    await expect.poll(() => invited.textContent()).toContain('Invited, not yet accepted');
    // The creator never sees the invitee's whole number.
    expect(await creatorPage.locator('.cs-moderators').textContent()).not.toContain(modPhone);

    // The invitee makes an account with that number (OTP sign-up as today) and opens the app on a phone.
    const { token } = await registerViaApi(baseUrl, {
      name: modName,
      phone: modPhone,
      password: 'moderator-pass-1',
    });
    modContext = await newPhoneContext(browser);
    await signInContext(modContext, baseUrl, token);
    // The close code of every socket the app opens, as the page sees it.
    await modContext.addInitScript(() => {
      const closes: number[] = [];
      (window as unknown as { __socketCloses: number[] }).__socketCloses = closes;
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          this.addEventListener('close', (event) => closes.push(event.code));
        }
      };
    });
    modPage = await modContext.newPage();
    errors.push(trackPageErrors(modPage));
    await modPage.goto(`${baseUrl}/dashboard`);
    const invite = modPage.getByTestId('mod-invite');
    await expect.poll(() => invite.textContent()).toContain(creator.displayName);
    await invite.getByRole('button', { name: 'Accept' }).click();
    const open = modPage.getByRole('link', { name: `Open ${creator.displayName}’s Chat Loader` });
    await open.waitFor();

    // From here on, everything the moderator's page receives is recorded.
    network = recordNetwork(modPage);
    await open.click();
    await modPage.getByRole('heading', { name: `Moderating ${creator.displayName}` }).waitFor();
    expect(new URL(modPage.url()).searchParams.get('creator')).toBe(creator.handle);
    await expect.poll(() => modPage.getByText('No chats match your filters.').isVisible()).toBe(true);
    await expect
      .poll(() => network.frames.some((f) => f.includes('"welcome"')), { timeout: 15_000 })
      .toBe(true);

    await guestTip(baseUrl, creator.handle, guestName, 149.5, 'Mods are the best');
    const card = modPage.getByTestId('mod-chat').filter({ hasText: guestName });
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain('Mods are the best');
    await card.getByRole('button', { name: `Show ${guestName}’s chat on live` }).click();
    await expect.poll(() => card.textContent()).toContain(`Pushed live by ${modName}`);

    const loader = new ChatLoaderPage(creatorPage, baseUrl);
    await loader.goto();
    await expect.poll(() => loader.hasRow(guestName), { timeout: 15_000 }).toBe(true);
    expect(await loader.badge(guestName)).toBe('Live now');
    expect(await loader.row(guestName).getByTestId('status-by').textContent()).toBe(
      `Pushed live by ${modName}`,
    );
    // The creator's own view keeps the amount.
    expect(await loader.row(guestName).textContent()).toContain('₹149.50');
  });

  it('the moderator’s screens, API responses and socket frames carry no amount and no phone', async () => {
    // Search, then the tip's frames: all of it went over the recorded network.
    await modPage.getByLabel('Search by name or message').fill('best');
    await modPage.getByTestId('mod-chat').filter({ hasText: guestName }).waitFor();
    await expect.poll(() => network.frames.some((f) => f.includes('moderation:tip'))).toBe(true);
    const responses = network.bodies.filter((b) => b.url.includes('/api/moderation'));
    expect(responses.length).toBeGreaterThan(0);
    // Nothing the page received carries this tip's amount, in rupees or paise.
    for (const text of [...network.bodies.map((b) => b.text), ...network.frames]) {
      expect(text).not.toContain('149.5');
      expect(text).not.toContain('14950');
    }
    // Whatever concerns the moderated creator (their chats, their socket space) has no money or phone field at
    // all. (The app also reads the deployment's default creator's public tips, as any visitor does: not theirs.)
    const creatorId = (await getJson<{ user: { id: string } }>(baseUrl, '/users/me', creator.token)).user.id;
    const aboutCreator = [...network.bodies.map((b) => b.text), ...network.frames].filter(
      (text) => text.includes(creatorId) || text.includes(creator.handle),
    );
    expect(aboutCreator.length).toBeGreaterThan(2);
    for (const text of aboutCreator) {
      expect(
        keysOf(JSON.parse(text)).filter((key) => MONEY_OR_PHONE_KEY.test(key)),
        text.slice(0, 200),
      ).toEqual([]);
    }
    const screen = (await modPage.locator('main').textContent()) ?? '';
    expect(screen).not.toContain('₹');
  });

  it('removing the moderator closes their socket at once and their Chat Loader stops answering', async () => {
    const closesNow = () =>
      modPage.evaluate(() => (window as unknown as { __socketCloses: number[] }).__socketCloses.slice());
    // Earlier closes are the app's own (1005: a screen let go of the socket); the removal's is new.
    const before = (await closesNow()).length;
    await creatorPage.goto(`${baseUrl}/creator`);
    const item = creatorPage.getByTestId('moderator-item').filter({ hasText: modName });
    await item.waitFor();
    creatorPage.once('dialog', (dialog) => void dialog.accept());
    const started = Date.now();
    await item.getByRole('button', { name: `Remove ${modName}` }).click();
    // The moderator's open socket is closed by the server with the removal's code, within a second.
    await expect
      .poll(async () => (await closesNow()).slice(before), { timeout: 5_000, interval: 50 })
      .toContain(4009);
    expect(Date.now() - started).toBeLessThan(3_000);
    await expect.poll(() => creatorPage.getByTestId('moderator-item').count()).toBe(0);
    // Reconnected without that creator: the list is read again and refused.
    await expect
      .poll(() => modPage.getByText('Failed to load chats').isVisible(), { timeout: 15_000 })
      .toBe(true);
  });

  it('no page error on either side', () => {
    for (const list of errors) expect(list).toEqual([]);
  });
});
