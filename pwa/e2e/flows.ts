import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { toE164, type AuthResponse, type PublicConfig, type User } from '@shabaash/shared';

/** Page models and API helpers shared by the account and wallet journeys. */

/** A fresh Indian mobile number (10 digits, starts with 9) so each journey owns its users. */
export function uniquePhone(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** GET /api/config of the running product. */
export async function readConfig(baseUrl: string): Promise<PublicConfig> {
  const res = await fetch(`${baseUrl}/api/config`);
  expect(res.status).toBe(200);
  return (await res.json()) as PublicConfig;
}

interface EmulatorCode {
  code: string;
  phoneNumber: string;
}

/** Every code the Auth emulator "sent" to +91 `phone10`, oldest first. */
export async function emulatorCodes(baseUrl: string, phone10: string): Promise<string[]> {
  const config = await readConfig(baseUrl);
  const emulatorUrl = config.firebase.emulatorUrl;
  if (!emulatorUrl)
    throw new Error('GET /api/config has no firebase.emulatorUrl: the product is not in emulator mode');
  const res = await fetch(
    `${emulatorUrl.replace(/\/+$/, '')}/emulator/v1/projects/${encodeURIComponent(config.firebase.projectId)}/verificationCodes`,
  );
  expect(res.status).toBe(200);
  const body = (await res.json()) as { verificationCodes?: EmulatorCode[] };
  return (body.verificationCodes ?? []).filter((c) => c.phoneNumber === toE164(phone10)).map((c) => c.code);
}

/** Waits for the emulator to issue code number `count + 1` for the phone and returns it. */
export async function waitForNewCode(baseUrl: string, phone10: string, count: number): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const codes = await emulatorCodes(baseUrl, phone10);
    const code = codes.at(-1);
    if (codes.length > count && code) return code;
    if (Date.now() > deadline) throw new Error(`the Auth emulator issued no new code for ${phone10}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Opens the mobile menu when the navbar is collapsed (phone viewport), so its links and Logout are visible. */
export async function openMenuIfCollapsed(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
}

/** Runs `action` and waits for the next step of a form; on timeout fails with the form's own error text so the cause is visible. */
export async function waitForStep(
  page: Page,
  action: () => Promise<void>,
  next: ReturnType<Page['getByLabel']>,
): Promise<void> {
  const console: string[] = [];
  const onConsole = (msg: { type(): string; text(): string }) => {
    if (msg.type() === 'error' || msg.type() === 'warning') console.push(msg.text());
  };
  const onFailed = (request: { url(): string; failure(): { errorText: string } | null }) =>
    console.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`);
  page.on('console', onConsole);
  page.on('requestfailed', onFailed);
  try {
    await action();
    await next.waitFor({ timeout: 30_000 });
  } catch (error) {
    const alerts = (await page.getByRole('alert').allTextContents()).filter(Boolean);
    throw new Error(
      `next step did not appear; alerts: ${JSON.stringify(alerts)}; console: ${JSON.stringify(console.slice(-8))}`,
      { cause: error },
    );
  } finally {
    page.off('console', onConsole);
    page.off('requestfailed', onFailed);
  }
}

/** The labels /register shows in each language (English is SPEC's). */
export const REGISTER_LABELS = {
  en: {
    name: 'Full name',
    phone: 'Phone number',
    password: 'Password',
    send: 'Send OTP',
    code: '6-digit code',
    verify: 'Verify and continue',
    dateOfBirth: 'Date of birth',
  },
  hi: {
    name: 'पूरा नाम',
    phone: 'फ़ोन नंबर',
    password: 'पासवर्ड',
    send: 'OTP भेजें',
    code: '6 अंकों का कोड',
    verify: 'वेरिफ़ाई करें और आगे बढ़ें',
    dateOfBirth: 'जन्मतिथि',
  },
} as const;

