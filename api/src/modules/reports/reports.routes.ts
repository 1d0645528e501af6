import type Router from '@koa/router';
import { MESSAGES } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { enforceRateLimits, rateLimits } from '../../http/rateLimit.ts';
import { fileReport } from './reports.service.ts';

/** POST /api/reports: a signed-in user reports a tip, a creator or a viewer (rate-limited per user). */
export function reportsRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);
  const { reportsPerUser } = rateLimits(deps.config);
  route('createReport', async ({ ctx, input }) => {
    const reporter = principal(ctx.state);
    await enforceRateLimits(ctx, deps.db, [{ key: `reports:user:${reporter.userId}`, rule: reportsPerUser }]);
    await fileReport(deps, reporter, input);
    ctx.status = 201;
    return { message: MESSAGES.reportSent };
  });
  return router;
}
