import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal, requireSessionClaims, sessionClaims } from '../../http/auth.ts';
import { answerConditional } from '../../http/conditional.ts';
import { contractRouter } from '../../http/contract.ts';
import { IDEMPOTENT_REPLAYED_HEADER, readIdempotencyKey } from '../../http/idempotency.ts';
import { resolveDisplayCreator } from '../creators/overlay.service.ts';
import { displayTips, recentTips, sendTip } from './tips.service.ts';

/** Viewer tip calls: POST /tips/send, GET /tips/recent, GET /tips/display. */
export function tipsRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);

  // The session row is checked inside sendTip's one statement (the hottest route makes one round trip).
  route(
    'sendTip',
    async (call) => {
      const key = readIdempotencyKey(call.ctx);
      const result = await sendTip(deps, sessionClaims(call.ctx.state), call.input, key);
      if (result.replayed) call.ctx.set(IDEMPOTENT_REPLAYED_HEADER, 'true');
      call.ctx.status = result.status;
      return result.body;
    },
    { auth: requireSessionClaims },
  );

  // Both from the instance's read cache, with ETag / 304 (issue 16); recent tips carry the caller's own phone.
  route('recentTips', async ({ ctx, query }) => {
    const read = await recentTips(deps, principal(ctx.state).userId, query.creator);
    return { tips: answerConditional(ctx, read, 'no-store') };
  });

  route('displayTips', async ({ ctx, query }) => {
    const read = await displayTips(deps, await resolveDisplayCreator(deps, query));
    return { tips: answerConditional(ctx, read, 'no-cache') };
  });

  return router;
}
