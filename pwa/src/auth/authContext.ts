import { createContext } from 'react';
import type { User } from '@shabaash/shared';

export interface AuthState {
  user: User | null;
  /** True while a stored token is being resolved into a user (no stored user yet). */
  loading: boolean;
  isCreator: boolean;
  login: (token: string, user: User) => void;
  logout: () => Promise<void>;
  updateUser: (partial: Partial<User>) => void;
}

export const AuthContext = createContext<AuthState | null>(null);
