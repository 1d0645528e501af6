import type { AppDeps } from '../../deps.ts';
import { deriveEvents } from './outbox.ts';
import { deliveryBody } from './webhooks.presenter.ts';
import { claimDue, markDelivered, markFailed, pruneEvents, type DueDelivery } from './webhooks.repository.ts';
import { sendSigned } from './send.ts';
import { targetPolicy } from './webhooks.service.ts';
import type { Lookup } from './ssrf.ts';

/** Deliveries are retried for this long after their event, then marked failed. */
export const RETRY_FOR_MS = 24 * 60 * 60 * 1000;
const MAX_DELAY_MS = 60 * 60 * 1000;
/** The delivery log keeps a week; older events with nothing left to send are deleted every PRUNE_EVERY_MS. */
export const KEEP_LOG_MS = 7 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
const BATCH = 16;

/** Delay before attempt n+1 after n failed attempts: base, ×3 each time, at most an hour. */
export const retryDelayMs = (attempts: number, baseMs: number) =>
  Math.min(baseMs * 3 ** Math.max(0, attempts - 1), MAX_DELAY_MS);

type WorkerDeps = Pick<AppDeps, 'db' | 'config' | 'logger'>;

async function deliverOne(
  deps: WorkerDeps,
  delivery: DueDelivery,
  lookup: Lookup | undefined,
): Promise<void> {
  const { config } = deps;
  const body = deliveryBody({
    id: delivery.event_id,
    event: delivery.event,
    createdAt: delivery.event_created_at,
    data: delivery.data,
  });
  const result = await sendSigned(
    { url: delivery.url, secret: delivery.secret },
    { id: delivery.event_id, body },
    { policy: targetPolicy(config), timeoutMs: config.WEBHOOK_TIMEOUT_MS, lookup },
  );
  if (result.ok) return markDelivered(deps.db, delivery, result.status);
  const retryAt = new Date(Date.now() + retryDelayMs(delivery.attempts, config.WEBHOOK_RETRY_BASE_MS));
  const expired = retryAt.getTime() - delivery.created_at.getTime() > RETRY_FOR_MS;
  const disabled = await markFailed(deps.db, delivery, {
    statusCode: result.status,
    error: result.error,
    retryAt: expired ? null : retryAt,
    disableAfter: config.WEBHOOK_DISABLE_AFTER_FAILURES,
  });
  if (disabled)
    deps.logger.warn({ endpointId: delivery.endpoint_id }, 'webhook endpoint disabled after failures');
}

/** One pass: derive events from committed changes, then send what is due. Returns how much work it found. */
export async function runWebhooksOnce(deps: WorkerDeps, lookup?: Lookup): Promise<number> {
  const queued = await deriveEvents(deps.db);
  const due = await claimDue(deps.db, BATCH, deps.config.WEBHOOK_CLAIM_MS);
  await Promise.all(due.map((d) => deliverOne(deps, d, lookup)));
  return queued + due.length;
}

/**
 * The background worker of every instance (claims keep instances apart). It runs again at once while it finds
 * work, else every WEBHOOK_POLL_MS. The returned stop waits for the pass in flight.
 */
export function startWebhookWorker(deps: WorkerDeps, options: { lookup?: Lookup } = {}): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let prunedAt = 0;
  const pass = async () => {
    if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      await pruneEvents(deps.db, KEEP_LOG_MS);
    }
    return runWebhooksOnce(deps, options.lookup);
  };
  const loop = () => {
    running = pass()
      .then((found) => (found > 0 ? 0 : deps.config.WEBHOOK_POLL_MS))
      .catch((err: unknown) => {
        deps.logger.error({ err }, 'webhook worker pass failed');
        return deps.config.WEBHOOK_POLL_MS;
      })
      .then((delay) => {
        if (!stopped) timer = setTimeout(loop, delay);
      });
  };
  timer = setTimeout(loop, 0);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
