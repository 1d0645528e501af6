import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatPaise, maskPhone, type User } from '@shabaash/shared';
import { authEmulatorUrl, createTestApp } from '../../../test/harness.ts';
import { getPhoneIdToken } from '../../../test/firebaseEmulator.ts';
import { buildUser, randomPhone } from '../../../test/factories.ts';
import { StartupError } from '../../startupError.ts';
import { postLedgerEntry } from './ledger.ts';
import {
  heldBalanceLines,
  refuseHeldBalancesWhenWalletOff,
  WALLET_BALANCES_COMMAND,
} from './heldBalances.ts';

// A deployment switched from WALLET_MODE=stored to off: start-up refuses while any wallet holds money.
const app = await createTestApp({ env: { WALLET_MODE: 'off' } });
const db = app.deps.db;
const config = app.deps.config;

/** The start-up check's refusal, or null when it lets the start go on. */
async function startupRefusal(walletMode: 'stored' | 'off'): Promise<StartupError | null> {
  try {
    await refuseHeldBalancesWhenWalletOff(db, { legal: { ...config.legal, walletMode } });
    return null;
  } catch (err) {
    if (err instanceof StartupError) return err;
    throw err;
  }
}

describe('switching to WALLET_MODE=off over wallets that hold money', () => {
  it('refuses start-up while a wallet holds a balance, naming the command that lists them, and starts once emptied', async () => {
    expect(await startupRefusal('off')).toBeNull();
    const rich = await buildUser(db, config, { balancePaise: 12_550 });
    const poor = await buildUser(db, config, { balancePaise: 100 });

    const refusal = await startupRefusal('off');
    expect(refusal?.part).toBe('wallets');
    expect(refusal?.message).toBe(
      `Start-up failed: wallets: WALLET_MODE is off but 2 wallets still hold ${formatPaise(12_650)}. ` +
        `List them with \`${WALLET_BALANCES_COMMAND}\` and empty them before switching, or set WALLET_MODE=stored.`,
    );
    expect(WALLET_BALANCES_COMMAND).toBe('npm run wallets:balances');
    // The stored wallet keeps starting over the same balances.
    expect(await startupRefusal('stored')).toBeNull();

    const lines = await heldBalanceLines(db);
    expect(lines).toEqual([
      'user id\tphone\tbalance',
      `${rich.id}\t${maskPhone(rich.phone)}\t${formatPaise(12_550)}`,
      `${poor.id}\t${maskPhone(poor.phone)}\t${formatPaise(100)}`,
      `2 wallets hold ${formatPaise(12_650)} in all.`,
    ]);
    expect(lines.join('\n')).not.toContain(rich.phone);

    // The operator empties them (here: the balances paid back out of the ledger); then the start goes on.
    for (const [user, paise] of [
      [rich, 12_550],
      [poor, 100],
    ] as const)
      await postLedgerEntry(db, {
        userId: user.id,
        type: 'debit',
        kind: 'refund',
        amountPaise: paise,
        description: 'Balance paid back before WALLET_MODE=off',
        reference: `test-payback:${user.id}`,
      });
    expect(await startupRefusal('off')).toBeNull();
    expect(await heldBalanceLines(db)).toEqual(['No wallet holds a balance.']);
  });
});

describe('sign-up with WALLET_MODE=off', () => {
  it('credits no welcome bonus', async () => {
    const phone = randomPhone();
    const firebaseToken = await getPhoneIdToken(authEmulatorUrl(), 'demo-shabaash', phone);
    const res = await app.request<{ token: string; user: User }>('POST', '/api/auth/register', {
      body: { name: 'Asha Rao', phone, password: 'secret123', firebaseToken, dateOfBirth: '1990-06-15' },
      headers: { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
    });
    expect(res.status).toBe(201);
    expect(await db('wallet_transactions').where({ user_id: res.body.user.id })).toEqual([]);
    const wallet = await db('wallets')
      .where({ user_id: res.body.user.id })
      .first<{ balance_paise: string }>();
    expect(Number(wallet?.balance_paise ?? 0)).toBe(0);
  });
});
