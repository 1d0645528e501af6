// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { StreamState } from '@shabaash/shared';
import { buildUser, renderWithApp } from '../../test/renderApp.tsx';
import { mswServerForFile, signInBeforeEach } from '../../test/server.ts';
import { fakeAppSocketForFile } from '../../test/fakeSocket.ts';
import { StreamSession } from './StreamSession.tsx';

const server = mswServerForFile();
const creator = buildUser({ role: 'creator', creator: { handle: 'asha', displayName: 'Asha Live' } });
const fake = fakeAppSocketForFile();
const NONE = { amount: 0, amountPaise: 0, count: 0, topTip: null };
const SESSION = { id: 's1', startedAt: '2026-11-25T14:30:00.000Z', endedAt: null };

signInBeforeEach(server, creator);

/** The API's stream state, changed by start/end calls and by the test (a tip paid meanwhile). */
function serve(initial: StreamState) {
  const api = { state: initial, calls: [] as string[] };
  server.use(
    http.get('*/api/creator/stream', () => HttpResponse.json(api.state)),
    http.post('*/api/creator/stream/start', () => {
      api.calls.push('start');
      api.state = { session: SESSION, totals: NONE };
      return HttpResponse.json(api.state);
    }),
    http.post('*/api/creator/stream/end', () => {
      api.calls.push('end');
      if (api.state.session)
        api.state = { ...api.state, session: { ...api.state.session, endedAt: SESSION.startedAt } };
      return HttpResponse.json(api.state);
    }),
  );
  return api;
}

describe('Chat Loader: this stream', () => {
  it('Start stream frames a session, its totals follow realtime, End stream closes it', async () => {
    const api = serve({ session: null, totals: NONE });
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
    api.state = {
      session: SESSION,
      totals: {
        amount: 1500,
        amountPaise: 150_000,
        count: 2,
        topTip: { name: 'Priya', amount: 1000, amountPaise: 100_000 },
      },
    };
    act(() => {
      fake().last().open();
      fake()
        .last()
        .push({ type: 'stream:update', data: { session: SESSION } });
    });
    expect(await screen.findByText('₹1,500.00')).toBeTruthy();
    expect(screen.getByTestId('stat-stream-count').textContent).toBe('2');
    expect(screen.getByTestId('stat-stream-top').textContent).toBe('₹1,000.00 · Priya');

    await userEvent.click(screen.getByRole('button', { name: 'End stream' }));
    await screen.findByRole('button', { name: 'Start stream' });
    expect(screen.getByTestId('stream-status').textContent).toMatch(/^Stream ended at /);
    expect(screen.getByTestId('stat-stream-total').textContent).toBe('₹1,500.00'); // the ended stream's totals stay
    expect(api.calls).toEqual(['start', 'end']);
  });

  it('says so when the totals cannot load, and when starting fails (nothing lost: try again)', async () => {
    server.use(
      http.get('*/api/creator/stream', () =>
        HttpResponse.json({ message: 'Down', code: 'UNAVAILABLE' }, { status: 503 }),
      ),
    );
    renderWithApp(<StreamSession />);
    expect((await screen.findByRole('alert')).textContent).toContain('Unable to load this stream’s totals.');
    serve({ session: null, totals: NONE });
    server.use(
      http.post('*/api/creator/stream/start', () =>
        HttpResponse.json({ message: 'Server busy.', code: 'UNAVAILABLE' }, { status: 503 }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Start stream' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Server busy.');
    expect(screen.getByRole('button', { name: 'Start stream' })).toBeTruthy();
  });
});
