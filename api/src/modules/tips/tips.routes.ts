import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { requireSessionClaims, sessionClaims } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { answerConditional } from '../../http/conditional.ts';
import { contractRouter } from '../../http/contract.ts';
import { IDEMPOTENT_REPLAYED_HEADER, readIdempotencyKey } from '../../http/idempotency.ts';
import { countTipRefused, countTipSent } from '../../metrics/tips.ts';
import { resolveDisplayCreator } from '../creators/overlay.service.ts';
import { assertWalletStored } from '../wallet/wallet.service.ts';
import { displayTips, recentTips, sendTip } from './tips.service.ts';

/** Viewer tip calls: POST /tips/send (404 WALLET_OFF without a stored wallet), GET /tips/recent, GET /tips/display. */
export function tipsRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);

  // The session row is checked inside sendTip's one statement (the hottest route makes one round trip).
  route(
    'sendTip',
    async (call) => {
      // A wallet tip needs a stored wallet; with WALLET_MODE=off a tip goes through Checkout (POST /tips/order).
      assertWalletStored(deps.config);
      const key = readIdempotencyKey(call.ctx);
      const result = await sendTip(deps, sessionClaims(call.ctx.state), call.input, key).catch(
        (err: unknown) => {
          countTipRefused(err instanceof AppError ? err.code : 'INTERNAL');
          throw err;
        },
      );
      countTipSent(result.replayed);
      if (result.replayed) call.ctx.set(IDEMPOTENT_REPLAYED_HEADER, 'true');
      call.ctx.status = result.status;
      return result.body;
    },
    { auth: requireSessionClaims },
  );

  // Both from the instance's read cache, with ETag / 304; recent tips carry the caller's own phone. recentTips
  // checks the session row itself, in the statement that reads the creator's version (401 first).
  route(
    'recentTips',
    async ({ ctx, query }) =>
      answerConditional(ctx, await recentTips(deps, sessionClaims(ctx.state), query.creator), 'no-store'),
    { auth: requireSessionClaims },
  );

  route('displayTips', async ({ ctx, query }) =>
    answerConditional(ctx, await displayTips(deps, await resolveDisplayCreator(deps, query)), 'no-cache'),
  );

  return router;
}
