// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CREATOR } from '@shabaash/mocks';
import { renderWithApp } from '../../test/renderApp.tsx';
import { mockApiForFile, signInFixtureBeforeEach } from '../../test/server.ts';
import { fakeAppSocketForFile } from '../../test/fakeSocket.ts';
import { TimerCard } from './TimerCard.tsx';

const { state } = mockApiForFile();
const fake = fakeAppSocketForFile();

signInFixtureBeforeEach(CREATOR);

/** How many times the card called each timer action. */
const actionCalls = () =>
  ['startTimer', 'pauseTimer', 'resumeTimer'].map((name) => state.calls.get(name) ?? 0);

describe('Chat Loader: the subathon timer card', () => {
  it('starts, pauses and resumes the timer, and follows time added on another device', async () => {
    renderWithApp(<TimerCard />);
    await expect.poll(() => screen.getByTestId('timer-left').textContent).toBe('1:00:00');
    expect(screen.getByTestId('timer-status').textContent).toBe('Not started');
    await userEvent.click(screen.getByRole('button', { name: 'Start timer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pause timer' }));
    await screen.findByRole('button', { name: 'Resume timer' });
    expect(screen.getByTestId('timer-status').textContent).toBe('Paused');
    expect(screen.getByTestId('timer-left').textContent).toMatch(/^(1:00:00|59:5\d)$/);

    // A tip added ten minutes while paused: timer:update refetches the card.
    const timer = state.timers.get(CREATOR.user.id)!;
    timer.run = { ...timer.run, remainingMs: 4_200_000, addedSeconds: 600 };
    act(() => {
      fake().last().open();
      fake()
        .last()
        .push({ type: 'timer:update', data: { run: timer.run } });
    });
    await expect.poll(() => screen.getByTestId('timer-left').textContent).toBe('1:10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Resume timer' }));
    await screen.findByRole('button', { name: 'Pause timer' });
    expect(actionCalls()).toEqual([1, 1, 1]);
  });
});
