import Router from '@koa/router';
import { apiTokenInputSchema } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal, requireCreator } from '../../http/auth.ts';
import { parseInput } from '../../http/validate.ts';
import { createToken, listTokens, revokeToken } from './apiTokens.service.ts';

/**
 * GET/POST /creator/api-tokens, DELETE /creator/api-tokens/:id: a creator's tokens, made and revoked with the
 * creator's session (an API token reaches none of these: see API_TOKEN_SCOPE_ENDPOINTS).
 */
export function apiTokensRoutes(deps: AppDeps): Router {
  const router = new Router({ prefix: '/creator/api-tokens' });

  router.get('/', requireCreator, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { tokens: await listTokens(deps.db, principal(ctx.state).userId) };
  });

  router.post('/', requireCreator, async (ctx) => {
    const input = parseInput(apiTokenInputSchema, ctx.request.body);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await createToken(deps.db, principal(ctx.state).userId, input);
  });

  router.delete('/:id', requireCreator, async (ctx) => {
    ctx.body = { id: await revokeToken(deps.db, principal(ctx.state).userId, ctx.params.id ?? '') };
  });

  return router;
}
