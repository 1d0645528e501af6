import Router from '@koa/router';
import { profilePicInputSchema } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal, requireUser } from '../../http/auth.ts';
import { parseInput } from '../../http/validate.ts';
import { presentUser } from './users.presenter.ts';
import { getProfilePicture, getUser, setProfilePicture } from './users.service.ts';
import { notFound } from '../../http/errors.ts';

/** GET /api/users/me (restores the session), PUT /api/users/profile-picture, GET /api/users/:id/picture. */
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
  // Public like the tips that show it (overlay, guest page); the URL is versioned, so caches keep it a year.
  router.get('/:id/picture', async (ctx) => {
    const id = ctx.params.id ?? '';
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('Picture');
    const picture = await getProfilePicture(db, id, String(ctx.query.v ?? ''));
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.type = picture.contentType;
    ctx.body = picture.bytes;
  });
  return router;
}
