import type { Role } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';
import type { SessionClaims } from '../../http/auth.ts';

/** Inserts a session row for a user; returns its id (the `sid` of the token). */
export async function insertSession(db: Executor, userId: string, expiresAt: Date): Promise<string> {
  const [row] = await db('sessions')
    .insert({ user_id: userId, expires_at: expiresAt })
    .returning<{ id: string }[]>('id');
  if (!row) throw new Error('session insert returned no row');
  return row.id;
}

/**
 * The one definition of a live session row, as SQL over `sessions` aliased `alias` with the claims bound as two
 * parameters (session id, user id): that row, not revoked, not expired. Queries that check a session inline
 * (e.g. the tip send path) use it with `[claims.sessionId, claims.userId]`.
 */
export function liveSessionSql(alias: string): string {
  return `${alias}.id = ?::uuid and ${alias}.user_id = ?::uuid and ${alias}.revoked_at is null and ${alias}.expires_at > now()`;
}

/** The role of the user whose live session the claims name; null when the session is revoked, expired or unknown. */
export async function findLiveSessionRole(db: Executor, claims: SessionClaims): Promise<Role | null> {
  const result = await db.raw<{ rows: Array<{ role: Role }> }>(
    `select u.role from sessions s join users u on u.id = s.user_id where ${liveSessionSql('s')}`,
    [claims.sessionId, claims.userId],
  );
  return result.rows[0]?.role ?? null;
}

/** Revokes one session (logout). */
export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  await db('sessions').where({ id: sessionId }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
}

/** Revokes every session of a user (password reset). */
export async function revokeAllSessions(db: Executor, userId: string): Promise<void> {
  await db('sessions').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
}
