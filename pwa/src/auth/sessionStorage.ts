import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY, type User } from '@shabaash/shared';

const isString = (value: unknown): value is string => typeof value === 'string';

/** The stored user when it has the shape of `userSchema` (checked by hand so the boot bundle carries no zod). */
function toUser(value: unknown): User | null {
  if (!value || typeof value !== 'object') return null;
  const { id, name, phone, role, profilePic, creator } = value as Record<string, unknown>;
  if (!isString(id) || !isString(name) || !isString(phone)) return null;
  if (role !== 'viewer' && role !== 'creator') return null;
  if (profilePic !== null && !isString(profilePic)) return null;
  let creatorProfile: User['creator'] = null;
  if (creator !== null) {
    if (!creator || typeof creator !== 'object') return null;
    const { handle, displayName } = creator as Record<string, unknown>;
    if (!isString(handle) || !isString(displayName)) return null;
    creatorProfile = { handle, displayName };
  }
  return { id, name, phone, role, profilePic, creator: creatorProfile };
}

/** Reads the stored user (local storage key `user`); a missing or malformed value yields null. */
export function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_STORAGE_KEY);
    if (!raw) return null;
    return toUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Saves token and user under the keys `token` and `user`. */
export function saveSession(token: string | null, user: User): void {
  try {
    if (token !== null) localStorage.setItem(TOKEN_STORAGE_KEY, token);
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  } catch {
    // storage unavailable: the session lives in memory only
  }
}

/** Removes token and user from local storage. */
export function clearSession(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
