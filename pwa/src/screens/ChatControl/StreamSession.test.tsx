// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CREATOR, failWith, insertTip, overrideHandlers } from '@shabaash/mocks';
import { renderWithApp } from '../../test/renderApp.tsx';
import { mockApiForFile, signInFixtureBeforeEach } from '../../test/server.ts';
import { fakeAppSocketForFile } from '../../test/fakeSocket.ts';
import { StreamSession } from './StreamSession.tsx';

const { server, state } = mockApiForFile();
const fake = fakeAppSocketForFile();

signInFixtureBeforeEach(CREATOR);

/** How many times the card started and ended a stream. */
const streamCalls = () => ['startStream', 'endStream'].map((name) => state.calls.get(name) ?? 0);

describe('Chat Loader: this stream', () => {
  it('Start stream frames a session, its totals follow realtime, End stream closes it', async () => {
    renderWithApp(<StreamSession />);
    expect((await screen.findByTestId('stream-status')).textContent).toMatch(/^No stream running/);
    const start = screen.getByRole('button', { name: 'Start stream' });
    expect(screen.getByTestId('stat-stream-total').textContent).toBe('—');
    await userEvent.click(start);
    await screen.findByRole('button', { name: 'End stream' });
    expect(screen.getByText('LIVE')).toBeTruthy();
    expect(screen.getByTestId('stat-stream-total').textContent).toBe('₹0.00');
    expect(screen.getByTestId('stream-status').textContent).toMatch(/^Live since /);

    // A tip is paid: the server's totals change and a tip:new arrives on the creator's socket.
    const session = state.streams.get(CREATOR.user.id)!.at(-1)!;
    const paid = { creatorId: CREATOR.user.id, sender: null, message: 'gg', status: 'read' as const };
    insertTip(state, { ...paid, guestName: 'Priya', amountPaise: 100_000 });
    insertTip(state, { ...paid, guestName: 'Kiran', amountPaise: 50_000 });
    act(() => {
      fake().last().open();
      fake().last().push({ type: 'stream:update', data: { session } });
    });
    expect(await screen.findByText('₹1,500.00')).toBeTruthy();
    expect(screen.getByTestId('stat-stream-count').textContent).toBe('2');
    expect(screen.getByTestId('stat-stream-top').textContent).toBe('₹1,000.00 · Priya');

    await userEvent.click(screen.getByRole('button', { name: 'End stream' }));
    await screen.findByRole('button', { name: 'Start stream' });
    expect(screen.getByTestId('stream-status').textContent).toMatch(/^Stream ended at /);
    expect(screen.getByTestId('stat-stream-total').textContent).toBe('₹1,500.00'); // the ended stream's totals stay
    expect(streamCalls()).toEqual([1, 1]);
  });

  it('says so when the totals cannot load, and when starting fails (nothing lost: try again)', async () => {
    server.use(...overrideHandlers(state, { streamState: failWith('UNAVAILABLE', 'Down') }));
    renderWithApp(<StreamSession />);
    expect((await screen.findByRole('alert')).textContent).toContain('Unable to load this stream’s totals.');
    server.resetHandlers();
    server.use(...overrideHandlers(state, { startStream: failWith('UNAVAILABLE', 'Server busy.') }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Start stream' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Server busy.');
    expect(screen.getByRole('button', { name: 'Start stream' })).toBeTruthy();
  });
});
