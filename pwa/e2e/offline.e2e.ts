import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  formatPaise,
  type AuthResponse,
  type Tip,
  type Wallet,
  type WalletTransaction,
} from '@shabaash/shared';
import { launchBrowser, newPhoneContext, waitForServiceWorker } from './browser.ts';
import {
  createCreator,
  getJson,
  guestTip,
  loginInBrowser,
  postUrl,
  registerViaApi,
  signInContext,
  uniquePhone,
} from './flows.ts';
import { ChatLoaderPage, OverlayPage } from './chat-loader-page.ts';
import { needsWallet } from './walletMode.ts';

/**
 * Offline journeys (ISSUE 7): the product as `npm start` serves it with the service worker active; the network is
 * cut with Playwright's offline emulation (context.setOffline), and the outbox replays when it comes back.
 */

const QUEUED = "Queued — will send when you're back online.";
/** The default 1% cashback (CASHBACK_BASIS_POINTS = 100) on the ₹120 tip, credited with the debit. */
const CASHBACK = 120;

const post = <T>(baseUrl: string, path: string, body: unknown, token?: string) =>
  postUrl<T>(`${baseUrl}${path}`, body, token);

/** Tops a wallet up through the sandbox (order, then the simulator's successful payment and webhook). */
async function topUp(baseUrl: string, token: string, amount: number): Promise<void> {
  const before = await getJson<Wallet>(baseUrl, '/wallet/balance', token);
  const { order } = await post<{ order: { id: string } }>(
    baseUrl,
    '/api/wallet/add-money',
    { amount },
    token,
  );
  await post(baseUrl, '/sandbox/payments', { orderId: order.id, outcome: 'success' });
  const deadline = Date.now() + 20_000;
  while (
    (await getJson<Wallet>(baseUrl, '/wallet/balance', token)).balancePaise !==
    before.balancePaise + amount * 100
  ) {
    if (Date.now() > deadline) throw new Error('the top-up was not credited');
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface MirrorRow {
  id: string;
  status?: string;
  pending?: number;
  pendingDelete?: number;
}

/** Reads a table of the page's IndexedDB mirror ('shabaash', Dexie) directly. */
async function readMirror<T = MirrorRow>(page: Page, table: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('shabaash');
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction(name, 'readonly').objectStore(name).getAll();
          request.onsuccess = () => {
            resolve(request.result as T[]);
            db.close();
          };
          request.onerror = () => reject(request.error ?? new Error('getAll failed'));
        };
      }),
    table,
  );
}

async function serverChats(baseUrl: string, token: string): Promise<Tip[]> {
  return (await getJson<{ tips: Tip[] }>(baseUrl, '/creator/chats', token)).tips;
}

const walletJourney = needsWallet('the wallet mirror and outbox');

