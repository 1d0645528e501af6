import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { answerConditional } from '../../http/conditional.ts';
import { contractRouter } from '../../http/contract.ts';
import { findOverlayByCreatorId } from './overlay.repository.ts';
import { creatorAnalytics, creatorRecentTips, tipsCsvRows } from './analytics.service.ts';

/** Creator suite reads: GET /creator/analytics, GET /creator/recent-tips, GET /creator/export.csv. */
export function analyticsRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);

  // From the instance's read cache, with ETag / 304.
  route('analytics', async ({ ctx }) =>
    answerConditional(ctx, await creatorAnalytics(deps.db, principal(ctx.state).userId), 'no-store'),
  );

  route('creatorRecentTips', async ({ ctx }) =>
    answerConditional(ctx, await creatorRecentTips(deps.db, principal(ctx.state).userId), 'no-store'),
  );

  // A CSV download (the browser follows a link to it).
  route('creatorTipsCsv', async ({ ctx }) => {
    const creatorId = principal(ctx.state).userId;
    const profile = await findOverlayByCreatorId(deps.db, creatorId);
    const day = new Date().toISOString().slice(0, 10);
    const filename = `shabaash-tips-${profile?.handle ?? 'creator'}-${day}.csv`;
    return { filename, rows: await tipsCsvRows(deps.db, creatorId) };
  });

  return router;
}
