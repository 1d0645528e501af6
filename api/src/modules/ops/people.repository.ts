import type { Role } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';

/** A user with their creator profile (if any) and the restrictions operators put on them. */
export interface PersonRow {
  id: string;
  name: string;
  role: Role;
  phone: string;
  handle: string | null;
  display_name: string | null;
  suspended_at: Date | null;
  suspension_reason: string | null;
  banned_at: Date | null;
  ban_reason: string | null;
  deleted_at: Date | null;
  created_at: Date;
}

const PERSON_COLUMNS = [
  'u.id',
  'u.name',
  'u.role',
  'u.phone',
  'c.handle',
  'c.display_name',
  'c.suspended_at',
  'c.suspension_reason',
  'u.banned_at',
  'u.ban_reason',
  'u.deleted_at',
  'u.created_at',
];

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user with this id and their creator profile; null for an unknown or malformed id. With `lock`, FOR UPDATE. */
export async function findPerson(
  db: Executor,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<PersonRow | null> {
  if (!UUID_RE.test(userId)) return null;
  const query = db('users as u')
    .leftJoin('creators as c', 'c.user_id', 'u.id')
    .where('u.id', userId)
    .first<PersonRow | undefined>(PERSON_COLUMNS);
  // The user row is the lock (the creator side of the outer join cannot be locked): restrictions of one person
  // run one at a time.
  if (options.lock) void query.forUpdate('u');
  return (await query) ?? null;
}

/** Suspends a creator (`reason`) or lifts the suspension (null). */
export async function setCreatorSuspension(
  tx: Executor,
  creatorId: string,
  reason: string | null,
): Promise<void> {
  await tx('creators')
    .where({ user_id: creatorId })
    .update({
      suspended_at: reason === null ? null : tx.fn.now(),
      suspension_reason: reason,
      updated_at: tx.fn.now(),
    });
}

/** Bans a user (`reason`, and the guest-payer key of their phone) or lifts the ban (null). */
export async function setUserBan(
  tx: Executor,
  userId: string,
  ban: { reason: string; payerKey: string | null } | null,
): Promise<void> {
  await tx('users')
    .where({ id: userId })
    .update({
      banned_at: ban === null ? null : tx.fn.now(),
      ban_reason: ban?.reason ?? null,
      banned_payer_key: ban?.payerKey ?? null,
      updated_at: tx.fn.now(),
    });
}

/** True when one of a guest payment's payer keys is the phone of a banned user. */
export async function isBannedPayer(db: Executor, payerKeys: readonly string[]): Promise<boolean> {
  if (payerKeys.length === 0) return false;
  const row = await db('users')
    .whereIn('banned_payer_key', payerKeys)
    .whereNotNull('banned_at')
    .first<{ id: string } | undefined>('id');
  return row !== undefined;
}
