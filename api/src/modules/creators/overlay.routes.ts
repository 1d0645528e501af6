import Router from '@koa/router';
import { overlayKeyQuerySchema, overlaySettingsSchema } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal, requireCreator } from '../../http/auth.ts';
import { parseInput } from '../../http/validate.ts';
import {
  getOverlay,
  pickSettings,
  publicOverlaySettings,
  rotateOverlayKey,
  saveOverlaySettings,
} from './overlay.service.ts';

/** Overlay studio calls: GET /creator/overlay, PUT /creator/settings, GET /creator/overlay/public, POST /creator/overlay-key/rotate. */
export function overlayRoutes(deps: AppDeps): Router {
  const router = new Router({ prefix: '/creator' });

  router.get('/overlay', requireCreator, async (ctx) => {
    const profile = await getOverlay(deps.db, principal(ctx.state).userId);
    ctx.body = {
      ...pickSettings(profile),
      handle: profile.handle,
      displayName: profile.displayName,
      overlayKey: profile.overlayKey,
    };
  });

  router.put('/settings', requireCreator, async (ctx) => {
    const input = parseInput(overlaySettingsSchema, ctx.request.body);
    ctx.body = await saveOverlaySettings(deps, principal(ctx.state).userId, input);
  });

  router.get('/overlay/public', async (ctx) => {
    const { key } = parseInput(overlayKeyQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await publicOverlaySettings(deps.db, key);
  });

  router.post('/overlay-key/rotate', requireCreator, async (ctx) => {
    ctx.body = { overlayKey: await rotateOverlayKey(deps, principal(ctx.state).userId) };
  });

  return router;
}
