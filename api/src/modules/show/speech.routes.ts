import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { contractRouter } from '../../http/contract.ts';
import { notFound } from '../../http/errors.ts';
import { enforceRateLimits, rateLimits } from '../../http/rateLimit.ts';
import { findTipSpeechByOverlayKey } from './show.repository.ts';
import { testAlertSpeech } from './show.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /overlay/speech/:id?key=… (`endpoints.overlaySpeech`): the cached speech of a tip pushed live, authorised only by its creator's
 * overlay key (a wrong key, another creator's tip, a deleted tip or speech not synthesised yet → 404; the overlay
 * retries). The audio of a tip never changes, so browsers may keep it; the key in the URL keeps it private.
 */
export function speechRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);

  // Audio bytes (audio/wav or audio/mpeg).
  route('overlaySpeech', async ({ ctx, params, query }) => {
    const tipId = params.id ?? '';
    const speech = UUID.test(tipId) ? await findTipSpeechByOverlayKey(deps.db, tipId, query.key) : null;
    if (!speech) throw notFound('Speech');
    ctx.set('Cache-Control', 'private, max-age=86400, immutable');
    ctx.set('Last-Modified', speech.createdAt.toUTCString());
    return { contentType: speech.mime, bytes: speech.audio };
  });

  // GET /overlay/test-speech?key=… (`endpoints.overlayTestSpeech`): the test alert's speech, made on demand.
  route('overlayTestSpeech', async ({ ctx, query }) => {
    const { key } = query;
    await enforceRateLimits(ctx, deps.db, [
      { key: `test-speech:key:${key.slice(0, 64)}`, rule: rateLimits(deps.config).testSpeechPerKey },
    ]);
    const speech = await testAlertSpeech(deps, key);
    ctx.set('Cache-Control', 'no-store');
    return { contentType: speech.mime, bytes: speech.audio };
  });

  return router;
}
