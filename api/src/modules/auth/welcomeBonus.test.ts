import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User, Wallet, WalletTransaction } from '@shabaash/shared';
import { authEmulatorUrl, createTestApp, type TestApp } from '../../../test/harness.ts';
import { getPhoneIdToken } from '../../../test/firebaseEmulator.ts';
import { buildUser, randomPhone } from '../../../test/factories.ts';
import { postLedgerEntry } from '../wallet/ledger.ts';

const PROJECT = 'demo-shabaash';

let app: TestApp;

interface AuthBody {
  token: string;
  user: User;
}

/** Signs the phone in on the Auth emulator (its real OTP) and registers it through the API. */
async function register(phone: string) {
  return registerWith(phone, await getPhoneIdToken(authEmulatorUrl(), PROJECT, phone));
}

async function registerWith(phone: string, firebaseToken: string) {
  return app.request<AuthBody>('POST', '/api/auth/register', {
    body: { dateOfBirth: '1990-06-15', name: 'Asha Rao', phone, password: 'secret123', firebaseToken },
    headers: { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
  });
}

/** What the person sees in their wallet: the balance and the ledger. */
async function walletOf(token: string) {
  const balance = await app.request<Wallet>('GET', '/api/wallet/balance', { token });
  const ledger = await app.request<{ transactions: WalletTransaction[] }>('GET', '/api/wallet/transactions', {
    token,
  });
  return { balancePaise: balance.body.balancePaise, transactions: ledger.body.transactions };
}

/** Two registrations of one number sent at the same moment, each with its own verified OTP token. */
async function racingRegistrations(phone: string) {
  const first = await getPhoneIdToken(authEmulatorUrl(), PROJECT, phone);
  const second = await getPhoneIdToken(authEmulatorUrl(), PROJECT, phone);
  return Promise.all([registerWith(phone, first), registerWith(phone, second)]);
}

async function deleteAccount(token: string, balancePaise: number) {
  const res = await app.request('DELETE', '/api/users/me', { token, body: { confirm: true, balancePaise } });
  expect(res.status).toBe(200);
}

/** Every welcome bonus the ledger holds for these users. */
async function bonusesOf(userIds: string[]) {
  return app.deps
    .db('wallet_transactions')
    .whereIn('user_id', userIds)
    .where({ kind: 'welcome_bonus' })
    .select<Array<{ user_id: string; reference: string }>>('user_id', 'reference');
}

describe('the welcome bonus is paid once per phone number, ever', () => {
  beforeAll(async () => {
    app = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });

  it('registering again after deleting the account pays no second bonus: the new wallet is 0 with an empty ledger', async () => {
    const phone = randomPhone();
    const first = await register(phone);
    expect(first.status).toBe(201);
    expect(await walletOf(first.body.token)).toMatchObject({ balancePaise: 1000 });
    await deleteAccount(first.body.token, 1000);

    const again = await register(phone);
    expect(again.status).toBe(201);
    expect(again.body.user.id).not.toBe(first.body.user.id);
    expect(await walletOf(again.body.token)).toEqual({ balancePaise: 0, transactions: [] });

    // A third account is refused the bonus too, and the ledger keeps one bonus, marked by a keyed hash only.
    await deleteAccount(again.body.token, 0);
    const third = await register(phone);
    expect(await walletOf(third.body.token)).toEqual({ balancePaise: 0, transactions: [] });
    const bonuses = await bonusesOf([first.body.user.id, again.body.user.id, third.body.user.id]);
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]?.reference).toMatch(/^welcome:[0-9a-f]{64}$/);
    expect(bonuses[0]?.reference).not.toContain(phone);
  });

  it('an account whose bonus predates the keyed hash passes its number’s mark on when deleted', async () => {
    const { db } = app.deps;
    const old = await buildUser(db, app.deps.config);
    await postLedgerEntry(db, {
      userId: old.id,
      type: 'credit',
      kind: 'welcome_bonus',
      amountPaise: 1000,
      description: 'Welcome bonus',
      reference: `welcome:${old.id}`, // how bonuses were recorded before
    });
    await deleteAccount(old.token, 1000);

    const again = await register(old.phone);
    expect(again.status).toBe(201);
    expect(await walletOf(again.body.token)).toEqual({ balancePaise: 0, transactions: [] });
  });

  it('another phone number still gets its own bonus', async () => {
    const res = await register(randomPhone());
    expect(await walletOf(res.body.token)).toMatchObject({ balancePaise: 1000 });
  });

  it('two registrations of one deleted number at the same moment pay one bonus at most', async () => {
    const phone = randomPhone();
    const first = await register(phone);
    await deleteAccount(first.body.token, 1000);

    const [a, b] = await racingRegistrations(phone);
    const created = [a, b].filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of created)
      expect(await walletOf(r.body.token)).toEqual({ balancePaise: 0, transactions: [] });
    expect(await bonusesOf([first.body.user.id, ...created.map((r) => r.body.user.id)])).toHaveLength(1);
  });

  it('two first registrations of one number at the same moment: one account, one bonus', async () => {
    const [a, b] = await racingRegistrations(randomPhone());
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const winner = a.status === 201 ? a : b;
    expect(await walletOf(winner.body.token)).toMatchObject({ balancePaise: 1000 });
    expect(await bonusesOf([winner.body.user.id])).toHaveLength(1);
  });
});
