import { afterEach, beforeEach } from 'vitest';
import { SANDBOX_PUBLIC_LEGAL, SPEC_TIPS_FIGURE, type PublicConfig } from '@shabaash/shared';
import { overrideHandlers } from '@shabaash/mocks';
import type { MockServer } from '@shabaash/mocks/node';
import { installFakeRazorpay } from './fakeRazorpay.ts';
import { mockApiForFile } from './server.ts';

/** GET /api/config of a sandbox deployment, for screen tests. */
export function sandboxConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    sandbox: true,
    razorpayKeyId: 'rzp_test_sandbox',
    checkoutScriptUrl: '/sandbox/checkout.js',
    firebase: { apiKey: 'k', projectId: 'demo-shabaash', authDomain: 'localhost', emulatorUrl: null },
    contactEmail: 'hello@shabaash.in',
    landingTipsFigure: SPEC_TIPS_FIGURE,
    defaultCreator: null,
    legal: { ...SANDBOX_PUBLIC_LEGAL },
    ...overrides,
  };
}

/**
 * The rig of a checkout screen's tests, registered around every test of the calling file: the contract-checked
 * mock API (see mockApiForFile) serving a sandbox deployment's config (`config` over sandboxConfig's), and a fake
 * `window.Razorpay` (fresh per test). `fake` is the current test's fake checkout.
 */
export function setupCheckoutTests(config: Partial<PublicConfig> = {}): MockServer & {
  readonly fake: ReturnType<typeof installFakeRazorpay>;
} {
  const mock = mockApiForFile();
  let fake: ReturnType<typeof installFakeRazorpay> | null = null;
  beforeEach(() => {
    fake = installFakeRazorpay();
    serveConfig(mock, sandboxConfig(config));
  });
  afterEach(() => fake?.uninstall());
  return {
    ...mock,
    get fake() {
      if (!fake) throw new Error('the fake checkout exists only inside a test');
      return fake;
    },
  };
}

/** GET /api/config answers `config` (output-checked) for the rest of the test. */
export function serveConfig({ server, state }: MockServer, config: PublicConfig): void {
  server.use(...overrideHandlers(state, { config: () => config }));
}

/** The options the provider's checkout is opened with for an INR order, in English. */
export function checkoutOptions(key: string, orderId: string, amountPaise: number, payerName: string) {
  return {
    key,
    order_id: orderId,
    amount: amountPaise,
    currency: 'INR',
    description: 'Support the creator with a superchat',
    prefill: { name: payerName },
    theme: { color: '#38bdf8' },
  };
}
