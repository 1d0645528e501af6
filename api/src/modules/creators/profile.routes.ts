import Router from '@koa/router';
import { creatorProfileInputSchema } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal, requireUser } from '../../http/auth.ts';
import { parseInput } from '../../http/validate.ts';
import { presentUser } from '../users/users.presenter.ts';
import { becomeCreator } from './profile.service.ts';

/** POST /api/creator/profile: a signed-in viewer becomes a creator (the one creator route open to viewers). */
export function creatorProfileRoutes({ db }: AppDeps): Router {
  const router = new Router({ prefix: '/creator' });
  router.post('/profile', requireUser, async (ctx) => {
    const input = parseInput(creatorProfileInputSchema, ctx.request.body);
    const user = await becomeCreator(db, principal(ctx.state).userId, input);
    ctx.status = 201;
    ctx.body = { user: presentUser(user) };
  });
  return router;
}
