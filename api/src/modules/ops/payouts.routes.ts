import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { notFound } from '../../http/errors.ts';
import {
  opsPayoutsView,
  retryFailedTransfer,
  setCreatorPayoutsHold,
} from '../payouts/payoutHolds.service.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that must be one of our uuids (anything else is simply not found). */
function uuidParam(id: string | undefined, what: string): string {
  if (!id || !UUID_RE.test(id)) throw notFound(what);
  return id;
}

/**
 * GET /api/ops/payouts, POST /api/ops/payouts/transfers/:id/retry, POST /api/ops/creators/:id/payouts/hold and
 * /release (operators only; every action audited in its own transaction).
 */
export function opsPayoutsRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);

  route('opsPayouts', async ({ ctx }) => {
    ctx.set('Cache-Control', 'no-store');
    return opsPayoutsView(deps);
  });

  route('opsTransferRetry', async ({ ctx, params }) =>
    retryFailedTransfer(deps, principal(ctx.state).userId, uuidParam(params.id, 'Transfer')),
  );

  route('opsPayoutsHold', async ({ ctx, params, input }) =>
    setCreatorPayoutsHold(deps, principal(ctx.state).userId, uuidParam(params.id, 'Creator'), {
      hold: true,
      reason: input.reason,
    }),
  );

  route('opsPayoutsRelease', async ({ ctx, params, input }) =>
    setCreatorPayoutsHold(deps, principal(ctx.state).userId, uuidParam(params.id, 'Creator'), {
      hold: false,
      reason: input.reason,
    }),
  );

  return router;
}
