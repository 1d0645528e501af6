// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { defaultTimerSettings, type CreatorTimer, type TimerRun } from '@shabaash/shared';
import { buildUser, renderWithApp } from '../../test/renderApp.tsx';
import { mswServerForFile, signInBeforeEach } from '../../test/server.ts';
import { fakeAppSocketForFile } from '../../test/fakeSocket.ts';
import { TimerCard } from './TimerCard.tsx';

const server = mswServerForFile();
const creator = buildUser({ role: 'creator', creator: { handle: 'asha', displayName: 'Asha Live' } });
const fake = fakeAppSocketForFile();

signInBeforeEach(server, creator);

const now = () => new Date().toISOString();
const idle = (): TimerRun => ({
  status: 'idle',
  endsAt: null,
  remainingMs: 3_600_000,
  addedSeconds: 0,
  serverNow: now(),
});

/** The API's timer, changed by the card's buttons and by the test (a tip that added time). */
function serve() {
  const api = {
    timer: { settings: defaultTimerSettings(), run: idle() } as CreatorTimer,
    calls: [] as string[],
  };
  const answer = () => HttpResponse.json({ ...api.timer, run: { ...api.timer.run, serverNow: now() } });
  server.use(
    http.get('*/api/creator/timer', answer),
    http.post('*/api/creator/timer/:action', ({ params }) => {
      const action = String(params.action);
      api.calls.push(action);
      const t = Date.now();
      if (action === 'start' || action === 'resume')
        api.timer.run = {
          ...api.timer.run,
          status: 'running',
          endsAt: new Date(t + (api.timer.run.remainingMs ?? 0)).toISOString(),
          remainingMs: null,
        };
      if (action === 'pause')
        api.timer.run = {
          ...api.timer.run,
          status: 'paused',
          endsAt: null,
          remainingMs: Date.parse(api.timer.run.endsAt ?? '') - t,
        };
      return answer();
    }),
  );
  return api;
}

describe('Chat Loader: the subathon timer card', () => {
  it('starts, pauses and resumes the timer, and follows time added on another device', async () => {
    const api = serve();
    renderWithApp(<TimerCard />);
    await expect.poll(() => screen.getByTestId('timer-left').textContent).toBe('1:00:00');
    expect(screen.getByTestId('timer-status').textContent).toBe('Not started');
    await userEvent.click(screen.getByRole('button', { name: 'Start timer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pause timer' }));
    await screen.findByRole('button', { name: 'Resume timer' });
    expect(screen.getByTestId('timer-status').textContent).toBe('Paused');
    expect(screen.getByTestId('timer-left').textContent).toMatch(/^(1:00:00|59:5\d)$/);

    // A tip added ten minutes while paused: timer:update refetches the card.
    api.timer.run = { ...api.timer.run, remainingMs: 4_200_000, addedSeconds: 600 };
    act(() => {
      fake().last().open();
      fake()
        .last()
        .push({ type: 'timer:update', data: { run: api.timer.run } });
    });
    await expect.poll(() => screen.getByTestId('timer-left').textContent).toBe('1:10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Resume timer' }));
    await screen.findByRole('button', { name: 'Pause timer' });
    expect(api.calls).toEqual(['start', 'pause', 'resume']);
  });
});