/** Registers a new viewer through /register (both steps, OTP from the emulator); ends on /dashboard. */
export async function registerInBrowser(
  page: Page,
  baseUrl: string,
  user: { name: string; phone: string; password: string; dateOfBirth?: string },
  labels: (typeof REGISTER_LABELS)[keyof typeof REGISTER_LABELS] = REGISTER_LABELS.en,
): Promise<void> {
  await page.goto(`${baseUrl}/register`);
  await page.getByLabel(labels.name).fill(user.name);
  await page.getByLabel(labels.phone).fill(user.phone);
  await page.getByLabel(labels.password).fill(user.password);
  await page.getByLabel(labels.dateOfBirth).fill(user.dateOfBirth ?? ADULT_DATE_OF_BIRTH);
  const before = (await emulatorCodes(baseUrl, user.phone)).length;
  await waitForStep(
    page,
    () => page.getByRole('button', { name: labels.send }).click(),
    page.getByLabel(labels.code),
  );
  const code = await waitForNewCode(baseUrl, user.phone, before);
  await page.getByLabel(labels.code).fill(code);
  await page.getByRole('button', { name: labels.verify }).click();
  await page.waitForURL(`${baseUrl}/dashboard`, { timeout: 30_000 });
}

/** Logs in through /login; ends on the role's home. */
export async function loginInBrowser(
  page: Page,
  baseUrl: string,
  phone: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password').fill(password);
  try {
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard' || url.pathname === '/creator', {
      timeout: 30_000,
    });
  } catch (error) {
    const alerts = (await page.getByRole('alert').allTextContents()).filter(Boolean);
    throw new Error(`login did not leave ${page.url()}; alerts: ${JSON.stringify(alerts)}`, { cause: error });
  }
}

/** POST `body` as JSON to `/api${path}` (with a bearer token when given), parsed as JSON. */
export async function postJson<T>(baseUrl: string, path: string, body: unknown, token?: string): Promise<T> {
  return postUrl<T>(`${baseUrl}/api${path}`, body, token);
}

/** POST `body` as JSON to `url` (with a bearer token when given); a non-2xx answer throws with its text. */
export async function postUrl<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * Signs +91 `phone10` in on the Auth emulator as the browser SDK does (sendVerificationCode → the emulator's
 * code → signInWithPhoneNumber) and returns the Firebase ID token (same flow as api/test/firebaseEmulator.ts,
 * which this project cannot import across workspaces).
 */
export async function getPhoneIdToken(baseUrl: string, phone10: string): Promise<string> {
  const config = await readConfig(baseUrl);
  if (!config.firebase.emulatorUrl) throw new Error('the product is not in emulator mode');
  const base = `${config.firebase.emulatorUrl.replace(/\/+$/, '')}/identitytoolkit.googleapis.com/v1`;
  const before = (await emulatorCodes(baseUrl, phone10)).length;
  const { sessionInfo } = await postUrl<{ sessionInfo: string }>(
    `${base}/accounts:sendVerificationCode?key=any`,
    {
      phoneNumber: toE164(phone10),
      recaptchaToken: 'ignored',
    },
  );
  const code = await waitForNewCode(baseUrl, phone10, before);
  const { idToken } = await postUrl<{ idToken: string }>(`${base}/accounts:signInWithPhoneNumber?key=any`, {
    sessionInfo,
    code,
  });
  return idToken;
}

/** The guest form's required age line (English). */
export const GUEST_AGE_CONFIRM = 'I am 18 or over, or I have a parent’s permission.';

/** The date of birth journeys' viewers sign up with unless told otherwise: an adult's. */
export const ADULT_DATE_OF_BIRTH = '1990-06-15';

/** Registers a user in Node exactly as the browser does (emulator OTP → ID token → POST /api/auth/register). */
export async function registerViaApi(
  baseUrl: string,
  user: { name: string; phone: string; password: string; dateOfBirth?: string },
): Promise<AuthResponse> {
  const firebaseToken = await getPhoneIdToken(baseUrl, user.phone);
  return postJson<AuthResponse>(baseUrl, '/auth/register', {
    dateOfBirth: ADULT_DATE_OF_BIRTH,
    ...user,
    firebaseToken,
  });
}

/** A new creator (registered through the emulator flow, then POST /api/creator/profile); returns its token and handle. */
export async function createCreator(
  baseUrl: string,
): Promise<{ token: string; handle: string; displayName: string }> {
  const phone = uniquePhone();
  const handle = `e2e-${phone.slice(-7)}`;
  const displayName = `E2E Creator ${phone.slice(-4)}`;
  const { token } = await registerViaApi(baseUrl, { name: displayName, phone, password: 'creator-pass-1' });
  await postJson(baseUrl, '/creator/profile', { handle, displayName }, token);
  return { token, handle, displayName };
}

