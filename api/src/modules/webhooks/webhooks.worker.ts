import { attemptAll, type Attempt, type WorkerDeps } from './attempts.ts';
import { EndpointSlots } from './endpointSlots.ts';
import { deriveAndSend, type Followup } from './outbox.ts';
import type { SendResult } from './send.ts';
import {
  claimDue,
  markDelivered,
  markFailed,
  pruneEvents,
  releaseClaims,
  type DueDelivery,
} from './webhooks.repository.ts';
import type { Lookup } from './ssrf.ts';

/** Deliveries are retried for this long after their event, then marked failed. */
export const RETRY_FOR_MS = 24 * 60 * 60 * 1000;
const MAX_DELAY_MS = 60 * 60 * 1000;
/** The delivery log keeps a week; older events with nothing left to send are deleted every PRUNE_EVERY_MS. */
export const KEEP_LOG_MS = 7 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** A 2xx that came after its batch stopped waiting waits this long for others to be marked with it. */
const LATE_GATHER_MS = 20;

/** Delay before attempt n+1 after n failed attempts: base, ×3 each time, at most an hour. */
export const retryDelayMs = (attempts: number, baseMs: number) =>
  Math.min(baseMs * 3 ** Math.max(0, attempts - 1), MAX_DELAY_MS);

/** What a worker keeps between passes: the per-endpoint slots and the outcomes still to record. */
export interface WorkerState {
  slots: EndpointSlots;
  /** Sends that outlived their batch's wait: each records its outcome when it ends (stop waits for them). */
  background: Set<Promise<void>>;
  /** Late 2xx answers waiting to be marked delivered together, and that statement once it is scheduled. */
  late: { delivered: Array<{ id: string; statusCode: number }>; marked: Promise<void> | null };
}

export const workerState = (config: WorkerDeps['config']): WorkerState => ({
  slots: new EndpointSlots(config.WEBHOOK_ENDPOINT_CONCURRENCY),
  background: new Set(),
  late: { delivered: [], marked: null },
});

/**
 * Marks a late 2xx delivered with the others that answer within LATE_GATHER_MS: one statement for them all, not
 * one each (when the worker falls behind, most answers come late, and a statement each was most of its
 * database's work per delivery). Resolves once it is written.
 */
function markDeliveredLate(
  deps: WorkerDeps,
  state: WorkerState,
  delivered: { id: string; statusCode: number },
) {
  const { late } = state;
  late.delivered.push(delivered);
  late.marked ??= new Promise((resolve) => setTimeout(resolve, LATE_GATHER_MS)).then(() => {
    const batch = late.delivered.splice(0);
    late.marked = null;
    return markDelivered(deps.db, batch);
  });
  return late.marked;
}

/** Records a failed attempt: a retry with backoff, or failed for good after 24 h (and maybe the endpoint off). */
async function recordFailure(deps: WorkerDeps, delivery: DueDelivery, result: SendResult & { ok: false }) {
  const { config } = deps;
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

/**
 * Records the outcomes of attempts of claimed deliveries: the answered 2xx in one statement, each failure with
 * its retry; an attempt still in flight records its own when it ends (in `state.background`).
 */
async function recordOutcomes(deps: WorkerDeps, state: WorkerState, followups: Followup[]): Promise<void> {
  const record = async (delivery: DueDelivery, result: SendResult) => {
    if (result.ok) await markDeliveredLate(deps, state, { id: delivery.id, statusCode: result.status });
    else await recordFailure(deps, delivery, result);
  };
  const delivered: Array<{ id: string; statusCode: number }> = [];
  for (const { delivery, attempt } of followups) {
    if (attempt.kind === 'sending') {
      const later = attempt.result
        .then((result) => record(delivery, result))
        .catch((err: unknown) => deps.logger.error({ err }, 'webhook delivery outcome not recorded'))
        .finally(() => state.background.delete(later));
      state.background.add(later);
    } else if (attempt.kind === 'done' && attempt.result.ok)
      delivered.push({ id: delivery.id, statusCode: attempt.result.status });
    else if (attempt.kind === 'done' && !attempt.result.ok)
      await recordFailure(deps, delivery, attempt.result);
  }
  await markDelivered(deps.db, delivered);
}

/**
 * Claims up to WEBHOOK_BATCH due deliveries in one round trip (at most WEBHOOK_ENDPOINT_CONCURRENCY per endpoint,
 * none of an endpoint whose slots are all taken) and sends them (attemptAll); those never started are given
 * back. A crash before they are marked leaves them claimed until the lease runs out; then they go again with the
 * same event id (at least once; exactly once for a receiver that dedupes by id).
 */
export async function sendDue(deps: WorkerDeps, state: WorkerState, lookup?: Lookup): Promise<number> {
  const { config } = deps;
  const due = await claimDue(deps.db, config.WEBHOOK_BATCH, config.WEBHOOK_CLAIM_MS, {
    perEndpoint: state.slots.cap,
    skipEndpoints: state.slots.fullEndpoints(),
  });
  const attempts: Attempt[] = await attemptAll(deps, due, state.slots, lookup);
  await releaseClaims(
    deps.db,
    due.filter((_, i) => attempts[i]!.kind === 'notStarted').map((d) => d.id),
  );
  await recordOutcomes(
    deps,
    state,
    due.map((delivery, i) => ({ delivery, attempt: attempts[i]! })),
  );
  return due.length;
}

/** Derives events from committed changes and sends their first attempts (outbox.ts), then records the rest. */
async function derive(deps: WorkerDeps, state: WorkerState, lookup?: Lookup): Promise<number> {
  const { derived, followups } = await deriveAndSend(deps, state.slots, lookup);
  await recordOutcomes(deps, state, followups);
  return derived;
}

/** One pass: derive events from committed changes and send them, then send what else is due. */
export async function runWebhooksOnce(
  deps: WorkerDeps,
  lookup?: Lookup,
  state: WorkerState = workerState(deps.config),
): Promise<number> {
  const derived = await derive(deps, state, lookup);
  return derived + (await sendDue(deps, state, lookup));
}

/**
 * The delivery worker (run in its own process: webhooksWorker.ts; claims keep instances apart). WEBHOOK_LANES
 * loops claim and send at once; the first lane also derives events and prunes the log. A lane runs again at once
 * while it finds a full batch, after WEBHOOK_GATHER_MS when it found some work (so the next pass takes many
 * tips' deliveries in a few statements), else every WEBHOOK_POLL_MS. The returned stop waits for the batches and
 * the sends in flight.
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
  const state = workerState(deps.config);
  /** How long a lane waits before its next pass: none after a full batch, a little after a partial one. */
  const pass = async (lane: number): Promise<number> => {
    let derived = 0;
    if (lane === 0) {
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await pruneEvents(deps.db, KEEP_LOG_MS);
      }
      derived = await derive(deps, state, options.lookup);
    }
    const sent = await sendDue(deps, state, options.lookup);
    if (sent >= deps.config.WEBHOOK_BATCH) return 0;
    return sent + derived > 0 ? deps.config.WEBHOOK_GATHER_MS : deps.config.WEBHOOK_POLL_MS;
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
    await Promise.all([...state.background]);
  };
}
