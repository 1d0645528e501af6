import Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { auditRoutes } from './audit.routes.ts';
import { consoleRoutes } from './console.routes.ts';
import { moneyRoutes } from './money.routes.ts';
import { reconciliationRoutes } from './reconciliation.routes.ts';
import { opsLeadsRoutes } from './leads.routes.ts';
import { peopleRoutes } from './people.routes.ts';
import { opsReportsRoutes } from './reports.routes.ts';
import { disputesRoutes } from './disputes.routes.ts';
import { opsPayoutsRoutes } from './payouts.routes.ts';
import { opsTdsRoutes } from './tds.routes.ts';

/**
 * The operator console's API (/api/ops/*): one router per area, every route `auth: 'operator'` in the contract
 * (requireOperator: 401 signed out, 403 for anyone but an operator). Add an area's router to the list below.
 */
export function opsRoutes(deps: AppDeps): Router {
  const router = new Router();
  const areas = [
    auditRoutes(deps),
    consoleRoutes(deps),
    moneyRoutes(deps),
    reconciliationRoutes(deps),
    peopleRoutes(deps),
    opsReportsRoutes(deps),
    opsLeadsRoutes(deps),
    disputesRoutes(deps),
    opsPayoutsRoutes(deps),
    opsTdsRoutes(deps),
  ];
  for (const area of areas) router.use(area.routes(), area.allowedMethods());
  return router;
}
