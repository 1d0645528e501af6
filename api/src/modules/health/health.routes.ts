import Router from '@koa/router';
import { pingDb } from '../../db/knex.ts';
import type { AppDeps } from '../../deps.ts';

/** GET /api/health: 200 with db ok, or 503 with the reason the database is unreachable. */
export function healthRoutes({ db, version }: AppDeps): Router {
  const router = new Router();
  router.get('/health', async (ctx) => {
    try {
      await pingDb(db);
      ctx.body = { status: 'ok', db: 'ok', version };
    } catch (err) {
      ctx.status = 503;
      ctx.body = {
        status: 'degraded',
        db: 'down',
        version,
        reason: err instanceof Error ? err.message : String(err),
      };
    }
  });
  return router;
}
