import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { enforceRateLimits, rateLimits } from '../../http/rateLimit.ts';
import { assertWalletStored, createTopUpOrder, getWallet, listTransactions } from './wallet.service.ts';

/**
 * POST /api/wallet/add-money (limited per account and per IP), GET /api/wallet/balance, GET /api/wallet/transactions
 * (signed-in users); each answers 404 WALLET_OFF on a deployment without a stored wallet (WALLET_MODE=off).
 */
export function walletRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);
  const limits = rateLimits(deps.config);

  route('addMoney', async ({ ctx, input }) => {
    const { userId } = principal(ctx.state);
    assertWalletStored(deps.config);
    await enforceRateLimits(ctx, deps.db, [
      { key: `add-money:user:${userId}`, rule: limits.addMoneyPerUser },
      { key: `add-money:ip:${ctx.ip}`, rule: limits.addMoneyPerIp },
    ]);
    return { order: await createTopUpOrder(deps, userId, input.amount) };
  });

  route('balance', async ({ ctx }) => {
    assertWalletStored(deps.config);
    ctx.set('Cache-Control', 'no-store');
    return getWallet(deps, principal(ctx.state).userId);
  });

  route('transactions', async ({ ctx, query }) => {
    assertWalletStored(deps.config);
    ctx.set('Cache-Control', 'no-store');
    return listTransactions(deps, principal(ctx.state).userId, query);
  });

  return router;
}
