import Router from '@koa/router';
import { profilePicInputSchema } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal, requireUser } from '../../http/auth.ts';
import { parseInput } from '../../http/validate.ts';
import { presentUser } from './users.presenter.ts';
import { getUser, setProfilePicture } from './users.service.ts';

/** GET /api/users/me (restores the session) and PUT /api/users/profile-picture. */
export function usersRoutes({ db }: AppDeps): Router {
  const router = new Router({ prefix: '/users' });
  router.get('/me', requireUser, async (ctx) => {
    const user = await getUser(db, principal(ctx.state).userId);
    ctx.body = { user: presentUser(user) };
  });
  router.put('/profile-picture', requireUser, async (ctx) => {
    const input = parseInput(profilePicInputSchema, ctx.request.body);
    const user = await setProfilePicture(db, principal(ctx.state).userId, input.profilePic);
    ctx.body = { user: presentUser(user) };
  });
  return router;
}
