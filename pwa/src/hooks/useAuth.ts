import { useContext } from 'react';
import { AuthContext, type AuthState } from '../auth/authContext.ts';

/** The session: user, loading, isCreator, login(token, user), logout(), updateUser(partial). */
export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
