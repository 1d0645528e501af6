import Router from '@koa/router';
import { addMoneyInputSchema, walletTransactionsQuerySchema } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal, requireUser } from '../../http/auth.ts';
import { parseInput } from '../../http/validate.ts';
import { createTopUpOrder, getWallet, listTransactions } from './wallet.service.ts';

/** POST /api/wallet/add-money, GET /api/wallet/balance, GET /api/wallet/transactions (signed-in users). */
export function walletRoutes(deps: AppDeps): Router {
  const router = new Router({ prefix: '/wallet' });
  router.use(requireUser);

  router.post('/add-money', async (ctx) => {
    const { amount } = parseInput(addMoneyInputSchema, ctx.request.body);
    ctx.body = { order: await createTopUpOrder(deps, principal(ctx.state).userId, amount) };
  });

  router.get('/balance', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getWallet(deps, principal(ctx.state).userId);
  });

  router.get('/transactions', async (ctx) => {
    const query = parseInput(walletTransactionsQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listTransactions(deps, principal(ctx.state).userId, query);
  });

  return router;
}
