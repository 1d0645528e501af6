import Router from '@koa/router';
import {
  payoutCorrectionInputSchema,
  payoutOnboardingInputSchema,
  payoutStatementQuerySchema,
} from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal, requireCreator } from '../../http/auth.ts';
import { parseInput } from '../../http/validate.ts';
import { correctOnboarding, getPayoutSummary, onboard } from './payouts.service.ts';
import { statementCsv, statementFor } from './statement.service.ts';

/**
 * GET /api/creator/payouts, POST|PATCH /api/creator/payouts/onboarding, GET /api/creator/payouts/statement
 * (JSON) and /statement.csv — creators only, each sees only their own.
 */
export function payoutsRoutes(deps: AppDeps): Router {
  const router = new Router({ prefix: '/creator/payouts' });
  router.use(requireCreator);

  router.get('/', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getPayoutSummary(deps, principal(ctx.state).userId);
  });

  router.post('/onboarding', async (ctx) => {
    const input = parseInput(payoutOnboardingInputSchema, ctx.request.body);
    ctx.body = await onboard(deps, principal(ctx.state).userId, input);
  });

  router.patch('/onboarding', async (ctx) => {
    const input = parseInput(payoutCorrectionInputSchema, ctx.request.body);
    ctx.body = await correctOnboarding(deps, principal(ctx.state).userId, input);
  });

  router.get('/statement', async (ctx) => {
    const { month } = parseInput(payoutStatementQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await statementFor(deps, principal(ctx.state).userId, month);
  });

  router.get('/statement.csv', async (ctx) => {
    const { month } = parseInput(payoutStatementQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="shabaash-statement-${month}.csv"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = statementCsv(await statementFor(deps, principal(ctx.state).userId, month));
  });

  return router;
}
