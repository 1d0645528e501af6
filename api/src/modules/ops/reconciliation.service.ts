import type { AppDeps } from '../../deps.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type {
  ReportedPayment,
  ReportedRefund,
  ReportedSettlement,
  ReconItem,
} from '../../payments/reportsGateway.ts';
import type { RouteTransfer } from '../../payments/routeGateway.ts';
import { recordOperatorAction } from './audit.ts';
import {
  failRun,
  insertRun,
  lockDifference,
  recordRunDifferences,
  resolveDifference,
  withReconciliationLock,
  type DifferenceInput,
} from './reconciliationRuns.repository.ts';
import {
  ledgerPaymentsByIds,
  ledgerPaymentsIn,
  ledgerRefundsByIds,
  ledgerRefundsIn,
  ledgerSettlementsByIds,
  ledgerSettlementsIn,
  ledgerTransfersByIds,
  ledgerTransfersIn,
  type DifferenceKind,
  type LedgerTransfer,
  type Period,
  type ReconEntity,
  type RunTrigger,
} from './reconciliation.repository.ts';

export { countOpenDifferences } from './reconciliationRuns.repository.ts';

type ReconDeps = Pick<AppDeps, 'db' | 'payments' | 'logger'>;

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
/** Razorpay calls in flight at once while asking about records only the ledger listed. */
const FETCH_CONCURRENCY = 8;

