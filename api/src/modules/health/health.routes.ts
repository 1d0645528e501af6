import type Router from '@koa/router';
import { pingDb } from '../../db/knex.ts';
import type { AppDeps } from '../../deps.ts';
import { contractRouter } from '../../http/contract.ts';

/** GET /api/health: 200 with db ok, or 503 with the reason the database is unreachable. */
export function healthRoutes({ db, version, config }: AppDeps): Router {
  const { router, route } = contractRouter(config);
  route('health', async ({ ctx }) => {
    try {
      await pingDb(db);
      return { status: 'ok' as const, db: 'ok' as const, version };
    } catch (err) {
      ctx.status = 503;
      return {
        status: 'degraded' as const,
        db: 'down' as const,
        version,
        reason: err instanceof Error ? err.message : String(err),
      };
    }
  });
  return router;
}
