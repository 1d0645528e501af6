import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { contractRouter } from '../../http/contract.ts';
import { probeParts } from './health.service.ts';

/**
 * GET /api/health: each part (the database, and the realtime LISTEN connection, identity, payments and webhook
 * worker this instance runs) with its mode and whether it answers; 200 when all do, 503 with the reasons when one
 * does not.
 */
export function healthRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);
  route('health', async ({ ctx }) => {
    const parts = await probeParts(deps);
    const down = Object.entries(parts).filter(([, part]) => part.status === 'down');
    if (down.length > 0) ctx.status = 503;
    return {
      status: down.length > 0 ? ('degraded' as const) : ('ok' as const),
      db: parts.database!.status,
      version: deps.version,
      ...(down.length > 0
        ? {
            reason: down.map(([name, part]) => `${name}: ${part.reason}`).join('; '),
            down: down.map(([name]) => name),
          }
        : {}),
      parts,
    };
  });
  return router;
}
