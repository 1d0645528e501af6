import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { createToken, listTokens, revokeToken } from './apiTokens.service.ts';

/**
 * GET/POST /creator/api-tokens, DELETE /creator/api-tokens/:id: a creator's tokens, made and revoked with the
 * creator's session (an API token reaches none of these: see API_TOKEN_SCOPE_ENDPOINTS).
 */
export function apiTokensRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);

  route('apiTokens', async ({ ctx }) => {
    ctx.set('Cache-Control', 'no-store');
    return { tokens: await listTokens(deps.db, principal(ctx.state).userId) };
  });

  route('createApiToken', async ({ ctx, input }) => {
    ctx.set('Cache-Control', 'no-store');
    return createToken(deps.db, principal(ctx.state).userId, input);
  });

  route('revokeApiToken', async ({ ctx, params }) => ({
    id: await revokeToken(deps, principal(ctx.state).userId, params.id ?? ''),
  }));

  return router;
}
