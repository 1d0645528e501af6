// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { delay } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { CREATOR, VIEWER, overrideHandlers, resolvers } from '@shabaash/mocks';
import { RequireAuth } from './RequireAuth.tsx';
import { renderWithApp, storeSession } from '../../test/renderApp.tsx';
import { mockApiForFile } from '../../test/server.ts';

const { server, state } = mockApiForFile();

function GuardedRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<h1>Login page</h1>} />
      <Route element={<RequireAuth />}>
        <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
      </Route>
      <Route element={<RequireAuth role="creator" />}>
        <Route path="/creator" element={<h1>Creator page</h1>} />
      </Route>
    </Routes>
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('RequireAuth', () => {
  it('redirects a signed-out visitor from a protected route to /login', async () => {
    renderWithApp(<GuardedRoutes />, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(location()).toBe('/login');
    expect(screen.queryByText('Dashboard page')).toBeNull();
  });

  it('redirects a viewer on a creator-only route to /dashboard', async () => {
    storeSession(VIEWER.user, VIEWER.token);
    renderWithApp(<GuardedRoutes />, { path: '/creator' });
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(location()).toBe('/dashboard');
  });

  it('lets a creator through to the creator route', async () => {
    storeSession(CREATOR.user, CREATOR.token);
    renderWithApp(<GuardedRoutes />, { path: '/creator' });
    expect(await screen.findByRole('heading', { name: 'Creator page' })).toBeTruthy();
    expect(location()).toBe('/creator');
  });

  it('shows Loading... while a stored token is resolved, then renders the route', async () => {
    storeSession(null, VIEWER.token); // token only, no stored user: the guard must wait for /users/me
    // The contract's answer (it refuses a request without the stored token), a little late.
    server.use(
      ...overrideHandlers(state, {
        me: async (ctx) => {
          await delay(80);
          return resolvers.me(ctx);
        },
      }),
    );
    renderWithApp(<GuardedRoutes />, { path: '/dashboard' });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByText('Dashboard page')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(VIEWER.user);
  });

  it('signs out and redirects to /login when the stored token is rejected', async () => {
    storeSession(null, 'revoked'); // a token the API does not know: GET /users/me answers 401
    renderWithApp(<GuardedRoutes />, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });
});
