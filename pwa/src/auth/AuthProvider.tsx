import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY, type User } from '@shabaash/shared';
import { api, ApiError, readToken, setUnauthorizedHandler } from '../api/client.ts';
import { AuthContext, type AuthState } from './authContext.ts';
import { clearSession, readStoredUser, saveSession } from './sessionStorage.ts';

/**
 * Holds the session: restores token and user from local storage on load, then refreshes the
 * user from GET /api/users/me; login saves both, logout removes both and calls POST /api/auth/logout.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<User | null>(() => (readToken() ? readStoredUser() : null));
  // With a token but no stored user we must wait for /users/me before deciding on guarded routes.
  const [loading, setLoading] = useState<boolean>(() => Boolean(readToken()) && readStoredUser() === null);

  const signOutLocally = useCallback(() => {
    clearSession();
    setUser(null);
    setLoading(false);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
    // A shared phone must not keep the previous user's wallet and chats in IndexedDB.
    void import('../sync/db.ts').then((m) => m.clearMirror()).catch(() => undefined);
  }, [queryClient]);

  // Refresh the stored user from the server once on load (offline keeps the stored copy).
  useEffect(() => {
    const token = readToken();
    if (!token) return;
    const controller = new AbortController();
    api('me', { signal: controller.signal })
      .then(({ user: fresh }) => {
        if (readToken() !== token) return;
        saveSession(null, fresh);
        setUser(fresh);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) signOutLocally();
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [signOutLocally]);

  // A 401 on any authenticated call means the session was revoked: sign out here too.
  useEffect(() => {
    setUnauthorizedHandler(() => signOutLocally());
    return () => setUnauthorizedHandler(null);
  }, [signOutLocally]);

  // Keep tabs in step: login or logout in another tab applies here.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_STORAGE_KEY && event.key !== USER_STORAGE_KEY && event.key !== null) return;
      setUser(readToken() ? readStoredUser() : null);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const login = useCallback((token: string, nextUser: User) => {
    saveSession(token, nextUser);
    setUser(nextUser);
    setLoading(false);
  }, []);

  const logout = useCallback(async () => {
    if (readToken()) {
      try {
        await api('logout');
      } catch {
        // the local session ends regardless (offline, already revoked)
      }
    }
    signOutLocally();
  }, [signOutLocally]);

  const updateUser = useCallback((partial: Partial<User>) => {
    setUser((current) => {
      if (!current) return current;
      const merged = { ...current, ...partial };
      saveSession(null, merged); // idempotent, so a repeated updater call is harmless
      return merged;
    });
  }, []);

  const value = useMemo<AuthState>(
    () => ({ user, loading, isCreator: user?.role === 'creator', login, logout, updateUser }),
    [user, loading, login, logout, updateUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
