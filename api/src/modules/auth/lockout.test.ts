import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shabaash/shared';
import { authEmulatorUrl, createTestApp } from '../../../test/harness.ts';
import { getPhoneIdToken } from '../../../test/firebaseEmulator.ts';
import { randomPhone } from '../../../test/factories.ts';
import { rateLimits } from '../../http/rateLimit.ts';
import { startOfFreshWindow } from '../../../test/db.ts';

const PROJECT = 'demo-shabaash';
const app = await createTestApp({ env: { TRUST_PROXY: 'true', LOGIN_LIMIT_PER_IP_PER_MINUTE: '1000' } });
const limits = rateLimits(app.deps.config);

const client = () => ({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });

async function register(phone: string, password: string) {
  const firebaseToken = await getPhoneIdToken(authEmulatorUrl(), PROJECT, phone);
  const res = await app.request('POST', '/api/auth/register', {
    body: { dateOfBirth: '1990-06-15', name: 'Owner', phone, password, firebaseToken },
    headers: client(),
  });
  expect(res.status).toBe(201);
}

const login = (phone: string, password: string, headers: Record<string, string>) =>
  app.request<{ token?: string; message?: string }>('POST', '/api/auth/login', {
    body: { phone, password },
    headers,
  });

const reset = (phone: string, firebaseToken: string, headers = client()) =>
  app.request<{ message?: string }>('POST', '/api/auth/reset-password', {
    body: { phone, password: 'brand-new-pass', firebaseToken },
    headers,
  });

describe('nobody can lock an owner out (finding 4)', () => {
  it("a stranger's wrong guesses never block the owner's correct login from another client", async () => {
    const phone = randomPhone();
    await register(phone, 'right-pass');
    const attacker = client();
    await startOfFreshWindow(app.deps.db);
    for (let i = 0; i < limits.loginFailuresPerPhoneAndClient.limit + 2; i++)
      await login(phone, 'wrong-guess', attacker);
    // The attacker's client is slowed down…
    const again = await login(phone, 'right-pass', attacker);
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(MESSAGES.tooManyAttempts);
    // …the owner on their own phone is not.
    const owner = await login(phone, 'right-pass', client());
    expect(owner.status).toBe(200);
  });

  it('wrong guesses spread over many clients do not block the owner either', async () => {
    const phone = randomPhone();
    await register(phone, 'right-pass');
    for (let i = 0; i < 3 * limits.loginFailuresPerPhoneAndClient.limit; i++)
      await login(phone, 'wrong-guess', client());
    expect((await login(phone, 'right-pass', client())).status).toBe(200);
  });

  it('successful logins are not counted as attempts', async () => {
    const phone = randomPhone();
    await register(phone, 'right-pass');
    const device = client();
    const statuses: number[] = [];
    for (let i = 0; i < limits.loginFailuresPerPhoneAndClient.limit + 3; i++) {
      statuses.push((await login(phone, 'right-pass', device)).status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it('resets with garbage tokens do not block a reset with a verified OTP', async () => {
    const phone = randomPhone();
    await register(phone, 'right-pass');
    for (let i = 0; i < limits.resetPerPhone.limit + 2; i++) {
      expect((await reset(phone, 'garbage')).status).toBe(401);
    }
    const token = await getPhoneIdToken(authEmulatorUrl(), PROJECT, phone);
    expect((await reset(phone, token)).status).toBe(200);
    expect((await login(phone, 'brand-new-pass', client())).status).toBe(200);
  });
});

describe('an OTP token resets a password once (finding 7)', () => {
  it('refuses the same Firebase token for a second reset', async () => {
    const phone = randomPhone();
    await register(phone, 'right-pass');
    const token = await getPhoneIdToken(authEmulatorUrl(), PROJECT, phone);
    expect((await reset(phone, token)).status).toBe(200);
    const replay = await reset(phone, token);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(MESSAGES.phoneTokenUsed);
  });
});
