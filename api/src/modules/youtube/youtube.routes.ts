import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { enforceRateLimits, rateLimits } from '../../http/rateLimit.ts';
import {
  disconnect,
  finishConnect,
  saveYouTubeSettings,
  startConnect,
  youtubeStatus,
} from './youtube.service.ts';

/**
 * Connect YouTube, the creator's own channel only (the principal picks the row; no id crosses the wire):
 * GET/DELETE /creator/youtube, POST /creator/youtube/connect and /creator/youtube/callback, PUT
 * /creator/youtube/settings (how Super Chats count).
 */
export function youtubeRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);
  const limits = rateLimits(deps.config);
  const limit = (ctx: Parameters<typeof enforceRateLimits>[0], creatorId: string) =>
    enforceRateLimits(ctx, deps.db, [{ key: `youtube:${creatorId}`, rule: limits.youtubeConnectPerCreator }]);

  route('youtubeStatus', async ({ ctx }) => {
    ctx.set('Cache-Control', 'no-store');
    return youtubeStatus(deps, principal(ctx.state).userId);
  });

  route('connectYouTube', async ({ ctx }) => {
    const creatorId = principal(ctx.state).userId;
    await limit(ctx, creatorId);
    ctx.set('Cache-Control', 'no-store');
    return startConnect(deps, creatorId);
  });

  route('youtubeCallback', async ({ ctx, input }) => {
    const creatorId = principal(ctx.state).userId;
    await limit(ctx, creatorId);
    return finishConnect(deps, creatorId, input);
  });

  route('youtubeSettings', async ({ ctx, input }) => {
    const creatorId = principal(ctx.state).userId;
    await limit(ctx, creatorId);
    return saveYouTubeSettings(deps, creatorId, input);
  });

  route('disconnectYouTube', async ({ ctx }) => {
    const creatorId = principal(ctx.state).userId;
    await limit(ctx, creatorId);
    return disconnect(deps, creatorId);
  });

  return router;
}
