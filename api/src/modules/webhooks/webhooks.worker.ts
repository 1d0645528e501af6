import type { AppDeps } from '../../deps.ts';
import { deriveEvents } from './outbox.ts';
import { deliveryBody } from './webhooks.presenter.ts';
import {
  claimDue,
  markDelivered,
  markFailed,
  pruneEvents,
  releaseClaims,
  type DueDelivery,
} from './webhooks.repository.ts';
import { sendSigned } from './send.ts';
import { targetPolicy } from './webhooks.service.ts';
import type { Lookup } from './ssrf.ts';

/** Deliveries are retried for this long after their event, then marked failed. */
export const RETRY_FOR_MS = 24 * 60 * 60 * 1000;
const MAX_DELAY_MS = 60 * 60 * 1000;
/** The delivery log keeps a week; older events with nothing left to send are deleted every PRUNE_EVERY_MS. */
export const KEEP_LOG_MS = 7 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/**
 * After a pass that found less than a full batch, a lane waits this long (under WEBHOOK_POLL_MS) so that the
 * next claim and derivation take many tips' deliveries in a few statements instead of a few in as many.
 */
const PARTIAL_BATCH_WAIT_MS = 100;

/** Delay before attempt n+1 after n failed attempts: base, ×3 each time, at most an hour. */
export const retryDelayMs = (attempts: number, baseMs: number) =>
  Math.min(baseMs * 3 ** Math.max(0, attempts - 1), MAX_DELAY_MS);

type WorkerDeps = Pick<AppDeps, 'db' | 'config' | 'logger'>;

type Outcome = { id: string; statusCode: number } | null;

/** Sends one claimed delivery; a failure is recorded at once, a success is returned to be marked with its batch. */
async function deliverOne(
  deps: WorkerDeps,
  delivery: DueDelivery,
  lookup: Lookup | undefined,
): Promise<Outcome> {
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
  if (result.ok) return { id: delivery.id, statusCode: result.status };
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
  return null;
}

/** Sends claimed deliveries at once and marks the delivered ones in one statement. */
async function sendBatch(deps: WorkerDeps, due: DueDelivery[], lookup?: Lookup): Promise<number> {
  const outcomes = await Promise.all(due.map((d) => deliverOne(deps, d, lookup)));
  await markDelivered(
    deps.db,
    outcomes.filter((o) => o !== null),
  );
  return due.length;
}

/**
 * Claims up to WEBHOOK_BATCH due deliveries in one round trip and sends them (sendBatch). A crash before they are
 * marked leaves them claimed until the lease runs out; then they go again with the same event id (at least once;
 * exactly once for a receiver that dedupes by id).
 */
export async function sendDue(deps: WorkerDeps, lookup?: Lookup): Promise<number> {
  const due = await claimDue(deps.db, deps.config.WEBHOOK_BATCH, deps.config.WEBHOOK_CLAIM_MS);
  return sendBatch(deps, due, lookup);
}

/**
 * Derives events from committed changes and sends their deliveries, claimed as they were written. Beyond one
 * batch (a backlog after downtime) the rest is released at once for the lanes to claim batch by batch.
 */
async function deriveAndSend(deps: WorkerDeps, lookup?: Lookup): Promise<number> {
  const derived = await deriveEvents(deps.db, deps.config.WEBHOOK_CLAIM_MS);
  const now = derived.slice(0, deps.config.WEBHOOK_BATCH);
  await releaseClaims(
    deps.db,
    derived.slice(now.length).map((d) => d.id),
  );
  return sendBatch(deps, now, lookup);
}

/** One pass: derive events from committed changes and send them, then send what else is due. */
export async function runWebhooksOnce(deps: WorkerDeps, lookup?: Lookup): Promise<number> {
  const derived = await deriveAndSend(deps, lookup);
  return derived + (await sendDue(deps, lookup));
}

/**
 * The delivery worker (run in its own process: webhooksWorker.ts; claims keep instances apart). WEBHOOK_LANES
 * loops claim and send at once, so one slow endpoint holds up only its lane's batch; the first lane also derives
 * events and prunes the log. A lane runs again at once while it finds work, else every WEBHOOK_POLL_MS. The
 * returned stop waits for the batches in flight.
 */
export function startWebhookWorker(deps: WorkerDeps, options: { lookup?: Lookup } = {}): () => Promise<void> {
  let stopped = false;
  /** Ends the lanes' waits at once on stop. */
  const wakes = new Set<() => void>();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakes.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakes.add(wake);
    });
  let prunedAt = 0;
  /** How long a lane waits before its next pass: none after a full batch, a little after a partial one. */
  const pass = async (lane: number): Promise<number> => {
    let derived = 0;
    if (lane === 0) {
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await pruneEvents(deps.db, KEEP_LOG_MS);
      }
      derived = await deriveAndSend(deps, options.lookup);
    }
    const sent = await sendDue(deps, options.lookup);
    if (sent >= deps.config.WEBHOOK_BATCH) return 0;
    return sent + derived > 0 ? PARTIAL_BATCH_WAIT_MS : deps.config.WEBHOOK_POLL_MS;
  };
  const lane = async (n: number) => {
    while (!stopped) {
      let delay = deps.config.WEBHOOK_POLL_MS;
      try {
        delay = await pass(n);
      } catch (err) {
        deps.logger.error({ err }, 'webhook worker pass failed');
      }
      if (!stopped) await (delay > 0 ? wait(delay) : new Promise((resolve) => setImmediate(resolve)));
    }
  };
  const lanes = Array.from({ length: deps.config.WEBHOOK_LANES }, (_, n) => lane(n));
  return async () => {
    stopped = true;
    for (const wake of [...wakes]) wake();
    await Promise.all(lanes);
  };
}
