import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { export16a, export26q, type TdsQuarter } from './tds.service.ts';

/**
 * GET /api/ops/tds/26q.csv?fy=&quarter= (a quarter's 194-O deductions in Form 26Q's columns) and
 * GET /api/ops/tds/16a.csv?fy=&quarter=&creator= (one creator's Form 16A data). Operators only, each audited.
 */
export function opsTdsRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);
  route('opsTds26qCsv', async ({ ctx, query }) =>
    export26q(deps, principal(ctx.state).userId, query as TdsQuarter),
  );
  route('opsTds16aCsv', async ({ ctx, query }) =>
    export16a(deps, principal(ctx.state).userId, {
      fy: query.fy,
      quarter: query.quarter as TdsQuarter['quarter'],
      creatorId: query.creator,
    }),
  );
  return router;
}
