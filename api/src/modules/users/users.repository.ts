import type { Role } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';

/** A user as the services see it, with their creator profile's public part when they have one. */
export interface UserRecord {
  id: string;
  name: string;
  phone: string;
  role: Role;
  profilePic: string | null;
  /** The creator profile; `suspended` when an operator suspended it. */
  creator: { handle: string; displayName: string; suspended: boolean } | null;
}

/** A user with the password hash, for login and reset only. */
export interface UserCredentials {
  id: string;
  phone: string;
  passwordHash: string;
  role: Role;
}

interface UserRow {
  id: string;
  name: string;
  phone: string;
  role: Role;
  profile_pic: string | null;
  handle: string | null;
  display_name: string | null;
  suspended_at: Date | null;
}

const USER_COLUMNS = [
  'u.id',
  'u.name',
  'u.phone',
  'u.role',
  'u.profile_pic',
  'c.handle',
  'c.display_name',
  'c.suspended_at',
];

function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    role: row.role,
    profilePic: row.profile_pic,
    creator:
      row.handle !== null && row.display_name !== null
        ? { handle: row.handle, displayName: row.display_name, suspended: row.suspended_at !== null }
        : null,
  };
}

/** The user with this id (and their creator profile), or null. */
export async function findUserById(db: Executor, userId: string): Promise<UserRecord | null> {
  const row = await db('users as u')
    .leftJoin('creators as c', 'c.user_id', 'u.id')
    .where('u.id', userId)
    .first<UserRow | undefined>(USER_COLUMNS);
  return row ? toRecord(row) : null;
}

/** Id, phone, password hash and role of the user with this 10-digit phone, or null. */
export async function findCredentialsByPhone(db: Executor, phone: string): Promise<UserCredentials | null> {
  const row = await db('users')
    .where({ phone })
    .first<{ id: string; phone: string; password_hash: string; role: Role } | undefined>(
      'id',
      'phone',
      'password_hash',
      'role',
    );
  return row ? { id: row.id, phone: row.phone, passwordHash: row.password_hash, role: row.role } : null;
}

/** True when some account already uses this phone. */
export async function phoneExists(db: Executor, phone: string): Promise<boolean> {
  return Boolean(await db('users').where({ phone }).first('id'));
}

/** Inserts a viewer and returns their id; a duplicate phone raises the unique violation (23505). */
export async function insertUser(
  db: Executor,
  input: { name: string; phone: string; passwordHash: string; dateOfBirth?: string | null },
): Promise<string> {
  const [row] = await db('users')
    .insert({
      name: input.name,
      phone: input.phone,
      password_hash: input.passwordHash,
      role: 'viewer',
      date_of_birth: input.dateOfBirth ?? null,
    })
    .returning<{ id: string }[]>('id');
  if (!row) throw new Error('user insert returned no row');
  return row.id;
}

/** Replaces a user's password hash. */
export async function updatePasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db('users').where({ id: userId }).update({ password_hash: passwordHash, updated_at: db.fn.now() });
}

/** Stores a user's picture once (its own row) and points `profile_pic` at its versioned URL, in one transaction. */
export async function updateProfilePic(
  tx: Executor,
  userId: string,
  picture: { contentType: string; bytes: Buffer; version: string; url: string },
): Promise<void> {
  await tx('profile_pictures')
    .insert({
      user_id: userId,
      content_type: picture.contentType,
      bytes: picture.bytes,
      version: picture.version,
    })
    .onConflict('user_id')
    .merge({
      content_type: picture.contentType,
      bytes: picture.bytes,
      version: picture.version,
      updated_at: tx.fn.now(),
    });
  await tx('users').where({ id: userId }).update({ profile_pic: picture.url, updated_at: tx.fn.now() });
}

/** A user's stored picture when `version` is its current one (URLs are versioned, so a hit is immutable). */
export async function findProfilePicture(
  db: Executor,
  userId: string,
  version: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const row = await db('profile_pictures')
    .where({ user_id: userId, version })
    .first<{ content_type: string; bytes: Buffer } | undefined>('content_type', 'bytes');
  return row ? { contentType: row.content_type, bytes: row.bytes } : undefined;
}

/** Sets a user's role. */
export async function updateRole(db: Executor, userId: string, role: Role): Promise<void> {
  await db('users').where({ id: userId }).update({ role, updated_at: db.fn.now() });
}