/** The instants an IST calendar day `YYYY-MM-DD` starts and ends. */
export function istDayPeriod(day: string): Period {
  const from = new Date(`${day}T00:00:00+05:30`);
  if (Number.isNaN(from.getTime())) throw new RangeError(`not a day: ${day}`);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/** The IST calendar day `YYYY-MM-DD` before the one `now` falls in. */
export function istYesterday(now = new Date()): string {
  return new Date(now.getTime() + IST_OFFSET_MS - DAY_MS).toISOString().slice(0, 10);
}

/** The IST calendar day `now` falls in. */
export function istToday(now = new Date()): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

interface Side<R, L> {
  entity: ReconEntity;
  /** What Razorpay listed for the day, and whether an item counts (a payment that was captured…). */
  razorpay: R[];
  counts: (r: R) => boolean;
  /** What the ledger recorded in the day, and its records of any other ids. */
  ledger: L[];
  ledgerByIds: (ids: string[]) => Promise<L[]>;
  fetchRazorpay: (id: string) => Promise<R | null>;
  /** amount_mismatch or status_mismatch between two records of one id; null when they agree. */
  compare: (ledger: L, razorpay: R) => DifferenceKind | null;
}

/**
 * Matches one kind of entity by id in both directions: everything Razorpay listed for the day against the
 * ledger's record of that id (recorded any day), and everything the ledger recorded that day that Razorpay did
 * not list against Razorpay's own record of that id (fetched one by one, so a day boundary between the two
 * clocks is no difference).
 */
async function matchSide<R extends { id: string }, L extends { id: string }>(
  side: Side<R, L>,
): Promise<DifferenceInput[]> {
  const out: DifferenceInput[] = [];
  const diff = (kind: DifferenceKind, id: string, ledger: L | null, razorpay: R | null) =>
    out.push({ kind, entity: side.entity, entityId: id, ledger, razorpay });
  const listed = new Map(side.razorpay.map((r) => [r.id, r]));
  const counted = side.razorpay.filter(side.counts);
  const ledger = new Map(side.ledger.map((l) => [l.id, l]));
  const unknown = counted.map((r) => r.id).filter((id) => !ledger.has(id));
  for (const l of await side.ledgerByIds(unknown)) ledger.set(l.id, l);
  for (const r of counted) {
    const l = ledger.get(r.id);
    if (!l) diff('missing_in_ledger', r.id, null, r);
    else {
      const kind = side.compare(l, r);
      if (kind) diff(kind, r.id, l, r);
    }
  }
  const countedIds = new Set(counted.map((r) => r.id));
  const onlyOurs = side.ledger.filter((l) => !countedIds.has(l.id));
  for (let i = 0; i < onlyOurs.length; i += FETCH_CONCURRENCY) {
    await Promise.all(
      onlyOurs.slice(i, i + FETCH_CONCURRENCY).map(async (l) => {
        const r = listed.get(l.id) ?? (await side.fetchRazorpay(l.id));
        if (!r) diff('missing_at_razorpay', l.id, l, null);
        else if (!side.counts(r)) diff('status_mismatch', l.id, l, r);
        else {
          const kind = side.compare(l, r);
          if (kind) diff(kind, l.id, l, r);
        }
      }),
    );
  }
  return out;
}

/** Razorpay's transfer states as the ledger's: settled one way or the other, or still on its way. */
function transferOutcome(status: string): 'processed' | 'failed' | 'pending' {
  if (status === 'processed' || status === 'reversed' || status === 'partially_reversed') return 'processed';
  if (status === 'failed') return 'failed';
  return 'pending';
}

/**
 * Settlements of payout transfers: each one the ledger recorded that day must exist at Razorpay with the same UTR
 * and amount, and every transfer of ours that Razorpay's recon report says it settled that day must be recorded
 * with that settlement. Settlements of Razorpay's that carry none of our transfers (the platform's own) are not
 * the ledger's business.
 */
async function matchSettlements(
  deps: ReconDeps,
  listed: ReportedSettlement[],
  recon: ReconItem[],
  period: Period,
): Promise<DifferenceInput[]> {
  const out: DifferenceInput[] = [];
  const ours = await ledgerSettlementsIn(deps.db, period);
  const reconIds = [...new Set(recon.filter((i) => i.type === 'transfer').map((i) => i.settlement_id))];
  const known = new Map(ours.map((s) => [s.id, s]));
  for (const s of await ledgerSettlementsByIds(
    deps.db,
    reconIds.filter((id) => !known.has(id)),
  ))
    known.set(s.id, s);
  const listedById = new Map(listed.map((s) => [s.id, s]));
  for (const s of known.values()) {
    const r = listedById.get(s.id) ?? (await deps.payments.reports.fetchSettlement(s.id));
    if (!r)
      out.push({
        kind: 'missing_at_razorpay',
        entity: 'settlement',
        entityId: s.id,
        ledger: s,
        razorpay: null,
      });
    else if ((r.utr ?? null) !== (s.utr ?? null))
      out.push({ kind: 'status_mismatch', entity: 'settlement', entityId: s.id, ledger: s, razorpay: r });
    else if (r.amount !== s.amount_paise)
      out.push({ kind: 'amount_mismatch', entity: 'settlement', entityId: s.id, ledger: s, razorpay: r });
  }
  const transfers = new Map(
    (
      await ledgerTransfersByIds(
        deps.db,
        recon.map((i) => i.entity_id),
      )
    ).map((t) => [t.id, t]),
  );
  for (const item of recon.filter((i) => i.type === 'transfer')) {
    const t: LedgerTransfer | undefined = transfers.get(item.entity_id);
    if (t && t.recipient_settlement_id !== item.settlement_id && !known.has(item.settlement_id))
      out.push({
        kind: 'missing_in_ledger',
        entity: 'settlement',
        entityId: item.settlement_id,
        ledger: t,
        razorpay: item,
      });
  }
  return out;
}

/** Compares one IST day of the ledger with Razorpay's reports; nothing is written. */
export async function compareDay(
  deps: ReconDeps,
  day: string,
): Promise<{ differences: DifferenceInput[]; compared: Record<ReconEntity, number> }> {
  const period = istDayPeriod(day);
  const window = { from: period.from.getTime() / 1000, to: period.to.getTime() / 1000 - 1 };
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const reports = deps.payments.reports;
  const [payments, refunds, transfers, settlements, recon] = await Promise.all([
    reports.listPayments(window),
    reports.listRefunds(window),
    reports.listTransfers(window),
    reports.listSettlements(window),
    reports.settlementRecon({ year: y, month: m, day: d }),
  ]);
  const db = deps.db;
  const [ourPayments, ourRefunds, ourTransfers] = await Promise.all([
    ledgerPaymentsIn(db, period),
    ledgerRefundsIn(db, period),
    ledgerTransfersIn(db, period),
  ]);
  const differences = [
    ...(await matchSide<ReportedPayment, (typeof ourPayments)[number]>({
      entity: 'payment',
      razorpay: payments,
      counts: (p) => p.captured || p.status === 'captured' || p.status === 'refunded',
      ledger: ourPayments,
      ledgerByIds: (ids) => ledgerPaymentsByIds(db, ids),
      fetchRazorpay: (id) => reports.fetchPayment(id),
      compare: (l, r) => (l.amount_paise !== r.amount ? 'amount_mismatch' : null),
    })),
    ...(await matchSide<ReportedRefund, (typeof ourRefunds)[number]>({
      entity: 'refund',
      razorpay: refunds,
      counts: (r) => r.status !== 'failed',
      ledger: ourRefunds,
      ledgerByIds: (ids) => ledgerRefundsByIds(db, ids),
      fetchRazorpay: (id) => reports.fetchRefund(id),
      compare: (l, r) => (l.amount_paise !== r.amount ? 'amount_mismatch' : null),
    })),
    ...(await matchSide<RouteTransfer, LedgerTransfer>({
      entity: 'transfer',
      razorpay: transfers,
      counts: () => true,
      ledger: ourTransfers,
      ledgerByIds: (ids) => ledgerTransfersByIds(db, ids),
      fetchRazorpay: (id) => reports.fetchTransfer(id),
      compare: (l, r) => {
        if (l.amount_paise !== Number(r.amount)) return 'amount_mismatch';
        const theirs = transferOutcome(r.status);
        const ours = l.status === 'processed' || l.status === 'failed' ? l.status : 'pending';
        return theirs !== 'pending' && theirs !== ours ? 'status_mismatch' : null;
      },
    })),
    ...(await matchSettlements(deps, settlements, recon, period)),
  ];
  return {
    differences,
    compared: {
      payment: new Set([...payments.map((p) => p.id), ...ourPayments.map((p) => p.id)]).size,
      refund: new Set([...refunds.map((r) => r.id), ...ourRefunds.map((r) => r.id)]).size,
      transfer: new Set([...transfers.map((t) => t.id), ...ourTransfers.map((t) => t.id)]).size,
      settlement: settlements.length,
    },
  };
}

export interface RunOutcome {
  runId: string;
  day: string;
  status: 'done' | 'failed';
  found: number;
  resolved: number;
  compared: Partial<Record<ReconEntity, number>>;
  error: string | null;
}

/**
 * Reconciles one IST day under the cluster-wide lock: a run row, the comparison, then (one transaction) the
 * differences opened, refreshed or resolved and — when an operator asked for it — their audit row. A failure
 * (Razorpay unreachable) marks the run failed and leaves the day's differences as they were. Null when another
 * run holds the lock.
 */
export async function reconcileDay(
  deps: ReconDeps,
  day: string,
  by: { trigger: RunTrigger; operatorId?: string | null },
): Promise<RunOutcome | null> {
  istDayPeriod(day); // refuses a malformed day before anything is written
  const locked = await withReconciliationLock(deps.db, async (): Promise<RunOutcome> => {
    const run = await insertRun(deps.db, { day, trigger: by.trigger, operatorId: by.operatorId ?? null });
    const audit = async (tx: Parameters<typeof recordOperatorAction>[0], after: unknown) => {
      if (by.operatorId)
        await recordOperatorAction(tx, {
          operatorId: by.operatorId,
          action: 'reconciliation.run',
          targetKind: 'reconciliation_day',
          targetId: day,
          before: null,
          after,
          reason: null,
        });
    };
    try {
      const { differences, compared } = await compareDay(deps, day);
      const counts = await deps.db.transaction(async (tx) => {
        const written = await recordRunDifferences(tx, { id: run.id, day, compared }, differences);
        await audit(tx, { runId: run.id, ...written, compared });
        return written;
      });
      return { runId: run.id, day, status: 'done', ...counts, compared, error: null };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      deps.logger.error({ err, job: 'daily-reconciliation', day }, 'reconciliation run failed');
      await deps.db.transaction(async (tx) => {
        await failRun(tx, run.id, error);
        await audit(tx, { runId: run.id, error });
      });
      return { runId: run.id, day, status: 'failed', found: 0, resolved: 0, compared: {}, error };
    }
  });
  return locked.ran ? locked.result : null;
}

/** An operator marks an open difference resolved, with their note; audited in the same transaction. */
export async function resolveDifferenceByOperator(
  deps: Pick<AppDeps, 'db'>,
  id: string,
  by: { operatorId: string; reason: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockDifference(tx, id);
    if (!row) throw notFound('Difference');
    if (row.resolved_at) throw conflict('This difference is already resolved.');
    await resolveDifference(tx, id, { operatorId: by.operatorId, note: by.reason });
    await recordOperatorAction(tx, {
      operatorId: by.operatorId,
      action: 'reconciliation.resolve',
      targetKind: 'reconciliation_difference',
      targetId: id,
      before: { kind: row.kind, entity: row.entity, entityId: row.entity_id, resolvedAt: null },
      after: { resolved: true },
      reason: by.reason,
    });
  });
}
