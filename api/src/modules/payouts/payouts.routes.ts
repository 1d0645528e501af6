import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
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

  // A CSV download (the browser follows a link to it).
  route('payoutStatementCsv', async ({ ctx, query }) => {
    const statement = await statementFor(deps, principal(ctx.state).userId, query.month);
    return { filename: `shabaash-statement-${query.month}.csv`, rows: statementCsvRows(statement) };
  });

  return router;
}
