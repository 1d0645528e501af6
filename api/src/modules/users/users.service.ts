import type { Db } from '../../db/knex.ts';
import { notFound } from '../../http/errors.ts';
import { validateProfilePicture } from './profilePicture.ts';
import { findUserById, updateProfilePic, type UserRecord } from './users.repository.ts';

/** The signed-in user, or 404 if the account is gone. */
export async function getUser(db: Db, userId: string): Promise<UserRecord> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User');
  return user;
}

/** Validates (type by bytes, size) and stores a profile picture; returns the updated user. */
export async function setProfilePicture(db: Db, userId: string, dataString: string): Promise<UserRecord> {
  const picture = validateProfilePicture(dataString);
  await updateProfilePic(db, userId, picture);
  return getUser(db, userId);
}