describe('offline: mirror, outbox and replay in Chromium', walletJourney, () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let creator: { token: string; handle: string; displayName: string };
  let overlayKey: string;
  let creatorContext: BrowserContext;
  let loader: ChatLoaderPage;
  let viewerContext: BrowserContext;
  let viewer: Page;
  let viewerAuth: AuthResponse;
  /** The viewer's balance after the ₹500 top-up (a welcome credit may come on top). */
  let start = 0;
  let debitsBefore = 0;
  const creatorErrors: string[] = [];
  const viewerErrors: string[] = [];
  const tag = Math.floor(Math.random() * 1e6);
  const pushName = `Priya ${tag}`;
  const deleteName = `Rahul ${tag}`;
  const raceName = `Kabir ${tag}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    creator = await createCreator(baseUrl);
    ({ overlayKey } = await getJson<{ overlayKey: string }>(baseUrl, '/creator/overlay', creator.token));
    await guestTip(baseUrl, creator.handle, raceName, 75, 'Race condition wala tip');
    await guestTip(baseUrl, creator.handle, deleteName, 101, 'Please delete me');
    await guestTip(baseUrl, creator.handle, pushName, 251, 'Jai ho, offline bhi!');

    creatorContext = await newPhoneContext(browser);
    await signInContext(creatorContext, baseUrl, creator.token);
    const creatorPage = await creatorContext.newPage();
    creatorPage.on('pageerror', (err) => creatorErrors.push(err.message));
    loader = new ChatLoaderPage(creatorPage, baseUrl);

    const account = { name: 'Ananya Iyer', phone: uniquePhone(), password: 'offline-pass-1' };
    viewerAuth = await registerViaApi(baseUrl, account);
    await topUp(baseUrl, viewerAuth.token, 500);
    start = (await getJson<Wallet>(baseUrl, '/wallet/balance', viewerAuth.token)).balancePaise;
    debitsBefore = (
      await getJson<{ transactions: WalletTransaction[] }>(
        baseUrl,
        '/wallet/transactions?limit=50',
        viewerAuth.token,
      )
    ).transactions.filter((t) => t.type === 'debit').length;
    viewerContext = await newPhoneContext(browser);
    viewer = await viewerContext.newPage();
    viewer.on('pageerror', (err) => viewerErrors.push(err.message));
    await loginInBrowser(viewer, baseUrl, account.phone, account.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('(a) after one online visit, /dashboard and /creator/chat-control reload offline with the mirrored wallet activity and queue', async () => {
    // Online visit: the service worker installs and the mirror fills.
    await viewer.goto(`${baseUrl}/dashboard`);
    await waitForServiceWorker(viewer);
    await expect
      .poll(() => viewer.getByTestId('wallet-balance').textContent(), { timeout: 15_000 })
      .toBe(formatPaise(start));
    const credit = viewer.locator('li[data-type="credit"]', { hasText: '+₹500.00' });
    await expect.poll(() => credit.count(), { timeout: 15_000 }).toBe(1);

    await loader.goto();
    await waitForServiceWorker(loader.page);
    for (const name of [pushName, deleteName, raceName])
      await expect.poll(() => loader.hasRow(name), { timeout: 15_000 }).toBe(true);

    // Offline reloads: everything comes from the precache and IndexedDB.
    await viewerContext.setOffline(true);
    await viewer.reload();
    await expect
      .poll(() => viewer.getByTestId('offline-indicator').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect
      .poll(() => viewer.getByTestId('wallet-balance').textContent(), { timeout: 10_000 })
      .toBe(formatPaise(start));
    await expect.poll(() => credit.count(), { timeout: 10_000 }).toBe(1);
    expect(await viewer.getByTestId('balance-offline').textContent()).toContain('may be out of date');

    await creatorContext.setOffline(true);
    await loader.page.reload();
    await loader.page.getByRole('heading', { name: 'Chat Loader' }).waitFor({ timeout: 10_000 });
    for (const name of [pushName, deleteName, raceName])
      await expect.poll(() => loader.hasRow(name), { timeout: 10_000 }).toBe(true);
    expect(await loader.badge(pushName)).toBe('Waiting');
    expect(await loader.page.getByTestId('offline-indicator').isVisible()).toBe(true);
    expect(await loader.page.getByTestId('showing-line').textContent()).toBe(
      'Showing 3 chat(s) (live + queued)',
    );
  });

  it('(b) a creator offline pushes one tip live and deletes another; after reconnecting the server, the mirror and an open overlay agree with no duplicate', async () => {
    await loader.showOnLive(pushName);
    await expect.poll(() => loader.badge(pushName)).toBe('Live now');
    expect(await loader.row(pushName).getByTestId('pending-mark').textContent()).toBe('Pending sync');
    expect(await loader.banners()).toContain(QUEUED);
    await loader.deleteChat(deleteName);
    await expect.poll(() => loader.hasRow(deleteName)).toBe(false);
    await expect
      .poll(() => loader.page.getByTestId('offline-indicator').textContent())
      .toContain('2 changes will sync when you are back online.');

    // Nothing reached the server while offline.
    const before = await serverChats(baseUrl, creator.token);
    expect(before.find((t) => t.name === pushName)?.status).toBe('unread');
    expect(before.some((t) => t.name === deleteName)).toBe(true);

    // An overlay is open (OBS, online) when the creator's phone reconnects.
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const overlayPage = await desktop.newPage();
    await overlayPage.goto(`${baseUrl}/overlay?key=${encodeURIComponent(overlayKey)}&display=1`);
    const overlay = new OverlayPage(overlayPage);
    await overlay.card().waitFor();
    await expect.poll(() => overlay.text(), { timeout: 10_000 }).toBe('Waiting for the next superchat...');

    await creatorContext.setOffline(false);
    await expect
      .poll(async () => (await readMirror(loader.page, 'outbox')).length, { timeout: 20_000 })
      .toBe(0);
    // The last replayed action's success toast (the toast clears after 4 s).
    await expect.poll(() => loader.banners(), { timeout: 5_000 }).toContain('Chat deleted');

    // Server: pushed live exactly once, the deleted chat gone, the third untouched.
    const after = await serverChats(baseUrl, creator.token);
    expect(after.filter((t) => t.name === pushName).map((t) => t.status)).toEqual(['read']);
    expect(after.some((t) => t.name === deleteName)).toBe(false);
    expect(after.filter((t) => t.name === raceName).map((t) => t.status)).toEqual(['unread']);

    // Mirror: the same rows and statuses, nothing pending.
    const pushed = after.find((t) => t.name === pushName)!;
    const mirror = await readMirror(loader.page, 'chats');
    expect(mirror.filter((c) => c.id === pushed.id).map((c) => [c.status, c.pending ?? 0])).toEqual([
      ['read', 0],
    ]);
    expect(mirror.map((c) => c.id).sort()).toEqual(after.map((t) => t.id).sort());

    // Screen: settled toast, no pending marks, the deleted chat stays gone.
    await expect.poll(() => loader.row(pushName).getByTestId('pending-mark').count()).toBe(0);
    expect(await loader.badge(pushName)).toBe('Live now');
    expect(await loader.hasRow(deleteName)).toBe(false);

    // Overlay: shows the pushed tip once, never the deleted one.
    await expect.poll(() => overlay.text(), { timeout: 10_000 }).toContain(pushName);
    expect(await overlay.card().count()).toBe(1);
    expect((await overlay.text()).split(pushName).length - 1).toBe(1);
    expect(await overlay.text()).not.toContain(deleteName);
    await desktop.close();
  });

  it('(c) a viewer offline sends a tip that is charged exactly once after reconnecting', async () => {
    const form = viewer.getByRole('region', { name: 'Send a tip' });
    await form.getByLabel('Creator', { exact: true }).fill(creator.handle);
    await form.getByLabel('Amount (₹)').fill('120');
    await form.getByLabel(/^Message/).fill('Offline tip, online charge');
    await form.getByRole('button', { name: 'Send tip' }).click();
    await expect.poll(() => form.getByText(QUEUED).isVisible()).toBe(true);
    // Shown at once: a pending debit and the balance net of it, saying it is not charged yet.
    const pendingRow = viewer.locator('li[data-pending="true"]', { hasText: '−₹120.00' });
    await expect.poll(() => pendingRow.count()).toBe(1);
    await expect
      .poll(() => viewer.getByTestId('wallet-balance').textContent())
      .toBe(formatPaise(start - 12_000));
    await expect.poll(() => viewer.getByTestId('balance-pending').textContent()).toContain('₹120.00');
    expect((await getJson<Wallet>(baseUrl, '/wallet/balance', viewerAuth.token)).balancePaise).toBe(start);

    await viewerContext.setOffline(false);
    await expect
      .poll(() => form.getByText('Tip sent successfully!').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => pendingRow.count(), { timeout: 10_000 }).toBe(0);

    // A second offline/online round and a reload must not replay it again.
    await viewerContext.setOffline(true);
    await viewerContext.setOffline(false);
    await viewer.reload();
    await expect
      .poll(() => viewer.getByTestId('wallet-balance').textContent(), { timeout: 15_000 })
      .toBe(formatPaise(start - 12_000 + CASHBACK));
    expect((await getJson<Wallet>(baseUrl, '/wallet/balance', viewerAuth.token)).balancePaise).toBe(
      start - 12_000 + CASHBACK,
    );
    const { transactions } = await getJson<{ transactions: WalletTransaction[] }>(
      baseUrl,
      '/wallet/transactions?limit=50',
      viewerAuth.token,
    );
    const debits = transactions.filter((t) => t.type === 'debit');
    expect(debits).toHaveLength(debitsBefore + 1);
    expect(debits[0]?.amountPaise).toBe(12_000);
    const cashbacks = transactions.filter((t) => t.type === 'credit' && t.amountPaise === CASHBACK);
    expect(cashbacks).toHaveLength(1);
    const tips = await serverChats(baseUrl, creator.token);
    expect(tips.filter((t) => t.message === 'Offline tip, online charge')).toHaveLength(1);
    expect(viewerErrors).toEqual([]);
  });

  it('(d) replays the server refuses are rolled back with a message: a tip above the balance, and pushing live a chat deleted meanwhile', async () => {
    // Viewer: sends more than what is left, offline.
    const left = start - 12_000 + CASHBACK;
    const tooMuch = (left + 10_000) / 100;
    const tooMuchText = formatPaise(tooMuch * 100);
    await viewerContext.setOffline(true);
    const form = viewer.getByRole('region', { name: 'Send a tip' });
    await form.getByLabel('Creator', { exact: true }).fill(creator.handle);
    await form.getByLabel('Amount (₹)').fill(String(tooMuch));
    await form.getByRole('button', { name: 'Send tip' }).click();
    await expect.poll(() => form.getByText(QUEUED).isVisible()).toBe(true);
    const pendingRow = viewer.locator('li[data-pending="true"]', { hasText: `−${tooMuchText}` });
    await expect.poll(() => pendingRow.count()).toBe(1);
    await viewerContext.setOffline(false);
    await expect.poll(() => pendingRow.count(), { timeout: 20_000 }).toBe(0);
    const formAlert = form.getByRole('alert');
    await expect.poll(() => formAlert.textContent(), { timeout: 10_000 }).toContain('Insufficient');
    expect(await formAlert.textContent()).toContain(tooMuchText);
    // The app-wide banner explains it too, until dismissed.
    const notice = viewer.locator('.sync-status__notice', { hasText: tooMuchText });
    await expect.poll(() => notice.count()).toBe(1);
    await expect
      .poll(() => viewer.getByTestId('wallet-balance').textContent(), { timeout: 10_000 })
      .toBe(formatPaise(left));
    expect((await getJson<Wallet>(baseUrl, '/wallet/balance', viewerAuth.token)).balancePaise).toBe(left);

    // Creator: offline pushes a chat live that is deleted online from another device meanwhile.
    await creatorContext.setOffline(true);
    await loader.showOnLive(raceName);
    await expect.poll(() => loader.badge(raceName)).toBe('Live now');
    const race = (await serverChats(baseUrl, creator.token)).find((t) => t.name === raceName)!;
    const res = await fetch(`${baseUrl}/api/creator/chats/${race.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${creator.token}` },
    });
    expect(res.status).toBe(200);
    await creatorContext.setOffline(false);
    await expect
      .poll(async () => (await readMirror(loader.page, 'outbox')).length, { timeout: 20_000 })
      .toBe(0);
    // The explanation stays in the app-wide banner (until dismissed) and in the Chat Loader's banner.
    const explanation = loader.page.locator('.sync-status__notice', { hasText: 'Failed to push live' });
    await expect
      .poll(() => explanation.count(), { timeout: 10_000 })
      .toBe(1)
      .catch(async (error: unknown) => {
        const notices = await loader.page.locator('.sync-status__notice').allTextContents();
        throw new Error(
          `notices: ${JSON.stringify(notices)}; banners: ${JSON.stringify(await loader.banners())}`,
          {
            cause: error,
          },
        );
      });
    await expect
      .poll(() => loader.banners())
      .toContain((await explanation.locator('span').textContent()) ?? '');
    // The chat the server deleted leaves the queue and the mirror (its tombstone arrives with the next pull).
    await expect.poll(() => loader.hasRow(raceName), { timeout: 10_000 }).toBe(false);
    await expect
      .poll(async () => (await readMirror(loader.page, 'chats')).some((c) => c.id === race.id), {
        timeout: 10_000,
      })
      .toBe(false);
    expect(creatorErrors).toEqual([]);
  });
});
