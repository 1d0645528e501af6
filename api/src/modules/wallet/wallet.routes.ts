import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { createTopUpOrder, getWallet, listTransactions } from './wallet.service.ts';

/** POST /api/wallet/add-money, GET /api/wallet/balance, GET /api/wallet/transactions (signed-in users). */
export function walletRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);

  route('addMoney', async ({ ctx, input }) => ({
    order: await createTopUpOrder(deps, principal(ctx.state).userId, input.amount),
  }));

  route('balance', async ({ ctx }) => {
    ctx.set('Cache-Control', 'no-store');
    return getWallet(deps, principal(ctx.state).userId);
  });

  route('transactions', async ({ ctx, query }) => {
    ctx.set('Cache-Control', 'no-store');
    return listTransactions(deps, principal(ctx.state).userId, query);
  });

  return router;
}
