import { maskPhone, MESSAGES, type OpsPerson } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/knex.ts';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.ts';
import { phonePayerKey } from '../payments/guestPayers.ts';
import { revokeAllSessions } from '../sessions/sessions.service.ts';
import { recordOperatorAction } from './audit.ts';
import { findPerson, setCreatorSuspension, setUserBan, type PersonRow } from './people.repository.ts';

// Suspending creators and banning viewers. Each action locks the user row, changes it, and writes its audit row
// (before/after, the operator's reason) in ONE transaction; the realtime consequences follow the commit.

/** A user as the operator console shows them (the phone masked). */
export function presentPerson(row: PersonRow): OpsPerson {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    maskedPhone: maskPhone(row.phone),
    creator:
      row.handle !== null && row.display_name !== null
        ? { handle: row.handle, displayName: row.display_name }
        : null,
    suspendedAt: row.suspended_at?.toISOString() ?? null,
    suspensionReason: row.suspension_reason,
    bannedAt: row.banned_at?.toISOString() ?? null,
    banReason: row.ban_reason,
    deleted: row.deleted_at !== null,
    createdAt: row.created_at.toISOString(),
  };
}

/** One user's state for an operator; 404 for an unknown id. */
export async function getPerson(db: Executor, userId: string): Promise<OpsPerson> {
  const row = await findPerson(db, userId);
  if (!row) throw notFound('User');
  return presentPerson(row);
}

type Deps = Pick<AppDeps, 'db' | 'config' | 'realtime'>;
interface Act {
  operatorId: string;
  userId: string;
  reason: string;
}

/** The restriction state the audit row keeps before and after. */
const suspensionState = (row: PersonRow) => ({
  suspendedAt: row.suspended_at?.toISOString() ?? null,
  suspensionReason: row.suspension_reason,
});
const banState = (row: PersonRow) => ({
  bannedAt: row.banned_at?.toISOString() ?? null,
  banReason: row.ban_reason,
});

/** Locks the user for an action on them; 404 when there is none. */
async function lockedPerson(tx: Executor, userId: string): Promise<PersonRow> {
  const row = await findPerson(tx, userId, { lock: true });
  if (!row) throw notFound('User');
  return row;
}

/**
 * Suspends (`suspend` true) or reinstates a creator, audited as `creator.suspend` / `creator.unsuspend`. 404 for
 * an unknown user, 400 for a user who is not a creator, 409 when already in that state. A suspension closes the
 * creator's overlay and widget sockets at once (their pages go dark); reinstated pages reconnect by themselves.
 */
export async function setSuspended(deps: Deps, act: Act, suspend: boolean): Promise<OpsPerson> {
  const after = await deps.db.transaction(async (tx) => {
    const before = await lockedPerson(tx, act.userId);
    if (before.handle === null) throw new AppError('VALIDATION_FAILED', MESSAGES.notACreator);
    if (suspend === (before.suspended_at !== null))
      throw conflict(suspend ? MESSAGES.alreadySuspended : MESSAGES.notSuspended);
    await setCreatorSuspension(tx, act.userId, suspend ? act.reason : null);
    const row = await lockedPerson(tx, act.userId);
    await recordOperatorAction(tx, {
      operatorId: act.operatorId,
      action: suspend ? 'creator.suspend' : 'creator.unsuspend',
      targetKind: 'creator',
      targetId: act.userId,
      before: suspensionState(before),
      after: suspensionState(row),
      reason: act.reason,
    });
    return row;
  });
  if (suspend) deps.realtime.creatorSuspended(act.userId);
  return presentPerson(after);
}

/**
 * Bans (`ban` true) or unbans a viewer platform-wide, audited as `viewer.ban` / `viewer.unban`. A ban revokes
 * every session in the same transaction (sign-in, wallet tips and add-money are refused from then on), keeps the
 * guest-payer key of their phone (their guest payments are refunded at capture), and closes their sockets after
 * the commit. 404 unknown, 403 for an operator, 400 for a creator (suspend them instead), 409 when already so.
 */
export async function setBanned(deps: Deps, act: Act, ban: boolean): Promise<OpsPerson> {
  const after = await deps.db.transaction(async (tx) => {
    const before = await lockedPerson(tx, act.userId);
    if (before.role === 'operator') throw forbidden(MESSAGES.cannotBanOperator);
    if (before.role === 'creator' || before.handle !== null)
      throw new AppError('VALIDATION_FAILED', MESSAGES.cannotBanCreator);
    if (ban === (before.banned_at !== null))
      throw conflict(ban ? MESSAGES.alreadyBanned : MESSAGES.notBanned);
    const payerKey = phonePayerKey(deps.config.payerHashSecret, before.phone);
    await setUserBan(tx, act.userId, ban ? { reason: act.reason, payerKey } : null);
    if (ban) await revokeAllSessions(tx, act.userId);
    const row = await lockedPerson(tx, act.userId);
    await recordOperatorAction(tx, {
      operatorId: act.operatorId,
      action: ban ? 'viewer.ban' : 'viewer.unban',
      targetKind: 'user',
      targetId: act.userId,
      before: banState(before),
      after: banState(row),
      reason: act.reason,
    });
    return row;
  });
  if (ban) deps.realtime.sessionsRevoked(act.userId, null);
  return presentPerson(after);
}
