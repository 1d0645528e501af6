import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { answerConditional } from '../../http/conditional.ts';
import { contractRouter } from '../../http/contract.ts';
import { PreparedJson } from '../../http/preparedJson.ts';
import {
  getOverlay,
  pickSettings,
  publicOverlaySettings,
  rotateOverlayKey,
  saveOverlaySettings,
} from './overlay.service.ts';

/** Overlay studio calls: GET /creator/overlay, PUT /creator/settings, GET /creator/overlay/public, POST /creator/overlay-key/rotate. */
export function overlayRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);

  route('creatorOverlay', async ({ ctx }) => {
    const profile = await getOverlay(deps.db, principal(ctx.state).userId);
    return {
      ...pickSettings(profile),
      handle: profile.handle,
      displayName: profile.displayName,
      overlayKey: profile.overlayKey,
    };
  });

  route('saveSettings', async ({ ctx, input }) =>
    saveOverlaySettings(deps, principal(ctx.state).userId, input),
  );

  // Settings are not versioned by a space, so not kept: two point reads, with ETag / 304.
  route('publicOverlay', async ({ ctx, query }) => {
    const settings = await publicOverlaySettings(deps.db, query.key);
    return answerConditional(ctx, new PreparedJson(settings), 'no-cache');
  });

  route('rotateOverlayKey', async ({ ctx }) => ({
    overlayKey: await rotateOverlayKey(deps, principal(ctx.state).userId),
  }));

  return router;
}
