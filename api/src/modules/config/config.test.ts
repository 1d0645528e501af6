import { describe, expect, it } from 'vitest';
import { publicConfigSchema, type PublicConfig } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildCreator, seedGuestTip } from '../../../test/factories.ts';
import { landingTipsFigure, roundTipsFigure, TIPS_COUNT_TTL_MS } from './landingTips.ts';

async function deleteAccount(app: TestApp, token: string): Promise<void> {
  const res = await app.request('DELETE', '/api/users/me', {
    token,
    body: { confirm: true, balancePaise: 0 },
  });
  expect(res.status).toBe(200);
}

const CHECKOUT = { keyId: 'rzp_test_sandbox', scriptUrl: 'http://127.0.0.1/sandbox/checkout.js' };

describe('GET /api/config', () => {
  it('tells the PWA the modes, the Firebase emulator, the contact mail and the default creator', async () => {
    const app = await createTestApp({
      env: { CONTACT_EMAIL: 'team@shabaash.test', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      extend: (deps) => ({ ...deps, checkout: deps.checkout ?? CHECKOUT }),
    });
    const empty = await app.request<PublicConfig>('GET', '/api/config');
    expect(empty.status).toBe(200);
    expect(publicConfigSchema.parse(empty.body)).toEqual({
      sandbox: true,
      razorpayKeyId: app.deps.checkout.keyId,
      checkoutScriptUrl: app.deps.checkout.scriptUrl,
      firebase: {
        apiKey: 'demo-api-key',
        projectId: 'demo-shabaash',
        authDomain: 'demo-shabaash.firebaseapp.com',
        emulatorUrl: 'http://127.0.0.1:9099',
      },
      contactEmail: 'team@shabaash.test',
      landingTipsFigure: '2.5M+',
      defaultCreator: null,
      legal: { walletMode: 'stored', minimumAgeWithoutConsent: 18, minorMonthlyCapPaise: 50_000 },
    });

    const first = await buildCreator(app.deps.db, app.deps.config, { name: 'First Star' });
    const second = await buildCreator(app.deps.db, app.deps.config);
    const res = await app.request<PublicConfig>('GET', '/api/config');
    expect(res.body.defaultCreator).toEqual({ handle: first.handle, displayName: 'First Star' });

    // A creator who deleted their account is no longer the default: the next oldest is.
    await deleteAccount(app, first.token);
    const after = await app.request<PublicConfig>('GET', '/api/config');
    expect(after.body.defaultCreator?.handle).toBe(second.handle);
  });

  it('prefers DEFAULT_CREATOR and never exposes the emulator when real Firebase credentials are set', async () => {
    const app = await createTestApp({
      env: {
        DEFAULT_CREATOR: 'chosen-one',
        FIREBASE_SERVICE_ACCOUNT: '{}',
        FIREBASE_AUTH_EMULATOR_HOST: '',
        PHONE_HASH_SECRET: 'p'.repeat(40),
      },
      extend: (deps) => ({ ...deps, checkout: deps.checkout ?? CHECKOUT }),
    });
    await buildCreator(app.deps.db, app.deps.config);
    const chosen = await buildCreator(app.deps.db, app.deps.config, { handle: 'chosen-one', name: 'Chosen' });
    const res = await app.request<PublicConfig>('GET', '/api/config');
    expect(res.body.defaultCreator).toEqual({ handle: 'chosen-one', displayName: 'Chosen' });
    expect(res.body.firebase.emulatorUrl).toBeNull();

    // DEFAULT_CREATOR deleted their account: no guest form for anyone else until the setting changes.
    await deleteAccount(app, chosen.token);
    expect((await app.request<PublicConfig>('GET', '/api/config')).body.defaultCreator).toBeNull();
  });

  it("tells the screens the deployment's legal settings: wallet mode, the age without consent, a minor's cap", async () => {
    const app = await createTestApp({
      env: { WALLET_MODE: 'off', MINIMUM_AGE_WITHOUT_CONSENT: '16', MINOR_MONTHLY_CAP: '250.50' },
      extend: (deps) => ({ ...deps, checkout: deps.checkout ?? CHECKOUT }),
    });
    const res = await app.request<PublicConfig>('GET', '/api/config');
    expect(res.body.legal).toEqual({
      walletMode: 'off',
      minimumAgeWithoutConsent: 16,
      minorMonthlyCapPaise: 25_050,
    });
  });

  it("shows the landing page this deployment's own tips, rounded, when LANDING_TIPS_FIGURE=count", async () => {
    const app = await createTestApp({
      env: { LANDING_TIPS_FIGURE: 'count' },
      extend: (deps) => ({ ...deps, checkout: deps.checkout ?? CHECKOUT }),
    });
    const creator = await buildCreator(app.deps.db, app.deps.config);
    for (let i = 0; i < 7; i++) await seedGuestTip(app.deps.db, creator.id);
    const res = await app.request<PublicConfig>('GET', '/api/config');
    expect(res.body.landingTipsFigure).toBe('7');
  });

  it('hides the landing claim of tips processed when LANDING_TIPS_FIGURE=hidden', async () => {
    const app = await createTestApp({
      env: { LANDING_TIPS_FIGURE: 'hidden' },
      extend: (deps) => ({ ...deps, checkout: deps.checkout ?? CHECKOUT }),
    });
    const res = await app.request<PublicConfig>('GET', '/api/config');
    expect(res.body.landingTipsFigure).toBeNull();
  });
});

describe('the landing figure of tips processed', () => {
  it('rounds a count down, never claiming more tips than were processed', () => {
    expect(roundTipsFigure(0)).toBe('0');
    expect(roundTipsFigure(7)).toBe('7');
    expect(roundTipsFigure(999)).toBe('999');
    expect(roundTipsFigure(1000)).toBe('1K');
    expect(roundTipsFigure(1234)).toBe('1.2K+');
    expect(roundTipsFigure(12_345)).toBe('12K+');
    expect(roundTipsFigure(123_456)).toBe('120K+');
    expect(roundTipsFigure(2_512_345)).toBe('2.5M+');
    expect(roundTipsFigure(3_000_000_001)).toBe('3B+');
  });

  it('counts the tips once a day, however often the landing page asks', async () => {
    const app = await createTestApp();
    const creator = await buildCreator(app.deps.db, app.deps.config);
    await seedGuestTip(app.deps.db, creator.id);
    let now = Date.parse('2026-11-28T00:00:00Z');
    const figure = landingTipsFigure(app.deps.db, 'count', () => now);
    expect(await figure()).toBe('1');

    await seedGuestTip(app.deps.db, creator.id);
    now += TIPS_COUNT_TTL_MS - 1;
    expect(await figure()).toBe('1');
    now += 1;
    expect(await figure()).toBe('2');
  });
});
