import type Router from '@koa/router';
import { MESSAGES } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { deleteAccount, exportUserData } from './privacy.service.ts';

/** GET /api/users/me/export (the person's data as a JSON download) and DELETE /api/users/me (erasure). */
export function privacyRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);

  // A file download (an attachment the browser saves).
  route('exportMyData', async ({ ctx }) => {
    ctx.set('Cache-Control', 'no-store');
    return {
      filename: `shabaash-data-${new Date().toISOString().slice(0, 10)}.json`,
      body: await exportUserData(deps, principal(ctx.state).userId),
    };
  });

  route('deleteAccount', async ({ ctx, input }) => {
    await deleteAccount(deps, principal(ctx.state).userId, input.balancePaise);
    return { message: MESSAGES.accountDeleted };
  });

  return router;
}
