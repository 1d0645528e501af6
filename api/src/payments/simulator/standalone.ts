/**
 * The Razorpay simulator as a process of its own, for a product that runs with live-key settings and
 * RAZORPAY_HOST_URL (the production rehearsal): `node --import tsx api/src/payments/simulator/standalone.ts`
 * from a development checkout. Settings, all required but the port:
 * - SIMULATOR_PORT: the loopback port (a free one when unset);
 * - RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET: the key pair the product will send;
 * - SIMULATOR_WEBHOOK_URL, RAZORPAY_WEBHOOK_SECRET: where signed webhooks go, and their secret.
 * Prints `Razorpay simulator at <url>` once it listens; stops on SIGTERM or Ctrl-C.
 */
import { startRazorpaySimulator } from './simulator.ts';

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Razorpay simulator: set ${name}`);
    process.exit(1);
  }
  return value;
}

const port = Number(process.env.SIMULATOR_PORT ?? 0);
const webhookUrl = required('SIMULATOR_WEBHOOK_URL');
const sim = await startRazorpaySimulator({
  port,
  keyId: required('RAZORPAY_KEY_ID'),
  keySecret: required('RAZORPAY_KEY_SECRET'),
  webhookSecret: required('RAZORPAY_WEBHOOK_SECRET'),
  webhookUrl: () => webhookUrl,
  log: (message, details) => console.error(`razorpay simulator: ${message}`, details ?? ''),
});
console.log(`Razorpay simulator at ${sim.apiBaseUrl}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void sim.stop().then(() => process.exit(0));
  });
}
