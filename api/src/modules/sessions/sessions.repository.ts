import type { Role } from '@shabaash/shared';
import { uuidPairOf, type LoadMany } from '../../db/coalesce.ts';
import type { Executor } from '../../db/knex.ts';
import type { SessionClaims } from '../../http/auth.ts';

/**
 * Inserts a session row for a user; returns its id (the `sid` of the token), or null when the user is banned.
 * The user row is read FOR SHARE: a ban committing meanwhile (it updates that row, then revokes every session)
 * either waits for this session and revokes it, or is seen here and no session is made.
 */
export async function insertSession(db: Executor, userId: string, expiresAt: Date): Promise<string | null> {
  const result = await db.raw<{ rows: Array<{ id: string }> }>(
    `insert into sessions (user_id, expires_at)
       select u.id, ? from users u where u.id = ? and u.banned_at is null for share
     returning id`,
    [expiresAt, userId],
  );
  return result.rows[0]?.id ?? null;
}

/**
 * The one definition of a live session row, as SQL over `sessions` aliased `alias` with the claims bound as two
 * parameters (session id, user id): that row, not revoked, not expired. Queries that check a session inline
 * (e.g. the tip send path) use it with `[claims.sessionId, claims.userId]`.
 */
export function liveSessionSql(alias: string): string {
  return `${alias}.id = ?::uuid and ${alias}.user_id = ?::uuid and ${alias}.revoked_at is null and ${alias}.expires_at > now()`;
}

/** The key of a session lookup in `liveSessionRoles`: `<sessionId>:<userId>`, lower-case. */
export function sessionKey(claims: SessionClaims): string {
  return `${claims.sessionId}:${claims.userId}`.toLowerCase();
}

/**
 * The roles of the users whose live sessions these keys (`sessionKey`) name, in one read (the many-key form of
 * `liveSessionSql`, for db/coalesce.ts); a key whose session is revoked, expired or unknown is absent.
 */
export const liveSessionRoles: LoadMany<Role> = async (db, keys) => {
  const pairs = keys.map(uuidPairOf).filter((pair) => pair !== null);
  const roles = new Map<string, Role>();
  if (pairs.length === 0) return roles;
  const result = await db
    .raw<{ rows: Array<{ sid: string; uid: string; role: Role }> }>(
      `select s.id::text as sid, s.user_id::text as uid, u.role
       from unnest(?::uuid[], ?::uuid[]) as c(sid, uid)
       join sessions s on s.id = c.sid and s.user_id = c.uid and s.revoked_at is null and s.expires_at > now()
       join users u on u.id = s.user_id`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])] as unknown as readonly string[], // JS array → PostgreSQL array
      // Named, as tips/recentReads.repository.ts#recentReaders: prepared once per connection (no parse and plan per
      // request); its columns are listed, so a migration adding columns cannot change its result type.
    )
    .options({ name: 'live_session_roles' });
  for (const row of result.rows) roles.set(`${row.sid}:${row.uid}`, row.role);
  return roles;
};

/** Revokes one session (logout). */
export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  await db('sessions').where({ id: sessionId }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
}

/** Revokes every session of a user (password reset). */
export async function revokeAllSessions(db: Executor, userId: string): Promise<void> {
  await db('sessions').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
}
