import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { notFound } from '../../http/errors.ts';
import { presentUser } from './users.presenter.ts';
import { getProfilePicture, getUser, setProfilePicture } from './users.service.ts';

/** GET /api/users/me (restores the session), PUT /api/users/profile-picture, GET /api/users/:id/picture. */
export function usersRoutes({ db, config }: AppDeps): Router {
  const { router, route } = contractRouter(config);
  route('me', async ({ ctx }) => ({ user: presentUser(await getUser(db, principal(ctx.state).userId)) }));
  route('updateProfilePic', async ({ ctx, input }) => {
    const user = await setProfilePicture(db, principal(ctx.state).userId, input.profilePic);
    return { user: presentUser(user) };
  });
  // Image bytes. Public like the tips that show it (overlay, guest page); the URL is versioned, so caches keep
  // it a year.
  route('profilePicture', async ({ ctx, params }) => {
    const id = params.id ?? '';
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('Picture');
    const picture = await getProfilePicture(db, id, String(ctx.query.v ?? ''));
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    return { contentType: picture.contentType, bytes: picture.bytes };
  });
  return router;
}
