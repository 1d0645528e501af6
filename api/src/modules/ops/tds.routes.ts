import type Router from '@koa/router';
import { tds16aQuerySchema, tdsQuarterQuerySchema } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal, requireOperator } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { sendCsv } from '../../http/csv.ts';
import { parseInput } from '../../http/validate.ts';
import { export16a, export26q, type TdsQuarter } from './tds.service.ts';

/**
 * GET /api/ops/tds/26q.csv?fy=&quarter= (a quarter's 194-O deductions in Form 26Q's columns) and
 * GET /api/ops/tds/16a.csv?fy=&quarter=&creator= (one creator's Form 16A data). Operators only, each audited.
 */
export function opsTdsRoutes(deps: AppDeps): Router {
  const { router } = contractRouter(deps.config);
  router.get('/ops/tds/26q.csv', requireOperator, async (ctx) => {
    const q = parseInput(tdsQuarterQuerySchema, ctx.query);
    const out = await export26q(deps, principal(ctx.state).userId, q as TdsQuarter);
    sendCsv(ctx, out.filename, out.rows);
  });
  router.get('/ops/tds/16a.csv', requireOperator, async (ctx) => {
    const q = parseInput(tds16aQuerySchema, ctx.query);
    const out = await export16a(deps, principal(ctx.state).userId, {
      fy: q.fy,
      quarter: q.quarter as TdsQuarter['quarter'],
      creatorId: q.creator,
    });
    sendCsv(ctx, out.filename, out.rows);
  });
  return router;
}
