import { beforeAll, describe, expect, it } from 'vitest';
import type { Tip } from '@shabaash/shared';
import { createTestApp, testConfig, type TestApp } from '../test/harness.ts';
import { RecordingBus } from '../test/doubles.ts';
import { DEMO_ACCOUNTS, SAMPLE_GUEST_TIPS, SAMPLE_WALLET_TIP, seedSandboxIfEnabled } from './sandboxSeed.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ extend: (deps) => ({ ...deps, realtime: new RecordingBus() }) });
});

const [creatorAccount, viewerAccount] = DEMO_ACCOUNTS;

async function login(account: (typeof DEMO_ACCOUNTS)[number]): Promise<string> {
  const res = await app.request<{ token: string }>('POST', '/api/auth/login', {
    body: { phone: account.phone, password: account.password },
  });
  expect(res.status).toBe(200);
  return res.body.token;
}

describe('sandbox seed', () => {
  it('SANDBOX_SEED=false seeds nothing: no demo accounts, no tips', async () => {
    const config = testConfig({ SANDBOX_SEED: 'false' });
    expect(config.paymentsSandbox && config.authEmulator).toBe(true);
    expect(await seedSandboxIfEnabled({ ...app.deps, config })).toEqual([]);
    expect(await app.deps.db('users').whereIn('phone', ['9000000001', '9000000002']).count()).toEqual([
      { count: 0 },
    ]);
    expect(await app.deps.db('tips').count()).toEqual([{ count: 0 }]);
  });

  it('with real Razorpay keys nothing is seeded either', async () => {
    const config = testConfig({
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'whsec_live',
    });
    expect(await seedSandboxIfEnabled({ ...app.deps, config })).toEqual([]);
    expect(await app.deps.db('tips').count()).toEqual([{ count: 0 }]);
  });

  it('in sandbox mode the demo creator gets a guest tip, a wallet tip and a Hindi message already live', async () => {
    expect(await seedSandboxIfEnabled(app.deps)).toEqual(DEMO_ACCOUNTS);
    const creatorToken = await login(creatorAccount!);
    const { body } = await app.request<{ tips: Tip[] }>('GET', '/api/creator/chats', { token: creatorToken });
    const bySource = (source: 'guest' | 'wallet') =>
      body.tips.filter((t) => (t.sender === null) === (source === 'guest'));
    expect(
      bySource('guest')
        .map((t) => [t.name, t.amount, t.message, t.status])
        .sort(),
    ).toEqual(SAMPLE_GUEST_TIPS.map((t) => [t.guestName, t.amount, t.message, t.status]).sort());
    expect(bySource('wallet').map((t) => [t.name, t.amount, t.message, t.status])).toEqual([
      [viewerAccount!.name, SAMPLE_WALLET_TIP.amount, SAMPLE_WALLET_TIP.message, 'unread'],
    ]);
    expect(body.tips.some((t) => /[\u0900-\u097F]/.test(t.message))).toBe(true);

    // The overlay shows the live one; the viewer's wallet paid for theirs (debit, cashback, ledgered).
    const display = await app.request<{ tips: Tip[] }>('GET', '/api/tips/display?creator=demo');
    expect(display.body.tips[0]?.message).toBe(SAMPLE_GUEST_TIPS[1].message);
    const viewerToken = await login(viewerAccount!);
    const wallet = await app.request<{ balancePaise: number }>('GET', '/api/wallet/balance', {
      token: viewerToken,
    });
    expect(wallet.body.balancePaise).toBe(500_00 - 51_00 + 51);

    // A second start adds nothing.
    await seedSandboxIfEnabled(app.deps);
    const again = await app.request<{ tips: Tip[] }>('GET', '/api/creator/chats', { token: creatorToken });
    expect(again.body.tips).toHaveLength(3);
  });
});