/** A new creator whose Stream safety asks a minimum tip of `minTipAmount` rupees (PUT /api/creator/safety). */
export async function createCreatorWithMinimum(
  baseUrl: string,
  minTipAmount: number,
): Promise<{ token: string; handle: string; displayName: string }> {
  const creator = await createCreator(baseUrl);
  const put = await fetch(`${baseUrl}/api/creator/safety`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${creator.token}` },
    body: JSON.stringify({ minTipAmount }),
  });
  if (put.status !== 200) throw new Error(`PUT /api/creator/safety answered ${put.status}`);
  return creator;
}

/** GET with a bearer token, parsed as JSON. */
export async function getJson<T>(baseUrl: string, path: string, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A guest superchat paid through the Razorpay simulator: POST /api/tips/guest/order, then the pay action. */
export async function guestTip(
  baseUrl: string,
  handle: string,
  name: string,
  amount: number,
  message: string,
): Promise<void> {
  const orderRes = await fetch(`${baseUrl}/api/tips/guest/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount, message, name, creator: handle, ageConfirmed: true }),
  });
  const orderText = await orderRes.text();
  if (!orderRes.ok) throw new Error(`guest order answered ${orderRes.status}: ${orderText}`);
  const { order } = JSON.parse(orderText) as { order: { id: string } };
  const payRes = await fetch(`${baseUrl}/sandbox/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orderId: order.id, outcome: 'success' }),
  });
  if (!payRes.ok) throw new Error(`sandbox pay answered ${payRes.status}: ${await payRes.text()}`);
}

/** The id of the creator's chat from `name` (GET /creator/chats). */
export async function chatIdOf(baseUrl: string, token: string, name: string): Promise<string> {
  const { tips } = await getJson<{ tips: { id: string; name: string }[] }>(baseUrl, '/creator/chats', token);
  const tip = tips.find((t) => t.name === name);
  if (!tip) throw new Error(`no chat from ${name}`);
  return tip.id;
}

/** Pushes the creator's chat from `name` live (PATCH /api/creator/chats/:id/status read), as Show on live does. */
export async function pushLive(baseUrl: string, token: string, name: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  let tip: { id: string } | undefined;
  while (!tip) {
    const { tips } = await getJson<{ tips: { id: string; name: string }[] }>(
      baseUrl,
      '/creator/chats',
      token,
    );
    tip = tips.find((t) => t.name === name);
    if (!tip && Date.now() > deadline) throw new Error(`no chat from ${name} (the payment was not captured)`);
    if (!tip) await new Promise((r) => setTimeout(r, 200));
  }
  const res = await fetch(`${baseUrl}/api/creator/chats/${encodeURIComponent(tip.id)}/status`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ status: 'read' }),
  });
  if (!res.ok) throw new Error(`PATCH status answered ${res.status}: ${await res.text()}`);
}

/**
 * Signs every page of `context` in with `token` as the app stores a session (local storage `token` and `user`),
 * unless a session is already stored or the page signed out (session storage `signed-out`, set by a journey that
 * signs out and reloads).
 */
export async function signInContext(context: BrowserContext, baseUrl: string, token: string): Promise<User> {
  const { user } = await getJson<{ user: User }>(baseUrl, '/users/me', token);
  await context.addInitScript(
    ({ token, user }) => {
      if (!localStorage.getItem('token') && !sessionStorage.getItem('signed-out')) {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
      }
    },
    { token, user: JSON.stringify(user) },
  );
  return user;
}

/**
 * After a top-up on /add-money: the page's balance shows `expected`, then /dashboard shows it too with a credit row
 * of `creditText`; returns that row.
 */
export async function expectTopUpCredited(
  viewer: Page,
  baseUrl: string,
  expected: string,
  creditText: string,
) {
  await expect
    .poll(() => viewer.getByTestId('current-balance').textContent(), { timeout: 20_000 })
    .toBe(expected);
  await viewer.goto(`${baseUrl}/dashboard`);
  await expect
    .poll(() => viewer.getByTestId('wallet-balance').textContent(), { timeout: 15_000 })
    .toBe(expected);
  const credit = viewer.locator('li[data-type="credit"]', { hasText: creditText });
  await expect.poll(() => credit.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  return credit;
}
