// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { buildUser, renderWithApp, storeSession } from '../test/renderApp.tsx';
import { setAppSocketFactory } from '../realtime/appSocket.ts';
import { createRealtimeSocket } from '../realtime/socket.ts';
import { fakeSocketFactory } from '../test/fakeSocket.ts';
import { useAlertsState } from './useShowActions.ts';

const server = setupServer();
const creator = buildUser({ role: 'creator', creator: { handle: 'asha', displayName: 'Asha Live' } });
let fake = fakeSocketFactory();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  fake = fakeSocketFactory();
  setAppSocketFactory((options) => createRealtimeSocket({ ...options, createSocket: fake.factory }));
  storeSession(creator);
  server.use(
    http.get('*/api/users/me', () => HttpResponse.json({ user: creator })),
    http.get('*/api/creator/show/alerts', () => HttpResponse.json({ paused: false, held: 0 })),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  setAppSocketFactory(null);
});
afterAll(() => server.close());

function AlertsSwitch() {
  const alerts = useAlertsState();
  if (!alerts.data) return <p>loading</p>;
  return <p data-testid="alerts">{alerts.data.paused ? `paused, ${alerts.data.held} held` : 'playing'}</p>;
}

describe("the Chat Loader's alerts switch", () => {
  it('follows a pause and a resume made by a moderator or the creator’s other phone', async () => {
    renderWithApp(<AlertsSwitch />);
    await expect.poll(() => screen.queryByTestId('alerts')?.textContent).toBe('playing');
    await expect.poll(() => fake.sockets.length).toBeGreaterThan(0);
    act(() => fake.last().push({ type: 'alerts:update', data: { paused: true, held: 2 } }));
    await expect.poll(() => screen.getByTestId('alerts').textContent).toBe('paused, 2 held');
    act(() => fake.last().push({ type: 'alerts:update', data: { paused: false, held: 0 } }));
    await expect.poll(() => screen.getByTestId('alerts').textContent).toBe('playing');
  });
});
