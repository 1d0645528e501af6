// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { CREATOR, VIEWER } from '@shabaash/mocks';
import { AppRoutes } from '../../App.tsx';
import { renderWithApp, storeSession } from '../../test/renderApp.tsx';
import { mockApiForFile } from '../../test/server.ts';

mockApiForFile();

describe('404 page', () => {
  it('offers Take me home and Login instead to a signed-out visitor', async () => {
    renderWithApp(<AppRoutes />, { path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'We lost that signal.' })).toBeTruthy();
    expect(screen.getByText(/Error code:/).textContent).toBe('Error code: 404_UNMAPPED_ROUTE');
    expect(screen.getByRole('link', { name: 'Take me home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Login instead' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Open my dashboard' })).toBeNull();
  });

  it('sends a signed-in viewer to /dashboard and a creator to /creator', async () => {
    storeSession(VIEWER.user, VIEWER.token);
    renderWithApp(<AppRoutes />, { path: '/missing' });
    const viewerLink = await screen.findByRole('link', { name: 'Open my dashboard' });
    expect(viewerLink.getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Login instead' })).toBeNull();
    cleanup();
    localStorage.clear();

    storeSession(CREATOR.user, CREATOR.token);
    renderWithApp(<AppRoutes />, { path: '/missing' });
    const creatorLink = await screen.findByRole('link', { name: 'Open my dashboard' });
    expect(creatorLink.getAttribute('href')).toBe('/creator');
  });
});
