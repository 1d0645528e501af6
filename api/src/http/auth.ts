import type { Middleware } from 'koa';
import type { AppDeps } from '../deps.ts';
import { forbidden, unauthenticated } from './errors.ts';
import { resolveSession, type SessionPrincipal } from '../modules/sessions/sessions.service.ts';

declare module 'koa' {
  interface DefaultState {
    auth: SessionPrincipal | null;
  }
}

/** Reads `Authorization: Bearer <token>` into ctx.state.auth (null when absent or invalid). */
export function authenticate({ db, config }: AppDeps): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    const match = /^Bearer\s+(.+)$/i.exec(header);
    ctx.state.auth = match?.[1] ? await resolveSession(db, config, match[1].trim()) : null;
    await next();
  };
}

/** 401 unless signed in. */
export const requireUser: Middleware = async (ctx, next) => {
  if (!ctx.state.auth) throw unauthenticated();
  await next();
};

/** 401 unless signed in, 403 unless the user is a creator (SPEC §6, enforced on the server). */
export const requireCreator: Middleware = async (ctx, next) => {
  if (!ctx.state.auth) throw unauthenticated();
  if (ctx.state.auth.role !== 'creator') throw forbidden();
  await next();
};

/** The signed-in principal; call only behind requireUser/requireCreator. */
export function principal(state: { auth: SessionPrincipal | null }): SessionPrincipal {
  if (!state.auth) throw unauthenticated();
  return state.auth;
}
