import { SignJWT, jwtVerify } from 'jose';
import { randomBytes, webcrypto } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/knex.ts';
import type { Role } from '@shabaash/shared';

export interface SessionPrincipal {
  userId: string;
  sessionId: string;
  role: Role;
}

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

/** Creates a session row and returns its bearer token (a JWT naming the session). */
export async function issueSession(db: Executor, config: Config, userId: string): Promise<string> {
  const expiresAt = new Date(Date.now() + config.SESSION_TTL_DAYS * 86_400_000);
  const [row] = await db('sessions')
    .insert({ user_id: userId, expires_at: expiresAt })
    .returning<{ id: string }[]>('id');
  if (!row) throw new Error('session insert returned no row');
  return new SignJWT({ sid: row.id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(await jwtKey(config));
}

/** What a bearer token says, once its signature, issuer and expiry hold: whose session it names. */
export interface SessionClaims {
  userId: string;
  sessionId: string;
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
 * The one definition of a live session row, as SQL over `sessions` aliased `alias` with the claims bound as two
 * parameters (session id, user id): that row, not revoked, not expired. Queries that check a session inline
 * (e.g. the tip send path) use it with `[claims.sessionId, claims.userId]`.
 */
export function liveSessionSql(alias: string): string {
  return `${alias}.id = ?::uuid and ${alias}.user_id = ?::uuid and ${alias}.revoked_at is null and ${alias}.expires_at > now()`;
}

/** The principal of verified claims when their session row is live (one query with the role); else null. */
export async function principalOf(db: Executor, claims: SessionClaims): Promise<SessionPrincipal | null> {
  const result = await db.raw<{ rows: Array<{ role: Role }> }>(
    `select u.role from sessions s join users u on u.id = s.user_id where ${liveSessionSql('s')}`,
    [claims.sessionId, claims.userId],
  );
  const row = result.rows[0];
  return row ? { ...claims, role: row.role } : null;
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

/** Revokes one session (logout). */
export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  await db('sessions').where({ id: sessionId }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
}

/** Revokes every session of a user (password reset). */
export async function revokeAllSessions(db: Executor, userId: string): Promise<void> {
  await db('sessions').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
}
