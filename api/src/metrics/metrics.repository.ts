import { ALERT_RECEIPT_DEADLINE_MS, ALERT_RESHOW_WINDOW_MS } from '@shabaash/shared';
import type { Db, Executor } from '../db/knex.ts';

// The reads of the database gauges, once per scrape each: small, index-backed counts, each under a statement
// timeout so that a slow one cannot pile up behind the next scrape.

const STATEMENT_TIMEOUT_MS = 2_000;

async function timeBoxed<T>(db: Db, read: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.raw(`set local statement_timeout = ${STATEMENT_TIMEOUT_MS}`);
    return read(tx);
  });
}

const countOf = (rows: Array<{ n: number | string | null }>) => Number(rows[0]?.n ?? 0);

/** Outgoing webhook deliveries due now (pending, next attempt passed): the worker's backlog. */
export function countDueDeliveries(db: Db): Promise<number> {
  return timeBoxed(db, async (tx) =>
    countOf(
      (
        await tx.raw<{ rows: Array<{ n: number }> }>(
          `select count(*)::int as n from outgoing_webhook_deliveries where status = 'pending' and next_attempt_at <= now()`,
        )
      ).rows,
    ),
  );
}

/** How long the oldest due delivery has waited (s); 0 without a backlog. */
export function oldestDueDeliveryAge(db: Db): Promise<number> {
  return timeBoxed(db, async (tx) =>
    countOf(
      (
        await tx.raw<{ rows: Array<{ n: number | null }> }>(
          `select coalesce(extract(epoch from now() - min(next_attempt_at)), 0)::float8 as n
           from outgoing_webhook_deliveries where status = 'pending' and next_attempt_at <= now()`,
        )
      ).rows,
    ),
  );
}

/** Pending deliveries that failed at least once and wait for a retry (an endpoint down or refusing). */
export function countRetryingDeliveries(db: Db): Promise<number> {
  return timeBoxed(db, async (tx) =>
    countOf(
      (
        await tx.raw<{ rows: Array<{ n: number }> }>(
          `select count(*)::int as n from outgoing_webhook_deliveries where status = 'pending' and attempts > 0`,
        )
      ).rows,
    ),
  );
}

/** Endpoints disabled after too many failures in a row (WEBHOOK_DISABLE_AFTER_FAILURES). */
export function countDisabledEndpoints(db: Db): Promise<number> {
  return timeBoxed(db, async (tx) =>
    countOf(
      (
        await tx.raw<{ rows: Array<{ n: number }> }>(
          `select count(*)::int as n from outgoing_webhook_endpoints where not enabled`,
        )
      ).rows,
    ),
  );
}

export const TRANSFER_STATUSES = ['created', 'in_transit', 'processed', 'failed'] as const;

/** Payout transfers whose state changed in the last 24 hours, by state (every state present, 0 when none). */
export function countRecentTransfersByStatus(
  db: Db,
): Promise<Array<{ status: (typeof TRANSFER_STATUSES)[number]; count: number }>> {
  return timeBoxed(db, async (tx) => {
    const rows = (
      await tx.raw<{ rows: Array<{ status: string; n: number }> }>(
        `select status, count(*)::int as n from payout_transfers
         where updated_at > now() - interval '24 hours' group by status`,
      )
    ).rows;
    return TRANSFER_STATUSES.map((status) => ({
      status,
      count: rows.find((r) => r.status === status)?.n ?? 0,
    }));
  });
}

/**
 * Live alerts without a receipt past ALERT_RECEIPT_DEADLINE_MS, pushed live within ALERT_RESHOW_WINDOW_MS, of
 * creators whose overlay acknowledged another alert within that window (an overlay that was playing stopped
 * answering; a creator who never opened an overlay is not an incident). Held alerts (paused) do not count.
 */
export function countUnacknowledgedAlerts(db: Db): Promise<number> {
  return timeBoxed(db, async (tx) =>
    countOf(
      (
        await tx.raw<{ rows: Array<{ n: number }> }>(
          `select count(*)::int as n from tips t
           where t.status = 'read' and t.aired_at is null and t.deleted_at is null and not t.held
             and t.updated_at < now() - make_interval(secs => ?)
             and t.updated_at > now() - make_interval(secs => ?)
             and exists (select 1 from tips a where a.creator_id = t.creator_id
                         and a.aired_at > now() - make_interval(secs => ?))`,
          [ALERT_RECEIPT_DEADLINE_MS / 1000, ALERT_RESHOW_WINDOW_MS / 1000, ALERT_RESHOW_WINDOW_MS / 1000],
        )
      ).rows,
    ),
  );
}

/** Tips whose payer covered the platform fee ("I'll cover the fees"), and those fees in paise (deleted tips too). */
export function feesCoveredTotals(db: Db): Promise<{ tips: number; feePaise: number }> {
  return timeBoxed(db, async (tx) => {
    const row = (
      await tx.raw<{ rows: Array<{ n: number; fee: string | null }> }>(
        `select count(*)::int as n, sum(fee_paise) as fee from tips where fees_covered`,
      )
    ).rows[0];
    return { tips: row?.n ?? 0, feePaise: Number(row?.fee ?? 0) };
  });
}
