import Router from '@koa/router';
import { deleteAccountInputSchema, MESSAGES } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal, requireUser } from '../../http/auth.ts';
import { parseInput } from '../../http/validate.ts';
import { deleteAccount, exportUserData } from './privacy.service.ts';

/** GET /api/users/me/export (the person's data as a JSON download) and DELETE /api/users/me (erasure). */
export function privacyRoutes(deps: AppDeps): Router {
  const router = new Router({ prefix: '/users/me' });
  router.get('/export', requireUser, async (ctx) => {
    const { userId } = principal(ctx.state);
    ctx.set('Cache-Control', 'no-store');
    ctx.set(
      'Content-Disposition',
      `attachment; filename="shabaash-data-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    // A download, not a list: sent as text, so the list byte cap (http/compress.ts) does not apply to it.
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(await exportUserData(deps, userId));
  });
  router.delete('/', requireUser, async (ctx) => {
    const input = parseInput(deleteAccountInputSchema, ctx.request.body);
    await deleteAccount(deps, principal(ctx.state).userId, input.balancePaise);
    ctx.body = { message: MESSAGES.accountDeleted };
  });
  return router;
}
