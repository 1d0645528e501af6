import type { AppDeps } from '../deps.ts';
import { applyPaymentReport } from '../modules/payments/payments.service.ts';
import type { PaymentOutcome } from '../modules/payments/paymentReport.ts';
import { refundRefusedPayment } from '../modules/payments/refusedPayments.ts';
import {
  closeOrder,
  listOrdersToReconcile,
  listPendingRefunds,
  markOrdersChecked,
  type PaymentOrderRow,
} from '../modules/payments/payments.repository.ts';
import { repeatEvery } from './repeat.ts';

/** Orders still unpaid this long after creation are asked about (webhooks may have been lost). */
export const RECONCILE_AFTER_MS = 15 * 60_000;
/** Older orders are given up on (Razorpay stops retrying webhooks after a day; a late UPI capture takes days). */
export const RECONCILE_HORIZON_MS = 7 * 24 * 60 * 60_000;
/**
 * An order with no payment attempt at Razorpay (`GET /orders/:id/payments` is empty) this long after creation is
 * closed: its checkout was abandoned. A payment made later still credits it through its webhook.
 */
export const RECONCILE_UNATTEMPTED_MS = 60 * 60_000;
/** A refund Razorpay has not accepted this long after it was recorded (its first call failed) is asked for again. */
export const REFUND_RETRY_AFTER_MS = 10 * 60_000;
/** How often the loop runs. */
export const RECONCILE_EVERY_MS = 5 * 60_000;
/** The advisory lock key that makes one instance at a time run the job ("shabaash reconcile"). */
export const RECONCILE_LOCK_KEY = 727_101_501;

/** Orders asked about per database read, and gateway calls in flight at once. */
export const RECONCILE_BATCH = 200;
export const RECONCILE_CONCURRENCY = 8;
/** A run stops taking new batches after this long; the least recently checked go first next run. */
export const RECONCILE_BUDGET_MS = 2 * 60_000;

export interface ReconcileSummary {
  checked: number;
  closed: number;
  outcomes: Partial<Record<PaymentOutcome, number>>;
  errors: number;
  /** Refunds of payments to deleted payees that Razorpay accepted on a retry this run. */
  refunds: number;
}

/**
 * Asks the gateway about every order still `created`/`failed` between `olderThanMs` and 7 days old, least
 * recently checked first, batch after batch until each was checked once this run or the time budget is
 * spent, so a backlog of abandoned checkouts cannot hide a newer paid order. Every captured (or failed)
 * payment goes through applyPaymentReport, the webhook's own code path, with an inbox id per payment so a
 * second run changes nothing. An order whose every attempt failed, or that nobody tried to pay within
 * RECONCILE_UNATTEMPTED_MS, is closed (no longer asked about). Then refunds still pending (a deleted payee, a
 * blocked payer) whose call failed or whose instance stopped are tried again.
 */
export async function reconcileUnpaidOrders(
  deps: AppDeps,
  opts: { olderThanMs?: number; batch?: number; budgetMs?: number } = {},
): Promise<ReconcileSummary> {
  const startedAt = new Date();
  const deadline = startedAt.getTime() + (opts.budgetMs ?? RECONCILE_BUDGET_MS);
  const summary: ReconcileSummary = { checked: 0, closed: 0, outcomes: {}, errors: 0, refunds: 0 };
  const log = deps.logger.child({ job: 'reconcile' });
  while (Date.now() < deadline) {
    const orders = await listOrdersToReconcile(deps.db, {
      createdBefore: new Date(startedAt.getTime() - (opts.olderThanMs ?? RECONCILE_AFTER_MS)),
      notBefore: new Date(startedAt.getTime() - RECONCILE_HORIZON_MS),
      checkedBefore: startedAt,
      limit: opts.batch ?? RECONCILE_BATCH,
    });
    if (orders.length === 0) break;
    for (let i = 0; i < orders.length; i += RECONCILE_CONCURRENCY) {
      await Promise.all(
        orders.slice(i, i + RECONCILE_CONCURRENCY).map((order) => reconcileOrder(deps, order, summary, log)),
      );
    }
    await markOrdersChecked(
      deps.db,
      orders.map((o) => o.id),
      new Date(),
    );
    summary.checked += orders.length;
  }
  // Refunds whose call failed (or whose instance stopped) are tried again, each at most once a minute.
  for (const paymentId of await listPendingRefunds(deps.db, RECONCILE_BATCH))
    if (await refundRefusedPayment(deps, paymentId, log)) summary.refunds += 1;
  return summary;
}

async function reconcileOrder(
  deps: AppDeps,
  order: PaymentOrderRow,
  summary: ReconcileSummary,
  log: AppDeps['logger'],
): Promise<void> {
  try {
    const payments = await deps.payments.fetchOrderPayments(order.id);
    const captured = payments.find((p) => p.status === 'captured');
    // A captured payment wins; otherwise record the latest failure if the order does not know it yet.
    const chosen =
      captured ??
      (order.status === 'created' ? payments.filter((p) => p.status === 'failed').at(-1) : undefined);
    if (chosen) {
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
          payer: { vpa: chosen.vpa ?? null, contact: chosen.contact ?? null },
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
    }
    // Attempted and failed at Razorpay, or never attempted for an hour: stop asking (a late capture's webhook
    // still credits it).
    const everyAttemptFailed = payments.length > 0 && payments.every((p) => p.status === 'failed');
    const abandoned =
      payments.length === 0 && order.created_at.getTime() <= Date.now() - RECONCILE_UNATTEMPTED_MS;
    if (!captured && (everyAttemptFailed || abandoned)) {
      await closeOrder(deps.db, order.id);
      summary.closed += 1;
    }
  } catch (err) {
    summary.errors += 1;
    log.error({ err, orderId: order.id }, 'could not reconcile order');
  }
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
  return repeatEvery({
    job: 'reconcile',
    everyMs: opts.everyMs ?? RECONCILE_EVERY_MS,
    firstNow: false,
    logger: deps.logger,
    failed: 'reconciliation run failed',
    run: () =>
      deps.db.transaction(async (lockTx) => {
        const result = await lockTx.raw<{ rows: Array<{ locked: boolean }> }>(
          'select pg_try_advisory_xact_lock(?) as locked',
          [RECONCILE_LOCK_KEY],
        );
        if (!result.rows[0]?.locked) return; // another instance is running it
        const summary = await reconcileUnpaidOrders(deps, { olderThanMs: opts.olderThanMs });
        if (summary.checked > 0) deps.logger.info({ job: 'reconcile', ...summary }, 'reconciliation run');
      }),
  });
}
