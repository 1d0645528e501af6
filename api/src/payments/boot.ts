import type Router from '@koa/router';
import type { Config } from '../config.ts';
import type { CheckoutInfo, PaymentGateway } from '../deps.ts';
import type { Logger } from '../logger.ts';
import { RAZORPAY_CHECKOUT_URL, SANDBOX_CHECKOUT_PATH, createRazorpayGateway } from './gateway.ts';
import { startRazorpaySimulator, type RazorpaySimulator } from './simulator/index.ts';

/** Public test key and secret of the local simulator (sandbox only; real keys come from the environment). */
export const SANDBOX_KEY_ID = 'rzp_test_ShabaashSandbox';
const SANDBOX_KEY_SECRET = 'sandbox_key_secret_not_for_production';

export interface PaymentsRuntime {
  gateway: PaymentGateway;
  checkout: CheckoutInfo;
  /** Browser-facing simulator routes (checkout.js, pay action), mounted on the app in sandbox mode only. */
  sandboxRouter: Router | null;
  simulator: RazorpaySimulator | null;
  mode: string;
  stop(): Promise<void>;
}

/**
 * Real Razorpay when keys are configured; otherwise the same gateway code over the local simulator, whose
 * webhooks go to `webhookUrl()` (our own /api/webhooks/razorpay).
 */
export async function startPayments(
  config: Config,
  webhookUrl: () => string,
  logger?: Logger,
): Promise<PaymentsRuntime> {
  if (!config.paymentsSandbox && config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) {
    return {
      gateway: createRazorpayGateway({
        keyId: config.RAZORPAY_KEY_ID,
        keySecret: config.RAZORPAY_KEY_SECRET,
        webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
        timeoutMs: config.RAZORPAY_TIMEOUT_MS,
        hostUrl: config.RAZORPAY_HOST_URL,
      }),
      checkout: { keyId: config.RAZORPAY_KEY_ID, scriptUrl: RAZORPAY_CHECKOUT_URL },
      sandboxRouter: null,
      simulator: null,
      mode: 'Razorpay (live keys)',
      stop: () => Promise.resolve(),
    };
  }
  const simulator = await startRazorpaySimulator({
    keyId: SANDBOX_KEY_ID,
    keySecret: SANDBOX_KEY_SECRET,
    webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
    webhookUrl,
    log: logger ? (msg, details) => logger.debug({ details }, `razorpay simulator: ${msg}`) : undefined,
  });
  if (config.SANDBOX_ROUTE_STEP_MS !== undefined)
    simulator.switches.routeStepMs = config.SANDBOX_ROUTE_STEP_MS;
  return {
    gateway: createRazorpayGateway({
      keyId: SANDBOX_KEY_ID,
      keySecret: SANDBOX_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      timeoutMs: config.RAZORPAY_TIMEOUT_MS,
      hostUrl: simulator.apiBaseUrl,
    }),
    checkout: { keyId: SANDBOX_KEY_ID, scriptUrl: SANDBOX_CHECKOUT_PATH },
    sandboxRouter: simulator.browserRouter(),
    simulator,
    mode: `Razorpay simulator at ${simulator.apiBaseUrl} (sandbox)`,
    stop: () => simulator.stop(),
  };
}
