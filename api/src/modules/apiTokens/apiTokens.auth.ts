import type { Middleware } from 'koa';
import { endpoints, type ApiTokenScope, type EndpointName, type HttpMethod } from '@shabaash/shared';
import { API_TOKEN_SCOPE_ENDPOINTS } from '@shabaash/shared/apiReference';
import type { AppDeps } from '../../deps.ts';
import { AppError, forbidden, unauthenticated } from '../../http/errors.ts';
import { rateLimit, type RateLimitRule } from '../../http/rateLimit.ts';
import { API_TOKEN_PREFIX, resolveToken } from './apiTokens.service.ts';

/** Requests per token per minute (counted across instances in `rate_limits`). */
export const API_TOKEN_RATE_LIMIT: RateLimitRule = { limit: 120, windowMs: 60_000, name: 'apiTokenPerToken' };

const routes = (
  Object.entries(API_TOKEN_SCOPE_ENDPOINTS) as [ApiTokenScope, readonly EndpointName[]][]
).flatMap(([scope, names]) =>
  names.map((name) => {
    const def = endpoints[name];
    const pattern = def.path.replace(/:[a-zA-Z]+/g, '[^/]+');
    return { scope, method: def.method as HttpMethod, path: new RegExp(`^/api${pattern}/?$`) };
  }),
);

/** The scope a request needs, or null when no token may make it. */
function scopeFor(method: string, path: string): ApiTokenScope | null {
  return routes.find((r) => r.method === method && r.path.test(path))?.scope ?? null;
}

declare module 'koa' {
  interface DefaultState {
    /** Set when the request carries a creator API token (then claims is null and auth is the token's creator). */
    apiTokenId?: string;
  }
}

/**
 * `Authorization: Bearer shb_…`: a creator API token. Runs after `authenticate`. The token row is read on every
 * request (a revoked token is deleted, so it is refused at once on every instance), the scope must allow this
 * endpoint, and each token has its own rate limit. The route then sees the token's creator as a principal with
 * no session claims, so session-only routes (sending tips, logout) still refuse it.
 */
export function apiTokenAuth({ db }: AppDeps): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    if (!header.includes(API_TOKEN_PREFIX)) return next(); // a session's token, or none: the usual request
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const secret = match?.[1];
    if (!secret?.startsWith(API_TOKEN_PREFIX)) return next();
    const scope = scopeFor(ctx.method, ctx.path);
    const token = await resolveToken(db, secret);
    if (!token) throw unauthenticated('This API token is not valid or was revoked.');
    if (!scope) throw forbidden('API tokens cannot call this endpoint.');
    if (!token.scopes.includes(scope)) {
      throw new AppError('FORBIDDEN', `This API token lacks the ${scope} scope.`);
    }
    await rateLimit(db, `api-token:${token.id}`, API_TOKEN_RATE_LIMIT);
    const auth = { userId: token.creator_id, sessionId: `api-token:${token.id}`, role: 'creator' as const };
    ctx.state.claims = null;
    ctx.state.apiTokenId = token.id;
    ctx.state.loadPrincipal = () => Promise.resolve(auth);
    await next();
  };
}
