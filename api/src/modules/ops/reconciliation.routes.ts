import type Router from '@koa/router';
import type { ReconDifference, ReconRun } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { contractRouter } from '../../http/contract.ts';
import {
  countOpenDifferences,
  findDifference,
  findRun,
  listOpenDifferences,
  listRuns,
  type DifferenceRow,
  type RunRow,
} from './reconciliationRuns.repository.ts';
import { istYesterday, reconcileDay, resolveDifferenceByOperator } from './reconciliation.service.ts';

/** Runs and open differences the page lists. */
const RUNS_LISTED = 30;
const OPEN_LISTED = 200;

export function presentRun(r: RunRow): ReconRun {
  return {
    id: r.id,
    day: r.day,
    trigger: r.trigger,
    status: r.status,
    compared: r.compared,
    found: r.found,
    resolved: r.resolved,
    error: r.error,
    startedAt: r.started_at.toISOString(),
    finishedAt: r.finished_at?.toISOString() ?? null,
  };
}

export function presentDifference(d: DifferenceRow): ReconDifference {
  return {
    id: d.id,
    day: d.day,
    kind: d.kind,
    entity: d.entity,
    entityId: d.entity_id,
    ledger: d.ledger ?? null,
    razorpay: d.razorpay ?? null,
    firstSeenAt: d.first_seen_at.toISOString(),
    lastSeenAt: d.last_seen_at.toISOString(),
    resolvedAt: d.resolved_at?.toISOString() ?? null,
    resolvedBy: d.resolved_by,
    resolutionNote: d.resolution_note,
  };
}

/** The daily reconciliation's page and actions (operators only; the run and each resolution are audited). */
export function reconciliationRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);
  route('opsReconciliation', async () => {
    const [runs, open, openCount] = await Promise.all([
      listRuns(deps.db, RUNS_LISTED),
      listOpenDifferences(deps.db, OPEN_LISTED),
      countOpenDifferences(deps.db),
    ]);
    return { runs: runs.map(presentRun), open: open.map(presentDifference), openCount };
  });
  route('opsReconciliationRun', async ({ ctx, input }) => {
    const day = input.day ?? istYesterday();
    const outcome = await reconcileDay(deps, day, {
      trigger: 'operator',
      operatorId: principal(ctx.state).userId,
    });
    if (!outcome) throw conflict('A reconciliation is running now. Try again in a minute.');
    const run = await findRun(deps.db, outcome.runId);
    if (!run) throw notFound('Run');
    return { run: presentRun(run) };
  });
  route('opsReconciliationResolve', async ({ ctx, input, params }) => {
    const id = params.id ?? '';
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('Difference');
    await resolveDifferenceByOperator(deps, id, {
      operatorId: principal(ctx.state).userId,
      reason: input.reason,
    });
    const row = await findDifference(deps.db, id);
    if (!row) throw notFound('Difference');
    return { difference: presentDifference(row) };
  });
  return router;
}
