import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, userSchema, type User } from '@shabaash/shared';
import { authEmulatorUrl, createTestApp, type TestApp } from '../../../test/harness.ts';
import { forgeIdToken, getPhoneIdToken } from '../../../test/firebaseEmulator.ts';
import { randomPhone } from '../../../test/factories.ts';
import { startOfFreshWindow } from '../../../test/db.ts';
import { RecordingBus } from '../../../test/doubles.ts';
import { rateLimits } from '../../http/rateLimit.ts';

const PROJECT = 'demo-shabaash';

let emulator: { url: string };
let app: TestApp;
const bus = new RecordingBus();

interface AuthBody {
  token: string;
  user: User;
}

/** A fresh client address per test (TRUST_PROXY is on), so per-IP limits never leak between tests. */
function clientIp(): Record<string, string> {
  return { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
}

/** Signs the phone in on the emulator (real OTP read from it) and registers through the API. */
async function registerViaOtp(
  phone: string,
  opts: { name?: string; password?: string; headers?: Record<string, string>; typedPhone?: string } = {},
) {
  const firebaseToken = await getPhoneIdToken(emulator.url, PROJECT, phone);
  return app.request<AuthBody>('POST', '/api/auth/register', {
    body: {
      dateOfBirth: '1990-06-15',
      name: opts.name ?? 'Asha Rao',
      phone: opts.typedPhone ?? phone,
      password: opts.password ?? 'secret123',
      firebaseToken,
    },
    headers: opts.headers ?? clientIp(),
  });
}

describe('accounts: register, login, reset, logout against PostgreSQL and the Auth emulator', () => {
  beforeAll(async () => {
    // The harness's identity is the real firebase-admin verifier against this run's Auth emulator.
    emulator = { url: authEmulatorUrl() };
    app = await createTestApp({
      env: { TRUST_PROXY: 'true' },
      extend: (deps) => ({ ...deps, realtime: bus }),
    });
  });

  it('registers with a real OTP: 201, logged in at once, wallet holds the ₹10 welcome bonus in the ledger', async () => {
    const phone = randomPhone();
    const res = await registerViaOtp(phone, {
      name: '  Asha Rao ',
      typedPhone: `+91 ${phone.slice(0, 5)}-${phone.slice(5)}`,
    });
    expect(res.status).toBe(201);
    expect(userSchema.parse(res.body.user)).toEqual({
      id: expect.any(String),
      name: 'Asha Rao',
      phone,
      role: 'viewer',
      profilePic: null,
      creator: null,
    });

    const me = await app.request<{ user: User }>('GET', '/api/users/me', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user).toEqual(res.body.user);

    const { db } = app.deps;
    const wallet = await db('wallets').where({ user_id: res.body.user.id }).first();
    expect(Number(wallet.balance_paise)).toBe(1000);
    const ledger = await db('wallet_transactions').where({ user_id: res.body.user.id });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      type: 'credit',
      kind: 'welcome_bonus',
      description: 'Welcome bonus',
      reference: expect.stringMatching(/^welcome:[0-9a-f]{64}$/),
    });
    expect(Number(ledger[0].amount_paise)).toBe(1000);
    const user = await db('users').where({ id: res.body.user.id }).first('password_hash');
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(bus.changedSpaces).toContain(`wallet:${res.body.user.id}`);
  });

  it('refuses a second account for the same phone with 409 and the clear message', async () => {
    const phone = randomPhone();
    expect((await registerViaOtp(phone)).status).toBe(201);
    const again = await registerViaOtp(phone, { name: 'Someone Else' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', message: MESSAGES.phoneTaken });
    expect(await app.deps.db('users').where({ phone }).count<{ count: number }[]>('id as count')).toEqual([
      { count: 1 },
    ]);
  });

  it('rejects an OTP token that belongs to another phone, and creates nothing', async () => {
    const verified = randomPhone();
    const claimed = randomPhone();
    const firebaseToken = await getPhoneIdToken(emulator.url, PROJECT, verified);
    const res = await app.request('POST', '/api/auth/register', {
      body: {
        dateOfBirth: '1990-06-15',
        name: 'Mallory',
        phone: claimed,
        password: 'secret123',
        firebaseToken,
      },
      headers: clientIp(),
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: MESSAGES.phoneTokenMismatch });
    expect(await app.deps.db('users').where({ phone: claimed }).first()).toBeUndefined();
  });

  it('rejects a forged ID token', async () => {
    const phone = randomPhone();
    const res = await app.request('POST', '/api/auth/register', {
      body: {
        dateOfBirth: '1990-06-15',
        name: 'Mallory',
        phone,
        password: 'secret123',
        firebaseToken: forgeIdToken(phone, PROJECT),
      },
      headers: clientIp(),
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: MESSAGES.invalidPhoneToken });
    expect(await app.deps.db('users').where({ phone }).first()).toBeUndefined();
  });

  it('validates register input with the spec messages', async () => {
    const short = await app.request('POST', '/api/auth/register', {
      body: {
        dateOfBirth: '1990-06-15',
        name: 'A',
        phone: '12345',
        password: 'secret123',
        firebaseToken: 'x',
      },
      headers: clientIp(),
    });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ message: MESSAGES.invalidPhone });
    const noToken = await app.request('POST', '/api/auth/register', {
      body: {
        dateOfBirth: '1990-06-15',
        name: 'A',
        phone: randomPhone(),
        password: 'secret123',
        firebaseToken: '',
      },
      headers: clientIp(),
    });
    expect(noToken.body).toMatchObject({ message: MESSAGES.requestOtpFirst });
  });

  it('logs in with the right password (user with role) and refuses wrong password and unknown phone alike', async () => {
    const phone = randomPhone();
    const registered = await registerViaOtp(phone, { password: 'right-pass' });
    const ok = await app.request<AuthBody>('POST', '/api/auth/login', {
      body: { phone: `0${phone}`, password: 'right-pass' },
      headers: clientIp(),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toEqual(registered.body.user);
    expect(ok.body.user.role).toBe('viewer');
    expect((await app.request('GET', '/api/users/me', { token: ok.body.token })).status).toBe(200);

    const wrong = await app.request('POST', '/api/auth/login', {
      body: { phone, password: 'wrong-pass' },
      headers: clientIp(),
    });
    const unknown = await app.request('POST', '/api/auth/login', {
      body: { phone: randomPhone(), password: 'right-pass' },
      headers: clientIp(),
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'UNAUTHENTICATED', message: MESSAGES.invalidCredentials });
    }
  });

  it('logout revokes only the current session', async () => {
    const phone = randomPhone();
    const first = await registerViaOtp(phone);
    const second = await app.request<AuthBody>('POST', '/api/auth/login', {
      body: { phone, password: 'secret123' },
      headers: clientIp(),
    });
    const out = await app.request('POST', '/api/auth/logout', { token: first.body.token });
    expect(out).toMatchObject({ status: 200, body: { message: 'Logged out' } });
    expect((await app.request('GET', '/api/users/me', { token: first.body.token })).status).toBe(401);
    expect((await app.request('GET', '/api/users/me', { token: second.body.token })).status).toBe(200);
    expect((await app.request('POST', '/api/auth/logout')).status).toBe(401);
  });

  it('reset-password sets the new password and revokes every old session', async () => {
    const phone = randomPhone();
    const registered = await registerViaOtp(phone, { password: 'old-pass' });
    const otherDevice = await app.request<AuthBody>('POST', '/api/auth/login', {
      body: { phone, password: 'old-pass' },
      headers: clientIp(),
    });

    const firebaseToken = await getPhoneIdToken(emulator.url, PROJECT, phone);
    const reset = await app.request('POST', '/api/auth/reset-password', {
      body: { phone, password: 'new-pass', firebaseToken },
      headers: clientIp(),
    });
    expect(reset).toMatchObject({ status: 200, body: { message: MESSAGES.passwordReset } });

    for (const token of [registered.body.token, otherDevice.body.token]) {
      expect((await app.request('GET', '/api/users/me', { token })).status).toBe(401);
    }
    const oldLogin = await app.request('POST', '/api/auth/login', {
      body: { phone, password: 'old-pass' },
      headers: clientIp(),
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await app.request<AuthBody>('POST', '/api/auth/login', {
      body: { phone, password: 'new-pass' },
      headers: clientIp(),
    });
    expect(newLogin.status).toBe(200);
    expect((await app.request('GET', '/api/users/me', { token: newLogin.body.token })).status).toBe(200);
  });

  it('reset-password refuses a token for another phone, a too-short password and an unknown phone', async () => {
    const phone = randomPhone();
    await registerViaOtp(phone, { password: 'keep-me' });
    const strangerToken = await getPhoneIdToken(emulator.url, PROJECT, randomPhone());
    const mismatch = await app.request('POST', '/api/auth/reset-password', {
      body: { phone, password: 'hijacked', firebaseToken: strangerToken },
      headers: clientIp(),
    });
    expect(mismatch.status).toBe(401);
    expect(
      (
        await app.request('POST', '/api/auth/login', {
          body: { phone, password: 'keep-me' },
          headers: clientIp(),
        })
      ).status,
    ).toBe(200);

    const short = await app.request('POST', '/api/auth/reset-password', {
      body: { phone, password: '12345', firebaseToken: 'x' },
      headers: clientIp(),
    });
    expect(short).toMatchObject({
      status: 400,
      body: { message: 'Password must be at least 6 characters.' },
    });

    const nobody = randomPhone();
    const unknown = await app.request('POST', '/api/auth/reset-password', {
      body: {
        phone: nobody,
        password: 'whatever',
        firebaseToken: await getPhoneIdToken(emulator.url, PROJECT, nobody),
      },
      headers: clientIp(),
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'No account uses this phone number.' } });
  });

  it('rate-limits failed logins per phone and client with 429, the clear message and Retry-After', async () => {
    const phone = randomPhone();
    await registerViaOtp(phone, { password: 'right-pass' });
    const headers = clientIp();
    await startOfFreshWindow(app.deps.db);
    for (let i = 0; i < rateLimits(app.deps.config).loginFailuresPerPhoneAndClient.limit; i++) {
      const res = await app.request('POST', '/api/auth/login', {
        body: { phone, password: 'nope-nope' },
        headers,
      });
      expect(res.status).toBe(401);
    }
    // Even the right password is refused now from this client (another client: see lockout.test.ts).
    const blocked = await app.request('POST', '/api/auth/login', {
      body: { phone, password: 'right-pass' },
      headers,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ code: 'RATE_LIMITED', message: MESSAGES.tooManyAttempts });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('rate-limits login per IP across different phones', async () => {
    const headers = clientIp();
    await startOfFreshWindow(app.deps.db);
    for (let i = 0; i < rateLimits(app.deps.config).loginPerIp.limit; i++) {
      const res = await app.request('POST', '/api/auth/login', {
        body: { phone: randomPhone(), password: 'x' },
        headers,
      });
      expect(res.status).toBe(401);
    }
    const blocked = await app.request('POST', '/api/auth/login', {
      body: { phone: randomPhone(), password: 'x' },
      headers,
    });
    expect(blocked).toMatchObject({ status: 429, body: { message: MESSAGES.tooManyAttempts } });
    // Another address is not affected.
    const elsewhere = await app.request('POST', '/api/auth/login', {
      body: { phone: randomPhone(), password: 'x' },
      headers: clientIp(),
    });
    expect(elsewhere.status).toBe(401);
  });

  it('takes the per-IP login limit from LOGIN_LIMIT_PER_IP_PER_MINUTE (a carrier NAT can need more)', async () => {
    const tuned = await createTestApp({
      env: { TRUST_PROXY: 'true', LOGIN_LIMIT_PER_IP_PER_MINUTE: '3' },
      databaseUrl: app.databaseUrl,
    });
    expect(rateLimits(tuned.deps.config).loginPerIp.limit).toBe(3);
    const headers = clientIp();
    await startOfFreshWindow(app.deps.db);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await tuned.request('POST', '/api/auth/login', {
        body: { phone: randomPhone(), password: 'x' },
        headers,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('rate-limits register and reset per phone', async () => {
    const phone = randomPhone();
    const forged = forgeIdToken(phone, PROJECT);
    await startOfFreshWindow(app.deps.db);
    for (let i = 0; i < rateLimits(app.deps.config).registerPerPhone.limit; i++) {
      const res = await app.request('POST', '/api/auth/register', {
        body: {
          dateOfBirth: '1990-06-15',
          name: 'Spam',
          phone,
          password: 'secret123',
          firebaseToken: forged,
        },
        headers: clientIp(),
      });
      expect(res.status).toBe(401);
    }
    const blocked = await registerViaOtp(phone);
    expect(blocked).toMatchObject({ status: 429, body: { message: MESSAGES.tooManyAttempts } });

    // Resets count verified OTP tokens only (garbage tokens count against their IP: see lockout.test.ts).
    const resetPhone = randomPhone();
    await registerViaOtp(resetPhone);
    await startOfFreshWindow(app.deps.db, 20_000);
    // A token is spent by its reset; the emulator mints an identical token within the same second.
    const verifiedReset = async () =>
      new Promise((r) => setTimeout(r, 1_050)).then(async () =>
        app.request('POST', '/api/auth/reset-password', {
          body: {
            phone: resetPhone,
            password: 'secret123',
            firebaseToken: await getPhoneIdToken(emulator.url, PROJECT, resetPhone),
          },
          headers: clientIp(),
        }),
      );
    for (let i = 0; i < rateLimits(app.deps.config).resetPerPhone.limit; i++) {
      expect((await verifiedReset()).status).toBe(200);
    }
    const resetBlocked = await verifiedReset();
    expect(resetBlocked.status).toBe(429);
    expect(resetBlocked.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
