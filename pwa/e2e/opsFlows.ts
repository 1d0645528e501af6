import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newPhoneContext, trackPageErrors } from './browser.ts';
import { emulatorCodes, uniquePhone, waitForNewCode, waitForStep } from './flows.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'ops-journey-1';

/** `npm run operator:add` (the real command) against the running product's database; the password on stdin. */
function addOperatorByCommand(databaseUrl: string, phone: string, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npm',
      ['run', '--silent', 'operator:add', '--', '--phone', phone, '--name', name, '--password-stdin'],
      { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`operator:add exited ${code}: ${out}`)),
    );
    child.stdin.end(`${PASSWORD}\n`);
  });
}

/**
 * An operator made by the real command signs in at /ops: password, then the OTP texted to the phone (read from the
 * Auth emulator). Returns what the command printed and the console's navigation once it shows.
 */
export async function operatorSignsIn(
  page: Page,
  urls: { baseUrl: string; databaseUrl: string },
  name = 'Nisha Ops',
): Promise<{ added: string; nav: Locator }> {
  const phone = uniquePhone();
  const added = await addOperatorByCommand(urls.databaseUrl, phone, name);
  await page.goto(`${urls.baseUrl}/ops`);
  await page.getByRole('heading', { name: 'Operator sign-in' }).waitFor();
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password').fill(PASSWORD);
  const before = (await emulatorCodes(urls.baseUrl, phone)).length;
  await waitForStep(
    page,
    () => page.getByRole('button', { name: 'Send OTP' }).click(),
    page.getByLabel('6-digit code'),
  );
  await page.getByLabel('6-digit code').fill(await waitForNewCode(urls.baseUrl, phone, before));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  const nav = page.getByRole('navigation', { name: 'Console sections' });
  await nav.waitFor({ timeout: 30_000 });
  return { added, nav };
}

/** An operator's phone (390×844) in a browser of its own, its page's errors recorded from the start. */
export async function operatorPhone(): Promise<{ browser: Browser; page: Page; errors: string[] }> {
  const browser = await launchBrowser();
  const context = await newPhoneContext(browser, { width: 390, height: 844 });
  const page = await context.newPage();
  return { browser, page, errors: trackPageErrors(page) };
}
