import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import type { User } from '@shabaash/shared';
import { AppProviders } from '../App.tsx';

/** Test harness: a user as the API presents it. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u_1',
    name: 'Asha Verma',
    phone: '9876543210',
    role: 'viewer',
    profilePic: null,
    creator: null,
    ...overrides,
  };
}

/** Stores a session exactly as the app does after login (local storage keys `token` and `user`). */
export function storeSession(user: User | null, token = 'test-token'): void {
  localStorage.setItem('token', token);
  if (user) localStorage.setItem('user', JSON.stringify(user));
}

/** Prints the current path so tests can assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** Renders `ui` (or routes) inside the app's providers and a memory router at `path`. */
export function renderWithApp(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <Routes>
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}
