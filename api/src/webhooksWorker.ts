/**
 * The outgoing webhook delivery worker as a process of its own (docs/OPERATIONS.md). Each API instance
 * forks one (WEBHOOK_WORKER=process, modules/webhooks/workerProcess.ts); it can also run alone with DATABASE_URL
 * (`npm run webhooks:worker`, the instances then set WEBHOOK_WORKER=off). It lowers its own CPU priority
 * (WEBHOOK_WORKER_NICE) and uses its own small pool, so deliveries are background work: they never run on an API
 * event loop or take an API pool connection, and the kernel gives the tip path the CPU first.
 */
import fs from 'node:fs';
import os from 'node:os';
import { ConfigError, loadConfig } from './config.ts';
import { createDb } from './db/knex.ts';
import { createLogger, type Logger } from './logger.ts';
import { startWebhookWorker } from './modules/webhooks/webhooks.worker.ts';

/** Nice is per thread on Linux: renice every thread this process has (threads started later inherit it). */
function lowerPriority(nice: number, logger: Logger): void {
  const tasks = fs.existsSync('/proc/self/task') ? fs.readdirSync('/proc/self/task').map(Number) : [0];
  for (const tid of tasks) {
    try {
      os.setPriority(tid, nice);
    } catch (err) {
      logger.warn({ err, tid }, 'could not lower the webhook worker priority');
    }
  }
}

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
const logger = createLogger(config.LOG_LEVEL).child({ part: 'webhook-worker' });
if (!config.DATABASE_URL) {
  console.error('The webhook worker needs DATABASE_URL (the database of the API instances).');
  process.exit(1);
}
lowerPriority(config.WEBHOOK_WORKER_NICE, logger);
// Asynchronous commit: what the worker writes may be redone after a database crash (same event ids, a re-send).
const db = createDb(config.DATABASE_URL, config.WEBHOOK_WORKER_POOL_MAX, {
  applicationName: 'shabaash-webhooks',
  asyncCommit: true,
});
const stop = startWebhookWorker({ db, config, logger });

let stopping = false;
const shutdown = (code: number) => {
  if (stopping) return;
  stopping = true;
  // Sends in flight finish and their batches are marked; a second signal does not cut that short.
  stop()
    .then(() => db.destroy())
    .then(
      () => process.exit(code),
      (err: unknown) => {
        logger.error({ err }, 'webhook worker did not stop cleanly');
        process.exit(1);
      },
    );
};
process.on('SIGTERM', () => shutdown(0));
process.on('SIGINT', () => shutdown(0));
// Forked by an instance that died (even by kill -9): stop at once. Deliveries in flight stay claimed until
// WEBHOOK_CLAIM_MS, then the next worker sends them again with the same event id.
process.on('disconnect', () => process.exit(1));
process.send?.('ready');
