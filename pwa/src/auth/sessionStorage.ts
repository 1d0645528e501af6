import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY, userSchema, type User } from '@shabaash/shared';

/** Reads the stored user (local storage key `user`); a missing or malformed value yields null. */
export function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_STORAGE_KEY);
    if (!raw) return null;
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Saves token and user under the keys `token` and `user` (SPEC §4 Session). */
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
