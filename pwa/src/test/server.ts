import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import type { User } from '@shabaash/shared';
import { storeSession } from './renderApp.tsx';

export type TestServer = ReturnType<typeof setupServer>;

/**
 * The MSW server of one test file: it listens before the tests (a request no handler answers fails the test),
 * and after each test the rendered tree is unmounted, the test's own handlers dropped and local storage cleared.
 */
export function mswServerForFile(): TestServer {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    cleanup();
    server.resetHandlers();
    localStorage.clear();
  });
  afterAll(() => server.close());
  return server;
}

/** Signs `user` in: their session stored as the app stores it, and GET /users/me answering it. */
export function signIn(server: TestServer, user: User): void {
  storeSession(user);
  server.use(http.get('*/api/users/me', () => HttpResponse.json({ user })));
}

/** Before each test, `user` is signed in (see signIn). */
export function signInBeforeEach(server: TestServer, user: User): void {
  beforeEach(() => signIn(server, user));
}
