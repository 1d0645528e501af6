import type Router from '@koa/router';
import { MESSAGES } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { forbidden } from '../../http/errors.ts';
import { presentUser } from '../users/users.presenter.ts';
import { becomeCreator } from './profile.service.ts';

/** POST /api/creator/profile: a signed-in viewer becomes a creator (the one creator route open to viewers). */
export function creatorProfileRoutes({ db, config }: AppDeps): Router {
  const { router, route } = contractRouter(config);
  route('becomeCreator', async ({ ctx, input }) => {
    // An operator stays an operator: as a creator it would sign in at /auth/login without its OTP.
    if (principal(ctx.state).role === 'operator') throw forbidden(MESSAGES.operatorNotCreator);
    const user = await becomeCreator(db, principal(ctx.state).userId, input);
    ctx.status = 201;
    return { user: presentUser(user) };
  });
  return router;
}
