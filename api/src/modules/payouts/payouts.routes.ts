import type Router from '@koa/router';
import { payoutStatementQuerySchema } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal, requireCreator } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { sendCsv } from '../../http/csv.ts';
import { parseInput } from '../../http/validate.ts';
import { correctOnboarding, getPayoutSummary, onboard } from './payouts.service.ts';
import { statementCsvRows, statementFor } from './statement.service.ts';

/**
 * GET /api/creator/payouts, POST|PATCH /api/creator/payouts/onboarding, GET /api/creator/payouts/statement
 * (JSON) and /statement.csv — creators only, each sees only their own.
 */
export function payoutsRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);

  route('payouts', async ({ ctx }) => {
    ctx.set('Cache-Control', 'no-store');
    return getPayoutSummary(deps, principal(ctx.state).userId);
  });

  route('payoutOnboard', async ({ ctx, input }) => onboard(deps, principal(ctx.state).userId, input));

  route('payoutCorrect', async ({ ctx, input }) =>
    correctOnboarding(deps, principal(ctx.state).userId, input),
  );

  route('payoutStatement', async ({ ctx, query }) => {
    ctx.set('Cache-Control', 'no-store');
    return statementFor(deps, principal(ctx.state).userId, query.month);
  });

  // A CSV download, not a JSON call of the contract (the browser follows a link to it).
  router.get('/creator/payouts/statement.csv', requireCreator, async (ctx) => {
    const { month } = parseInput(payoutStatementQuerySchema, ctx.query);
    const statement = await statementFor(deps, principal(ctx.state).userId, month);
    sendCsv(ctx, `shabaash-statement-${month}.csv`, statementCsvRows(statement));
  });

  return router;
}
