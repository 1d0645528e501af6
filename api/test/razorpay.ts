import { afterAll } from 'vitest';
import { createRazorpayGateway, hmacHex, SANDBOX_CHECKOUT_PATH } from '../src/payments/gateway.ts';
import { startRazorpaySimulator, type RazorpaySimulator } from '../src/payments/simulator/index.ts';
import { RecordingBus } from './doubles.ts';
import { createTestApp, type TestApp } from './harness.ts';

export const SIM_KEY_ID = 'rzp_test_simulator';
export const SIM_KEY_SECRET = 'simulator_key_secret';
export const SIM_WEBHOOK_SECRET = 'simulator_webhook_secret';

export interface PaymentsTestApp {
  app: TestApp;
  sim: RazorpaySimulator;
  bus: RecordingBus;
  /** Our real webhook route on the running app. */
  webhookUrl: string;
  /** Where the simulator sends webhooks from now on (e.g. a dead port to lose them). */
  setWebhookUrl(url: string): void;
  /** Signs a body exactly as Razorpay does, for hand-made webhook deliveries. */
  sign(body: string): string;
}

/**
 * A real app whose payments go through the real razorpay SDK (gateway.ts) to the Razorpay simulator, which
 * sends signed webhooks back to the app. TEMPORARY until the harness wires the simulator itself.
 */
export async function createPaymentsTestApp(env: Record<string, string> = {}): Promise<PaymentsTestApp> {
  let target = '';
  const sim = await startRazorpaySimulator({
    keyId: SIM_KEY_ID,
    keySecret: SIM_KEY_SECRET,
    webhookSecret: SIM_WEBHOOK_SECRET,
    webhookUrl: () => target,
  });
  const gateway = createRazorpayGateway({
    keyId: SIM_KEY_ID,
    keySecret: SIM_KEY_SECRET,
    webhookSecret: SIM_WEBHOOK_SECRET,
    timeoutMs: 5000,
    hostUrl: sim.apiBaseUrl,
  });
  const bus = new RecordingBus();
  const app = await createTestApp({
    env,
    extend: (deps) => ({
      ...deps,
      realtime: bus,
      payments: gateway,
      checkout: { keyId: SIM_KEY_ID, scriptUrl: SANDBOX_CHECKOUT_PATH },
    }),
  });
  const webhookUrl = `${app.url}/api/webhooks/razorpay`;
  target = webhookUrl;
  afterAll(() => sim.stop());
  return {
    app,
    sim,
    bus,
    webhookUrl,
    setWebhookUrl: (url) => {
      target = url;
    },
    sign: (body) => hmacHex(SIM_WEBHOOK_SECRET, body),
  };
}
