// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { RequireAuth } from './RequireAuth.tsx';
import { buildUser, renderWithApp, storeSession } from '../../test/renderApp.tsx';
import { mswServerForFile, signIn } from '../../test/server.ts';

const server = mswServerForFile();

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
    const viewer = buildUser();
    signIn(server, viewer);
    renderWithApp(<GuardedRoutes />, { path: '/creator' });
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(location()).toBe('/dashboard');
  });

  it('lets a creator through to the creator route', async () => {
    const creator = buildUser({ role: 'creator', creator: { handle: 'asha', displayName: 'Asha' } });
    signIn(server, creator);
    renderWithApp(<GuardedRoutes />, { path: '/creator' });
    expect(await screen.findByRole('heading', { name: 'Creator page' })).toBeTruthy();
    expect(location()).toBe('/creator');
  });

  it('shows Loading... while a stored token is resolved, then renders the route', async () => {
    const viewer = buildUser();
    storeSession(null); // token only, no stored user: the guard must wait for /users/me
    server.use(
      http.get('*/api/users/me', async ({ request }) => {
        expect(request.headers.get('authorization')).toBe('Bearer test-token');
        await delay(80);
        return HttpResponse.json({ user: viewer });
      }),
    );
    renderWithApp(<GuardedRoutes />, { path: '/dashboard' });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByText('Dashboard page')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(viewer);
  });

  it('signs out and redirects to /login when the stored token is rejected', async () => {
    storeSession(null, 'revoked');
    server.use(
      http.get('*/api/users/me', () =>
        HttpResponse.json(
          { message: 'Your session has expired. Please log in again.', code: 'UNAUTHENTICATED' },
          { status: 401 },
        ),
      ),
    );
    renderWithApp(<GuardedRoutes />, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });
});
