import path from 'node:path';
import { loadConfig } from '../config.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { createDb } from '../db/knex.ts';
import { createLogger } from '../logger.ts';
import { createRazorpayGateway } from '../payments/gateway.ts';
import { istDayPeriod, istYesterday, reconcileDay } from '../modules/ops/reconciliation.service.ts';

/**
 * `npm run reconcile [-- --date YYYY-MM-DD]`: reconciles one IST day (yesterday by default) against Razorpay with
 * the configured keys. In payments sandbox the simulator lives inside the running server, so this command has no
 * Razorpay to ask: use "Run now" in /ops instead.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--date');
  const day = at >= 0 ? args[at + 1] : istYesterday();
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) {
    console.error('usage: npm run reconcile -- --date YYYY-MM-DD');
    return 2;
  }
  istDayPeriod(day);
  const config = loadConfig();
  if (config.paymentsSandbox) {
    console.error(
      'Payments sandbox: the Razorpay simulator runs inside the server (npm start). Reconcile from /ops (Run now).',
    );
    return 2;
  }
  const embedded = config.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({
        dataDir: path.join(config.DATA_DIR, 'pg'),
        port: config.EMBEDDED_PG_PORT,
      });
  const db = createDb(config.DATABASE_URL ?? embedded!.url, 2);
  try {
    const payments = createRazorpayGateway({
      keyId: config.RAZORPAY_KEY_ID ?? '',
      keySecret: config.RAZORPAY_KEY_SECRET ?? '',
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      timeoutMs: config.RAZORPAY_TIMEOUT_MS,
      hostUrl: config.RAZORPAY_HOST_URL,
    });
    const logger = createLogger(config.LOG_LEVEL);
    const outcome = await reconcileDay({ db, payments, logger }, day, { trigger: 'command' });
    if (!outcome) {
      console.error('Another reconciliation is running now; try again in a minute.');
      return 1;
    }
    console.log(JSON.stringify(outcome));
    return outcome.status === 'done' ? 0 : 1;
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
