import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CREATOR, INCOMING_TIPS, VIEWER, type FixtureUser } from '@shabaash/mocks';
import { launchBrowser, newPhoneContext, trackPageErrors } from './browser.ts';

const PWA_DIR = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts `vite --mode mocks` exactly as `npm run dev:mocks` does: no API process, no database. */
async function startMockMode(): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const vite = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));
  const proc = spawn(
    process.execPath,
    [vite, '--mode', 'mocks', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    {
      cwd: PWA_DIR,
      env: { ...process.env, SHABAASH_API_URL: 'http://127.0.0.1:9' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  proc.stdout?.setEncoding('utf8');
  let output = '';
  proc.stdout?.on('data', (chunk: string) => (output += chunk));
  proc.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`vite exited: ${output}`);
    try {
      const res = await fetch(url);
      if (res.ok) return { url, proc };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  proc.kill();
  throw new Error(`vite --mode mocks did not start: ${output}`);
}

async function signIn(page: Page, url: string, who: FixtureUser, extra: Record<string, string> = {}) {
  await page.goto(`${url}/`);
  await page.evaluate(
    ({ token, user, extra }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
      for (const [k, v] of Object.entries(extra)) localStorage.setItem(k, v);
    },
    { token: who.token, user: who.user, extra },
  );
}

describe('npm run dev:mocks', () => {
  let browser: Browser;
  let mock: { url: string; proc: ChildProcess };

  beforeAll(async () => {
    mock = await startMockMode();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    mock?.proc.kill();
  });

  it('serves the dashboard from MSW fixtures and mirrors wallet activity into IndexedDB', async () => {
    const page = await (await newPhoneContext(browser)).newPage();
    const errors = trackPageErrors(page);
    await signIn(page, mock.url, VIEWER);
    await page.goto(`${mock.url}/dashboard`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Welcome back, Aarav Sharma' }).isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    await expect
      .poll(() => page.getByText('Tip to Kabir Codes').first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => page.getByText('₹2,147.00').first().isVisible()).toBe(true);
    // The sync layer pulled the same rows into the offline mirror.
    const mirrored = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('shabaash');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const req = open.result.transaction('walletActivity').objectStore('walletActivity').count();
            req.onsuccess = () => resolve(req.result);
          };
        }),
    );
    expect(mirrored).toBe(5);
    expect(errors).toEqual([]);
  });

  it('runs the Chat Loader on fixtures and moves with mocked realtime superchats', async () => {
    const page = await (await newPhoneContext(browser)).newPage();
    const errors = trackPageErrors(page);
    await signIn(page, mock.url, CREATOR, { 'shabaash.mocks.tipEveryMs': '1500' });
    await page.goto(`${mock.url}/creator/chat-control`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Chat Loader' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect
      .poll(() => page.getByText('Chai break le lo, hum wait karenge ☕').first().isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await expect
      .poll(() => page.getByText('आपकी आवाज़ बहुत प्यारी है, एक गाना गा दो please 🎤').first().isVisible())
      .toBe(true);
    const incoming = INCOMING_TIPS[0]?.message ?? '';
    await expect.poll(() => page.getByText(incoming).first().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(errors).toEqual([]);
  });
});
