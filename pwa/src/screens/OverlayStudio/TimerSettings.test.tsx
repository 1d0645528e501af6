// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CREATOR } from '@shabaash/mocks';
import { renderWithApp } from '../../test/renderApp.tsx';
import { mockApiForFile, signInFixtureBeforeEach } from '../../test/server.ts';
import { fakeAppSocketForFile } from '../../test/fakeSocket.ts';
import { TimerSettings } from './TimerSettings.tsx';

const { state } = mockApiForFile();

fakeAppSocketForFile();
signInFixtureBeforeEach(CREATOR);

/** The creator's timer settings as the API holds them, and how many times the screen saved them. */
const timer = () => state.timers.get(CREATOR.user.id);
const saves = () => state.calls.get('saveTimerSettings') ?? 0;

/** Renders the settings and waits until they loaded (Save enabled); returns the "How tips add time" select. */
async function openTimerSettings(): Promise<HTMLElement> {
  renderWithApp(<TimerSettings />);
  const mode = await screen.findByLabelText('How tips add time');
  await expect
    .poll(() => (screen.getByRole('button', { name: 'Save timer' }) as HTMLButtonElement).disabled)
    .toBe(false);
  return mode;
}

describe('Overlay Studio: the subathon timer settings', () => {
  it('switches to time per tier, edits, adds and removes tiers, and saves them', async () => {
    const user = userEvent.setup();
    const mode = await openTimerSettings();
    expect(screen.getByLabelText('Seconds added per ₹1')).toBeTruthy();

    await user.selectOptions(mode, 'tier');
    expect(screen.queryByLabelText('Seconds added per ₹1')).toBeNull();
    expect(screen.getAllByTestId('timer-tier-row')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Remove tier 1' }));
    await user.click(screen.getByRole('button', { name: 'Add tier' }));
    const amount = screen.getByLabelText('From (₹)', { selector: '#ts-tier-3-amount' });
    const seconds = screen.getByLabelText('Seconds added', { selector: '#ts-tier-3-seconds' });
    await user.type(amount, '5000');
    await user.type(seconds, '3600');
    await user.click(screen.getByRole('button', { name: 'Save timer' }));
    await screen.findByText('Timer saved.');
    expect(saves()).toBe(1);
    expect(timer()?.settings).toMatchObject({
      rateMode: 'tier',
      tierSeconds: [
        { minAmount: 100, seconds: 120 },
        { minAmount: 500, seconds: 600 },
        { minAmount: 1000, seconds: 1800 },
        { minAmount: 5000, seconds: 3600 },
      ],
    });
  });

  it('refuses two tiers of the same amount with the reason, and saves nothing', async () => {
    const user = userEvent.setup();
    const mode = await openTimerSettings();
    await user.selectOptions(mode, 'tier');
    const second = screen.getByLabelText('From (₹)', { selector: '#ts-tier-1-amount' });
    await user.clear(second);
    await user.type(second, '0');
    await user.click(screen.getByRole('button', { name: 'Save timer' }));
    await screen.findByText('Each tier of the timer needs its own amount.');
    expect(saves()).toBe(0);
  });
});
