import type Router from '@koa/router';
import { MESSAGES } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal, requireUser } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { deleteAccount, exportUserData } from './privacy.service.ts';

/** GET /api/users/me/export (the person's data as a JSON download) and DELETE /api/users/me (erasure). */
export function privacyRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);

  // A file download (an attachment the browser saves), not a JSON call of the contract.
  router.get('/users/me/export', requireUser, async (ctx) => {
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

  route('deleteAccount', async ({ ctx, input }) => {
    await deleteAccount(deps, principal(ctx.state).userId, input.balancePaise);
    return { message: MESSAGES.accountDeleted };
  });

  return router;
}
