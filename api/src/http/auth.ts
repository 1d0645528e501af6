import type { Middleware } from 'koa';
import type { AppDeps } from '../deps.ts';
import { forbidden, unauthenticated } from './errors.ts';
import { MESSAGES, type Role } from '@shabaash/shared';

/** What a bearer token says, once its signature, issuer and expiry hold: whose session it names. */
export interface SessionClaims {
  userId: string;
  sessionId: string;
}

/** A live session and its user's role. */
export interface SessionPrincipal extends SessionClaims {
  role: Role;
}

/** How the HTTP layer reads sessions (the sessions module implements it; app.ts passes it in). */
export interface SessionReader {
  /** The claims of a bearer token (no database read); null when forged, expired or malformed. */
  verifySessionToken(config: AppDeps['config'], token: string): Promise<SessionClaims | null>;
  /** The principal of verified claims when their session row is live; else null. */
  principalOf(db: AppDeps['db'], claims: SessionClaims): Promise<SessionPrincipal | null>;
}

declare module 'koa' {
  interface DefaultState {
    /** What the bearer token says (signature and expiry checked, session row not yet read); null without one. */
    claims: SessionClaims | null;
    /** The live session's principal: set by requireUser/requireCreator (or read with loadPrincipal). */
    auth: SessionPrincipal | null;
    /** Reads the session row once per request (memoised); null when there is none or it was revoked. */
    loadPrincipal: () => Promise<SessionPrincipal | null>;
  }
}

/**
 * Reads `Authorization: Bearer <token>` into ctx.state.claims (no database read). The session row is read only by
 * a route that needs it: requireUser/requireCreator, or a service that checks it inside its own query.
 */
export function authenticate({ db, config }: AppDeps, sessions: SessionReader): Middleware {
  return async (ctx, next) => {
    const token = bearerToken(ctx.get('authorization'));
    const claims = token ? await sessions.verifySessionToken(config, token) : null;
    let loaded: Promise<SessionPrincipal | null> | null = null;
    ctx.state.claims = claims;
    ctx.state.auth = null;
    ctx.state.loadPrincipal = () =>
      (loaded ??= claims ? sessions.principalOf(db, claims) : Promise.resolve(null));
    await next();
  };
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
  return match?.[1]?.trim() || null;
}

/** 401 unless signed in with a live session. */
export const requireUser: Middleware = async (ctx, next) => {
  ctx.state.auth = await ctx.state.loadPrincipal();
  if (!ctx.state.auth) throw unauthenticated();
  await next();
};

/** 401 unless signed in, 403 unless the user is a creator (enforced on the server). */
export const requireCreator: Middleware = async (ctx, next) => {
  ctx.state.auth = await ctx.state.loadPrincipal();
  if (!ctx.state.auth) throw unauthenticated();
  if (ctx.state.auth.role !== 'creator') throw forbidden();
  await next();
};

/** 401 unless signed in, 403 unless the user is an operator: every /ops route, and nothing else answers them. */
export const requireOperator: Middleware = async (ctx, next) => {
  ctx.state.auth = await ctx.state.loadPrincipal();
  if (!ctx.state.auth) throw unauthenticated();
  if (ctx.state.auth.role !== 'operator') throw forbidden(MESSAGES.forbiddenOperator);
  await next();
};

/**
 * 401 unless the bearer token is valid; the route's service MUST check the session row itself, inside the query
 * it makes anyway (sessions.repository.ts#liveSessionSql), so a revoked session is still refused — with one round trip less.
 */
export const requireSessionClaims: Middleware = async (ctx, next) => {
  if (!ctx.state.claims) throw unauthenticated();
  await next();
};

/** The signed-in principal; call only behind requireUser/requireCreator. */
export function principal(state: { auth: SessionPrincipal | null }): SessionPrincipal {
  if (!state.auth) throw unauthenticated();
  return state.auth;
}

/** The token's claims; call only behind requireSessionClaims. */
export function sessionClaims(state: { claims: SessionClaims | null }): SessionClaims {
  if (!state.claims) throw unauthenticated();
  return state.claims;
}
