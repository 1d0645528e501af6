import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { notFound } from '../../http/errors.ts';
import { enforceRateLimits, rateLimits } from '../../http/rateLimit.ts';
import { getTierSound, uploadTierSound } from './tierSounds.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /creator/show/sounds (a creator uploads a tier sound) and GET /tier-sounds/:id (its bytes). */
export function tierSoundsRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);

  route('uploadTierSound', async ({ ctx, input }) => {
    const creatorId = principal(ctx.state).userId;
    await enforceRateLimits(ctx, deps.db, [
      { key: `tier-sound:creator:${creatorId}`, rule: rateLimits(deps.config).tierSoundUploadPerCreator },
    ]);
    return uploadTierSound(deps.db, creatorId, input.audio);
  });

  // Audio bytes. Public like profile pictures: the overlay (in OBS, no session)
  // plays it, and the id is random and never reused, so the browser keeps it a day; `private`, so no shared cache
  // keeps a file after it is deleted. The type is the one the bytes proved at upload (audio/mpeg or audio/ogg);
  // nosniff comes with every response.
  route('tierSound', async ({ ctx, params }) => {
    const id = params.id ?? '';
    if (!UUID.test(id)) throw notFound('Sound');
    const sound = await getTierSound(deps.db, id);
    ctx.set('Cache-Control', 'private, max-age=86400, immutable');
    ctx.set('Content-Disposition', 'inline');
    return { contentType: sound.contentType, bytes: sound.bytes };
  });
  return router;
}
