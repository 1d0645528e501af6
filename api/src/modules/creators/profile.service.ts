import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@shabaash/shared';
import type { Db } from '../../db/knex.ts';
import { conflict } from '../../http/errors.ts';
import { assertAllowedName } from '../safety/safety.service.ts';
import { findUserById, updateRole, type UserRecord } from '../users/users.repository.ts';
import { findCreatorByHandle, findCreatorByUserId, insertCreator } from './creators.repository.ts';

/** A fresh unguessable overlay key (192 random bits, URL-safe). */
export function newOverlayKey(): string {
  return randomBytes(24).toString('base64url');
}

interface PgError {
  code?: string;
  constraint?: string;
}

/**
 * Turns a signed-in user into a creator: creator profile with a fresh overlay key, role creator, one transaction.
 * 409 when the handle is taken or the user already is a creator.
 */
export async function becomeCreator(
  db: Db,
  userId: string,
  input: { handle: string; displayName: string },
): Promise<UserRecord> {
  // The display name and the handle are shown on the creator's page and widgets: the built-in list refuses them.
  assertAllowedName(input.displayName, 'displayName');
  assertAllowedName(input.handle, 'handle');
  if (await findCreatorByUserId(db, userId)) throw conflict(MESSAGES.alreadyCreator);
  if (await findCreatorByHandle(db, input.handle)) throw conflict(MESSAGES.handleTaken);
  try {
    await db.transaction(async (tx) => {
      await insertCreator(tx, {
        userId,
        handle: input.handle,
        displayName: input.displayName,
        overlayKey: newOverlayKey(),
      });
      await updateRole(tx, userId, 'creator');
    });
  } catch (err) {
    const pg = err as PgError | null;
    if (pg?.code === '23505') {
      throw conflict(pg.constraint?.includes('handle') ? MESSAGES.handleTaken : MESSAGES.alreadyCreator);
    }
    throw err;
  }
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`user ${userId} vanished`);
  return user;
}
