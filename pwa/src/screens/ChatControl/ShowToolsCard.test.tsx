// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { defaultShowSettings, type Tip } from '@shabaash/shared';
import { buildUser, renderWithApp } from '../../test/renderApp.tsx';
import { creatorLoaderHandlers, mswServerForFile, signInBeforeEach } from '../../test/server.ts';
import { setAppSocketFactory } from '../../realtime/appSocket.ts';
import { createRealtimeSocket } from '../../realtime/socket.ts';
import { fakeSocketFactory } from '../../test/fakeSocket.ts';
import { clearMirror } from '../../sync/db.ts';
import { ChatControlScreen } from './ChatControlScreen.tsx';

// The show in the Chat Loader: tier chips on rows, Skip reading and Send test alert.

const creator = buildUser({ role: 'creator', creator: { handle: 'asha', displayName: 'Asha Live' } });
const server = mswServerForFile();
signInBeforeEach(server, creator);

beforeEach(async () => {
  await clearMirror();
  const fake = fakeSocketFactory();
  setAppSocketFactory((options) => createRealtimeSocket({ ...options, createSocket: fake.factory }));
});
afterEach(() => setAppSocketFactory(null));

function tip(id: string, amount: number): Tip {
  const at = new Date().toISOString();
  return {
    _id: id,
    id,
    creatorId: 'u_1',
    amount,
    amountPaise: amount * 100,
    message: `hello from ${id}`,
    name: `Fan ${id}`,
    guestName: null,
    sender: null,
    status: 'unread',
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
}

function serve(tips: Tip[]) {
  const calls: Array<{ path: string; body: unknown }> = [];
  const show = defaultShowSettings();
  show.tiers = [
    { minAmount: 0, color: '#111111', seconds: 5 },
    { minAmount: 250, color: '#fb8c00', seconds: 20 },
  ];
  server.use(
    ...creatorLoaderHandlers({ show }),
    http.get('*/api/creator/chats', () => HttpResponse.json({ tips, version: 1 })),
    http.get('*/api/creator/chats/changes', () =>
      HttpResponse.json({ tips: [], deleted: [], version: 1, reset: false }),
    ),
    http.post('*/api/creator/show/skip-speech', () => {
      calls.push({ path: 'skip', body: null });
      return HttpResponse.json({ ok: true });
    }),
    http.post('*/api/creator/show/test-alert', async ({ request }) => {
      const body = await request.json();
      calls.push({ path: 'test', body });
      if (calls.filter((c) => c.path === 'test').length > 1)
        return HttpResponse.json(
          { message: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' },
          { status: 429 },
        );
      return HttpResponse.json({
        id: 'test-1',
        name: 'Test alert',
        amount: 500,
        amountPaise: 50_000,
        message: 'This is a test alert.',
        speech: true,
      });
    }),
  );
  return calls;
}

describe('the show in the Chat Loader', () => {
  it('shows each row’s tier as a colour chip with text a screen reader reads', async () => {
    serve([tip('small', 100), tip('big', 300)]);
    renderWithApp(<ChatControlScreen />, { path: '/creator/chat-control' });
    const row = async (id: string) =>
      (await screen.findAllByTestId('chat-row')).find((r) => r.dataset.chatId === id) as HTMLElement;
    const bigRow = await row('big');
    await waitFor(() => expect(within(bigRow).getByTestId('tier-chip').textContent).toBe('Tier ₹250+'));
    expect(within(bigRow).getByTestId('tier-chip').dataset.tierColor).toBe('#fb8c00');
    const smallRow = await row('small');
    expect(within(smallRow).getByTestId('tier-chip').textContent).toBe('Tier ₹0+');
  });

  it('Skip reading and Send test alert call the API and say what happened, refusals included', async () => {
    const calls = serve([]);
    const user = userEvent.setup();
    renderWithApp(<ChatControlScreen />, { path: '/creator/chat-control' });
    await user.click(await screen.findByRole('button', { name: 'Skip reading' }));
    expect(await screen.findByText('Reading stopped on your overlays.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send test alert' }));
    expect(
      await screen.findByText('Test alert sent to your overlay. It is not saved anywhere.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send test alert' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please try again later.');
    expect(calls).toEqual([
      { path: 'skip', body: null },
      { path: 'test', body: {} },
      { path: 'test', body: {} },
    ]);
  });
});
