import Router from '@koa/router';
import { creatorQuerySchema, displayQuerySchema, sendTipInputSchema } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal, requireSessionClaims, requireUser, sessionClaims } from '../../http/auth.ts';
import { IDEMPOTENT_REPLAYED_HEADER, readIdempotencyKey } from '../../http/idempotency.ts';
import { parseInput } from '../../http/validate.ts';
import { resolveDisplayCreator } from '../creators/overlay.service.ts';
import { displayTips, recentTips, sendTip } from './tips.service.ts';

/** Viewer tip calls: POST /tips/send, GET /tips/recent, GET /tips/display. */
export function tipsRoutes(deps: AppDeps): Router {
  const router = new Router({ prefix: '/tips' });

  // The session row is checked inside sendTip's one statement (the hottest route makes one round trip).
  router.post('/send', requireSessionClaims, async (ctx) => {
    const key = readIdempotencyKey(ctx);
    const input = parseInput(sendTipInputSchema, ctx.request.body);
    const result = await sendTip(deps, sessionClaims(ctx.state), input, key);
    if (result.replayed) ctx.set(IDEMPOTENT_REPLAYED_HEADER, 'true');
    ctx.status = result.status;
    ctx.body = result.body;
  });

  router.get('/recent', requireUser, async (ctx) => {
    const { creator } = parseInput(creatorQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { tips: await recentTips(deps, principal(ctx.state).userId, creator) };
  });

  router.get('/display', async (ctx) => {
    const query = parseInput(displayQuerySchema, ctx.query);
    const creatorId = await resolveDisplayCreator(deps, query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { tips: await displayTips(deps, creatorId) };
  });

  return router;
}
