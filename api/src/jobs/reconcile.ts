import type { AppDeps } from '../deps.ts';
import { applyPaymentReport, type PaymentOutcome } from '../modules/payments/payments.service.ts';
import { listOrdersToReconcile } from '../modules/payments/payments.repository.ts';

/** Orders still unpaid this long after creation are asked about (webhooks may have been lost). */
export const RECONCILE_AFTER_MS = 15 * 60_000;
/** Older orders are given up on (Razorpay stops retrying webhooks after a day; a late UPI capture takes days). */
export const RECONCILE_HORIZON_MS = 7 * 24 * 60 * 60_000;
/** How often the loop runs. */
export const RECONCILE_EVERY_MS = 5 * 60_000;
/** The advisory lock key that makes one instance at a time run the job ("shabaash reconcile"). */
export const RECONCILE_LOCK_KEY = 727_101_501;

export interface ReconcileSummary {
  checked: number;
  outcomes: Partial<Record<PaymentOutcome, number>>;
  errors: number;
}

/**
 * Asks the gateway about orders still `created`/`failed` between `olderThanMs` and 7 days old, and applies
 * every captured (or failed) payment through applyPaymentReport, the webhook's own code path, with an inbox
 * id per payment so a second run changes nothing.
 */
export async function reconcileUnpaidOrders(
  deps: AppDeps,
  opts: { olderThanMs?: number; limit?: number } = {},
): Promise<ReconcileSummary> {
  const now = Date.now();
  const orders = await listOrdersToReconcile(deps.db, {
    createdBefore: new Date(now - (opts.olderThanMs ?? RECONCILE_AFTER_MS)),
    notBefore: new Date(now - RECONCILE_HORIZON_MS),
    limit: opts.limit ?? 200,
  });
  const summary: ReconcileSummary = { checked: orders.length, outcomes: {}, errors: 0 };
  const log = deps.logger.child({ job: 'reconcile' });
  for (const order of orders) {
    try {
      const payments = await deps.payments.fetchOrderPayments(order.id);
      const captured = payments.find((p) => p.status === 'captured');
      // A captured payment wins; otherwise record the latest failure if the order does not know it yet.
      const chosen =
        captured ??
        (order.status === 'created' ? payments.filter((p) => p.status === 'failed').at(-1) : undefined);
      if (!chosen) continue;
      const outcome = await applyPaymentReport(
        deps,
        {
          event: chosen.status === 'captured' ? 'payment.captured' : 'payment.failed',
          paymentId: chosen.id,
          orderId: order.id,
          amountPaise: chosen.amount,
          currency: chosen.currency,
          status: chosen.status,
          errorDescription: chosen.error_description ?? null,
        },
        { inboxId: `reconcile:${chosen.id}:${chosen.status}`, payload: chosen, log },
      );
      summary.outcomes[outcome] = (summary.outcomes[outcome] ?? 0) + 1;
      if (outcome === 'credited' || outcome === 'tipped') {
        log.warn(
          { orderId: order.id, paymentId: chosen.id, outcome },
          'payment applied by reconciliation (its webhook never arrived)',
        );
      }
    } catch (err) {
      summary.errors += 1;
      log.error({ err, orderId: order.id }, 'could not reconcile order');
    }
  }
  return summary;
}

/**
 * Runs reconcileUnpaidOrders every `everyMs` on whichever instance holds the advisory lock. The lock is
 * transaction-scoped (pg_try_advisory_xact_lock), so a crashed instance can never leave it held and a
 * pooled connection never keeps it. Returns a stop function that waits for a run in progress.
 */
export function startReconcileLoop(
  deps: AppDeps,
  opts: { everyMs?: number; olderThanMs?: number } = {},
): () => Promise<void> {
  const everyMs = opts.everyMs ?? RECONCILE_EVERY_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const runOnce = async () => {
    try {
      await deps.db.transaction(async (lockTx) => {
        const result = await lockTx.raw<{ rows: Array<{ locked: boolean }> }>(
          'select pg_try_advisory_xact_lock(?) as locked',
          [RECONCILE_LOCK_KEY],
        );
        if (!result.rows[0]?.locked) return; // another instance is running it
        const summary = await reconcileUnpaidOrders(deps, { olderThanMs: opts.olderThanMs });
        if (summary.checked > 0) deps.logger.info({ job: 'reconcile', ...summary }, 'reconciliation run');
      });
    } catch (err) {
      deps.logger.error({ err, job: 'reconcile' }, 'reconciliation run failed');
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().finally(() => {
        running = null;
        schedule();
      });
    }, everyMs);
    timer.unref();
  };
  schedule();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
