import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { setupServer, type SetupServer } from 'msw/node';
import { http } from 'msw';
import { SANDBOX_PUBLIC_LEGAL, SPEC_TIPS_FIGURE, type PublicConfig } from '@shabaash/shared';
import { installFakeRazorpay } from './fakeRazorpay.ts';

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
 * The rig of a checkout screen's tests, registered around every test of the calling file: an MSW server that
 * fails on unhandled requests and a fake `window.Razorpay` (fresh per test), with the DOM, handlers and
 * storage reset after each test. `fake` is the current test's fake checkout.
 */
export function setupCheckoutTests(): {
  server: SetupServer;
  readonly fake: ReturnType<typeof installFakeRazorpay>;
} {
  const server = setupServer();
  let fake: ReturnType<typeof installFakeRazorpay> | null = null;
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    fake = installFakeRazorpay();
  });
  afterEach(() => {
    cleanup();
    fake?.uninstall();
    server.resetHandlers();
    localStorage.clear();
  });
  afterAll(() => server.close());
  return {
    server,
    get fake() {
      if (!fake) throw new Error('the fake checkout exists only inside a test');
      return fake;
    },
  };
}

/** Answers POSTs to `path` with `respond` and returns the JSON bodies they carried, in order. */
export function capturePosts(
  server: SetupServer,
  path: string,
  respond: () => Response | Promise<Response>,
): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      bodies.push(await request.json());
      return respond();
    }),
  );
  return bodies;
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
