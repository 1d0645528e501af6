import { SignJWT, jwtVerify } from 'jose';
import { randomBytes, webcrypto } from 'node:crypto';
import type { Config } from '../../config.ts';
import { coalesced } from '../../db/coalesce.ts';
import type { Executor } from '../../db/knex.ts';
import type { SessionClaims, SessionPrincipal } from '../../http/auth.ts';
import { forbidden } from '../../http/errors.ts';
import { MESSAGES } from '@shabaash/shared';
import { insertSession, liveSessionRoles, sessionKey } from './sessions.repository.ts';

export type { SessionClaims, SessionPrincipal } from '../../http/auth.ts';

const ISSUER = 'shabaash';

let devSecret: Uint8Array | null = null;

interface SigningKey {
  key: Promise<webcrypto.CryptoKey>;
  /** Tokens whose signature this key already verified (a pure result; only expiry changes), oldest first. */
  verified: Map<string, { sid: unknown; sub: string | undefined; expiresAtMs: number }>;
}
const keyring = new Map<string, SigningKey>();
/** Verified tokens remembered per key: a session reuses its token for every call. */
const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * The HS256 key: JWT_SECRET, or (outside production) a random per-process key, so dev tokens die on restart.
 * Imported into WebCrypto once per secret (jose would import raw bytes again on every sign and verify).
 */
function signingKey(config: Config): SigningKey {
  devSecret ??= randomBytes(32);
  const secret = config.JWT_SECRET ?? '';
  let entry = keyring.get(secret);
  if (!entry) {
    const bytes = secret ? new TextEncoder().encode(secret) : devSecret;
    entry = {
      key: webcrypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, [
        'sign',
        'verify',
      ]),
      verified: new Map(),
    };
    keyring.set(secret, entry);
  }
  return entry;
}

/** The signing key of the configured secret. */
export function jwtKey(config: Config): Promise<webcrypto.CryptoKey> {
  return signingKey(config).key;
}

/**
 * The claims of a token signed with the configured secret, unexpired, with our issuer; null otherwise. The
 * signature is checked once per token (HMAC through WebCrypto cost ~10% of a tip's CPU); expiry every time.
 */
async function verifiedClaims(
  config: Config,
  token: string,
): Promise<{ sid: unknown; sub: string | undefined } | null> {
  const { key, verified } = signingKey(config);
  const known = verified.get(token);
  if (known) return known.expiresAtMs > Date.now() ? known : null;
  try {
    const { payload } = await jwtVerify(token, await key, { issuer: ISSUER, algorithms: ['HS256'] });
    const claims = {
      sid: payload.sid,
      sub: payload.sub,
      expiresAtMs: typeof payload.exp === 'number' ? payload.exp * 1000 : Number.POSITIVE_INFINITY,
    };
    if (verified.size >= VERIFIED_TOKENS_KEPT) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, claims);
    return claims;
  } catch {
    return null;
  }
}

/** Creates a session row and returns its bearer token (a JWT naming the session); 403 for a banned user. */
export async function issueSession(db: Executor, config: Config, userId: string): Promise<string> {
  const expiresAt = new Date(Date.now() + config.SESSION_TTL_DAYS * 86_400_000);
  const sessionId = await insertSession(db, userId, expiresAt);
  if (!sessionId) throw forbidden(MESSAGES.accountRestricted);
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(await jwtKey(config));
}

/** The claims of a bearer token (no database read); null when forged, expired or malformed. */
export async function verifySessionToken(config: Config, token: string): Promise<SessionClaims | null> {
  const claims = await verifiedClaims(config, token);
  if (!claims) return null;
  const { sid, sub } = claims;
  if (typeof sid !== 'string' || !UUID_RE.test(sid) || !sub) return null;
  return { userId: sub, sessionId: sid };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The principal of verified claims when their session row is live (one query with the role); else null.
 * Concurrent lookups (HTTP requests, hellos) share one round trip (db/coalesce.ts).
 */
export async function principalOf(db: Executor, claims: SessionClaims): Promise<SessionPrincipal | null> {
  const role = await coalesced(db, liveSessionRoles, sessionKey(claims));
  return role ? { ...claims, role } : null;
}

/** Verifies a bearer token and its live session row; null when invalid, expired or revoked. */
export async function resolveSession(
  db: Executor,
  config: Config,
  token: string,
): Promise<SessionPrincipal | null> {
  const claims = await verifySessionToken(config, token);
  return claims ? principalOf(db, claims) : null;
}

export { revokeAllSessions, revokeSession } from './sessions.repository.ts';
