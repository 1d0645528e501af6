// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { buildUser, renderWithApp } from '../test/renderApp.tsx';
import { mswServerForFile, signInBeforeEach } from '../test/server.ts';
import { fakeAppSocketForFile } from '../test/fakeSocket.ts';
import { useAlertsState } from './useShowActions.ts';

const server = mswServerForFile();
const creator = buildUser({ role: 'creator', creator: { handle: 'asha', displayName: 'Asha Live' } });
const fake = fakeAppSocketForFile();

signInBeforeEach(server, creator);
beforeEach(() =>
  server.use(http.get('*/api/creator/show/alerts', () => HttpResponse.json({ paused: false, held: 0 }))),
);

function AlertsSwitch() {
  const alerts = useAlertsState();
  if (!alerts.data) return <p>loading</p>;
  return <p data-testid="alerts">{alerts.data.paused ? `paused, ${alerts.data.held} held` : 'playing'}</p>;
}

describe("the Chat Loader's alerts switch", () => {
  it('follows a pause and a resume made by a moderator or the creator’s other phone', async () => {
    renderWithApp(<AlertsSwitch />);
    await expect.poll(() => screen.queryByTestId('alerts')?.textContent).toBe('playing');
    await expect.poll(() => fake().sockets.length).toBeGreaterThan(0);
    act(() =>
      fake()
        .last()
        .push({ type: 'alerts:update', data: { paused: true, held: 2 } }),
    );
    await expect.poll(() => screen.getByTestId('alerts').textContent).toBe('paused, 2 held');
    act(() =>
      fake()
        .last()
        .push({ type: 'alerts:update', data: { paused: false, held: 0 } }),
    );
    await expect.poll(() => screen.getByTestId('alerts').textContent).toBe('playing');
  });
});
