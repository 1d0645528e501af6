import Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { auditRoutes } from './audit.routes.ts';
import { disputesRoutes } from './disputes.routes.ts';
import { opsPayoutsRoutes } from './payouts.routes.ts';

/**
 * The operator console's API (/api/ops/*): one router per area, every route `auth: 'operator'` in the contract
 * (requireOperator: 401 signed out, 403 for anyone but an operator). Add an area's router to the list below.
 */
export function opsRoutes(deps: AppDeps): Router {
  const router = new Router();
  for (const area of [auditRoutes(deps), disputesRoutes(deps), opsPayoutsRoutes(deps)])
    router.use(area.routes(), area.allowedMethods());
  return router;
}
