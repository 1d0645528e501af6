import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import type { User } from '@shabaash/shared';
import { grantOperator, resetMockState, VIEWER, type FixtureUser } from '@shabaash/mocks';
import { createMockServer, type MockServer } from '@shabaash/mocks/node';
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

/**
 * The contract-checked mock API of one test file: every endpoint answered by `@shabaash/mocks` over a fixture
 * state (auth, input and output checked against shared/api.ts). After each test the rendered tree is unmounted,
 * the test's overrides dropped, the state put back to the fixtures and local storage cleared.
 */
export function mockApiForFile(): MockServer {
  const mock = createMockServer();
  beforeAll(() => mock.server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    cleanup();
    mock.server.resetHandlers();
    resetMockState(mock.state);
    localStorage.clear();
  });
  afterAll(() => mock.server.close());
  return mock;
}

/** Before each test, the fixture account `who` is signed in (its session stored as the app stores it). */
export function signInFixtureBeforeEach(who: FixtureUser): void {
  beforeEach(() => storeSession(who.user, who.token));
}

/** Before each test, the fixture viewer is an operator and signed in (the Ops console's tests). */
export function signInOperatorBeforeEach({ state }: MockServer): void {
  beforeEach(() => storeSession(grantOperator(state, VIEWER.user.id), VIEWER.token));
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

/** GET /api/creator/overlay of the test creator (@asha, "Asha Live"). */
/** GET /api/creator/youtube with Connect YouTube available and no channel connected. */
export function noYouTubeChannel() {
  return http.get('*/api/creator/youtube', () =>
    HttpResponse.json({
      available: true,
      channel: null,
      live: null,
      settings: { countMode: 'inrOnly', rates: {} },
    }),
  );
}

export const CREATOR_OVERLAY = {
  overlayTheme: 'classic',
  font: 'Poppins',
  color: '#ff5c5c',
  sound: 'default',
  handle: 'asha',
  displayName: 'Asha Live',
  overlayKey: 'ok_secret',
};

/**
 * The reads a signed-in creator's Chat Loader makes besides its chats: the mirror's wallet and recent tips, the
 * safety flags, the stream session (none), and the creator's overlay (settings, handle `asha`, key `ok_secret`, plus `overlay` given).
 */
export function creatorLoaderHandlers(overlay: Record<string, unknown> = {}) {
  return [
    http.get('*/api/wallet/balance', () => HttpResponse.json({ balance: 0, balancePaise: 0 })),
    http.get('*/api/wallet/transactions', () => HttpResponse.json({ transactions: [], version: 0 })),
    http.get('*/api/tips/recent', () => HttpResponse.json({ tips: [] })),
    http.get('*/api/creator/safety/flags', () => HttpResponse.json({ ids: [] })),
    // The stream session card (StreamSession.test.tsx covers it).
    http.get('*/api/creator/stream', () =>
      HttpResponse.json({ session: null, totals: { amount: 0, amountPaise: 0, count: 0, topTip: null } }),
    ),
    http.get('*/api/creator/overlay', () => HttpResponse.json({ ...CREATOR_OVERLAY, ...overlay })),
    // Alert receipts: alerts playing (AlertReceipts.test.tsx covers pause and the warnings).
    http.get('*/api/creator/show/alerts', () => HttpResponse.json({ paused: false, held: 0 })),
    // Connect YouTube: no channel (ChatControlScreen.test.tsx covers the live-chat follower's banner).
    noYouTubeChannel(),
  ];
}
