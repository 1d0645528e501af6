import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { closeReport, reportsQueue } from '../reports/reports.service.ts';

/** GET /api/ops/reports (the queue, open first, with context) and POST /api/ops/reports/:id/close (audited). */
export function opsReportsRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);
  route('opsReports', async ({ query }) => ({ reports: await reportsQueue(deps.db, query) }));
  route('opsCloseReport', async ({ ctx, params, input }) => ({
    report: await closeReport(deps, principal(ctx.state).userId, params.id ?? '', input.resolution),
  }));
  return router;
}
