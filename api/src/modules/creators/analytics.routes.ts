import Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal, requireCreator } from '../../http/auth.ts';
import { findOverlayByCreatorId } from './overlay.repository.ts';
import { creatorAnalytics, creatorRecentTips, exportTipsCsv } from './analytics.service.ts';

/** Creator suite reads: GET /creator/analytics, GET /creator/recent-tips, GET /creator/export.csv. */
export function analyticsRoutes(deps: AppDeps): Router {
  const router = new Router({ prefix: '/creator' });

  router.get('/analytics', requireCreator, async (ctx) => {
    ctx.body = await creatorAnalytics(deps.db, principal(ctx.state).userId);
  });

  router.get('/recent-tips', requireCreator, async (ctx) => {
    ctx.body = { tips: await creatorRecentTips(deps.db, principal(ctx.state).userId) };
  });

  router.get('/export.csv', requireCreator, async (ctx) => {
    const creatorId = principal(ctx.state).userId;
    const profile = await findOverlayByCreatorId(deps.db, creatorId);
    const day = new Date().toISOString().slice(0, 10);
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set(
      'Content-Disposition',
      `attachment; filename="shabaash-tips-${profile?.handle ?? 'creator'}-${day}.csv"`,
    );
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await exportTipsCsv(deps.db, creatorId);
  });

  return router;
}
