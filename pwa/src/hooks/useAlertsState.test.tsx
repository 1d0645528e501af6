// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { CREATOR } from '@shabaash/mocks';
import { renderWithApp } from '../test/renderApp.tsx';
import { mockApiForFile, signInFixtureBeforeEach } from '../test/server.ts';
import { fakeAppSocketForFile } from '../test/fakeSocket.ts';
import { useAlertsState } from './useShowActions.ts';

mockApiForFile(); // the creator's alerts start playing
const fake = fakeAppSocketForFile();

signInFixtureBeforeEach(CREATOR);

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
