import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { enforceRateLimits, type RateLimitRule } from '../../http/rateLimit.ts';
import { endStream, getStreamState, startStream, widgetState } from './stream.service.ts';
import { creatorSupporters, hideSupporter, unhideSupporter } from './supporters.service.ts';

/**
 * A widget refetches at most about once a second (on each tip and stream change); three widgets and the overlay
 * of one streaming PC stay far below this, a key guesser does not (the key is 192 random bits anyway).
 */
const WIDGET_STATE_RATE: RateLimitRule = { limit: 600, windowMs: 60_000, name: 'widgetStatePerIp' };

/**
 * Stream sessions (GET /creator/stream, POST …/start, …/end), the creator's supporters list (GET
 * /creator/supporters, hide and show one) and the widgets' state (GET /overlay/widgets).
 */
export function streamRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);

  route('streamState', ({ ctx }) => getStreamState(deps.db, principal(ctx.state).userId));
  route('startStream', ({ ctx }) => startStream(deps, principal(ctx.state).userId));
  route('endStream', ({ ctx }) => endStream(deps, principal(ctx.state).userId));

  route('creatorSupporters', async ({ ctx }) => {
    ctx.set('Cache-Control', 'no-store');
    return creatorSupporters(deps.db, principal(ctx.state).userId);
  });
  route('hideSupporter', ({ ctx, input }) => hideSupporter(deps, principal(ctx.state).userId, input.key));
  route('unhideSupporter', ({ ctx, params }) =>
    unhideSupporter(deps, principal(ctx.state).userId, params.id ?? ''),
  );

  route('widgetState', async ({ ctx, query }) => {
    await enforceRateLimits(ctx, deps.db, [{ key: `widgets:ip:${ctx.ip}`, rule: WIDGET_STATE_RATE }]);
    ctx.set('Cache-Control', 'no-store');
    return widgetState(deps.db, query.key);
  });

  return router;
}
