import { apiUrl } from '@shabaash/shared';
import type { Db } from '../../db/knex.ts';
import { notFound } from '../../http/errors.ts';
import { createHash } from 'node:crypto';
import { thumbnailOf, validateProfilePicture } from './profilePicture.ts';
import { findProfilePicture, findUserById, updateProfilePic, type UserRecord } from './users.repository.ts';

/** The signed-in user, or 404 if the account is gone. */
export async function getUser(db: Db, userId: string): Promise<UserRecord> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User');
  return user;
}

/** The URL a picture is served at; the version changes with the picture, so the URL can be cached for ever. */
export const pictureUrl = (userId: string, version: string) =>
  apiUrl('profilePicture', { id: userId }, { v: version });

/**
 * Validates (type by bytes, size) a profile picture, stores it once as a 128×128 WebP thumbnail, and points
 * the user's `profilePic` at its URL; returns the updated user.
 */
export async function setProfilePicture(db: Db, userId: string, dataString: string): Promise<UserRecord> {
  const bytes = await thumbnailOf(validateProfilePicture(dataString));
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  await db.transaction((tx) =>
    updateProfilePic(tx, userId, {
      contentType: 'image/webp',
      bytes,
      version,
      url: pictureUrl(userId, version),
    }),
  );
  return getUser(db, userId);
}

/** A user's picture at `version` (404 for another version, or none). */
export async function getProfilePicture(db: Db, userId: string, version: string) {
  const picture = /^[0-9a-f]{12}$/.test(version) ? await findProfilePicture(db, userId, version) : undefined;
  if (!picture) throw notFound('Picture');
  return picture;
}
