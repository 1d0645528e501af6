// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { STATUS_TEXTS, type ServerMessage, type Tip } from '@shabaash/shared';
import { buildUser, renderWithApp, storeSession } from '../../test/renderApp.tsx';
import { setAppSocketFactory } from '../../realtime/appSocket.ts';
import { createRealtimeSocket } from '../../realtime/socket.ts';
import { fakeSocketFactory } from '../../test/fakeSocket.ts';
import { creatorLoaderHandlers } from '../../test/server.ts';
import { clearMirror } from '../../sync/db.ts';
import { pullNow } from '../../sync/pull.ts';
import { replayOutbox } from '../../sync/outbox.ts';
import { reportApiReachable } from '../../sync/connectivity.ts';
import { ChatControlScreen } from './ChatControlScreen.tsx';
import { activateLanguage } from '../../i18n/i18n.tsx';

const server = setupServer();
const SPACE = 'creator:u_1';
const creator = buildUser({ role: 'creator', creator: { handle: 'asha', displayName: 'Asha Live' } });
let fake = fakeSocketFactory();
let version = 10;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // happy-dom has no window.confirm; the tests decide the answer.
  Object.defineProperty(window, 'confirm', { value: () => true, configurable: true, writable: true });
});
beforeEach(async () => {
  await clearMirror();
  reportApiReachable(true);
  fake = fakeSocketFactory();
  setAppSocketFactory((options) => createRealtimeSocket({ ...options, createSocket: fake.factory }));
  storeSession(creator);
});
afterEach(async () => {
  cleanup();
  await pullNow().catch(() => undefined);
  await replayOutbox().catch(() => undefined);
  server.resetHandlers();
  localStorage.clear();
  setAppSocketFactory(null);
  vi.useRealTimers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

function ago(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString();
}

function tip(id: string, overrides: Partial<Tip> = {}): Tip {
  version += 1;
  const createdAt = overrides.createdAt ?? ago(1);
  return {
    _id: id,
    id,
    creatorId: 'u_1',
    amount: 100,
    amountPaise: 10000,
    message: `hello from ${id}`,
    name: `Fan ${id}`,
    guestName: null,
    sender: null,
    status: 'unread',
    createdAt,
    updatedAt: createdAt,
    version,
    ...overrides,
  };
}

interface Calls {
  patched: Array<{ id: string; body: unknown }>;
  deleted: string[];
}

/** What the fake API holds: rows and tombstones. A server never reports a version whose change it cannot serve. */
const served = { live: [] as Tip[], tombstones: [] as string[] };

/** Commits a change on the fake server, as the API does before it broadcasts the matching realtime event. */
function commitTip(tip: Tip) {
  const index = served.live.findIndex((t) => t.id === tip.id);
  if (index >= 0) served.live[index] = tip;
  else served.live.unshift(tip);
}
function commitDelete(id: string): number {
  served.live = served.live.filter((t) => t.id !== id);
  served.tombstones.push(id);
  return ++version;
}

/**
 * Serves a creator's queue as the API does (the list, changes since a version with tombstones, push live and
 * delete), plus the wallet and recent-tips reads every mirror pull makes.
 */
function serve(tips: Tip[] | (() => Response), calls: Calls = { patched: [], deleted: [] }) {
  served.live = Array.isArray(tips) ? [...tips] : [];
  served.tombstones = [];
  server.use(
    http.get('*/api/users/me', () => HttpResponse.json({ user: creator })),
    ...creatorLoaderHandlers(),
    http.get('*/api/creator/chats', ({ request }) => {
      if (typeof tips === 'function') return tips();
      const since = new URL(request.url).searchParams.get('since');
      if (since === null) return HttpResponse.json({ tips: served.live, version });
      const after = Number(since);
      return HttpResponse.json({
        tips: served.live.filter((t) => t.version > after),
        deleted: served.tombstones,
        version,
        reset: false,
      });
    }),
    http.patch('*/api/creator/chats/:id/status', async ({ params, request }) => {
      const id = String(params.id);
      const body = await request.json();
      calls.patched.push({ id, body });
      const index = served.live.findIndex((t) => t.id === id);
      const found = served.live[index];
      if (!found) return HttpResponse.json({ message: 'Not found.', code: 'NOT_FOUND' }, { status: 404 });
      const updated: Tip = {
        ...found,
        status: 'read',
        updatedAt: new Date().toISOString(),
        version: ++version,
      };
      served.live[index] = updated;
      return HttpResponse.json({ tip: updated });
    }),
    http.delete('*/api/creator/chats/:id', ({ params }) => {
      const id = String(params.id);
      calls.deleted.push(id);
      commitDelete(id);
      return HttpResponse.json({ id });
    }),
  );
  return calls;
}

async function connectSocket() {
  await act(async () => {
    fake.last().open();
    fake.last().push({ type: 'welcome', rooms: [`creator:u_1`], versions: { [SPACE]: version } });
  });
}

/** Pushes a server message and lets React Query's batched notifications render. */
async function push(message: ServerMessage) {
  await act(async () => {
    fake.last().push(message);
    await new Promise((r) => setTimeout(r, 5));
  });
}

/** Fake clocks for the toast and debounce timers; setImmediate stays real so fake-indexeddb keeps working. */
function fakeTimers() {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}

const rows = () => screen.queryAllByTestId('chat-row');
const rowOf = (name: string) => {
  const row = rows().find((r) => within(r).queryByText(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('Chat Loader: list, search and sort', () => {
  it('shows the loading text, then the list grouped by day with badges, times, messages and amounts', async () => {
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    yesterday.setHours(12, 0, 0, 0);
    const older = new Date(2026, 0, 5, 9, 30).toISOString();
    serve([
      tip('a', { name: 'Priya', amount: 1250.5, status: 'read' }),
      tip('b', { name: 'Rahul', message: '', createdAt: yesterday.toISOString() }),
      tip('c', { name: '', guestName: 'Old Guest', createdAt: older }),
    ]);
    renderWithApp(<ChatControlScreen />, { path: '/creator/chat-control' });
    expect(screen.getByRole('heading', { name: 'Chat Loader' })).toBeTruthy();
    expect(screen.getByText('Loading chats...')).toBeTruthy();
    await screen.findAllByTestId('chat-row');

    const headers = [...document.querySelectorAll('thead th')].map((h) => h.textContent);
    expect(headers).toEqual(['Viewer', 'Message', 'Amount', 'Status']);
    const groupLabels = [...document.querySelectorAll('.cl-group-row th')].map((th) => th.textContent);
    expect(groupLabels).toEqual(['Today', 'Yesterday', '5 Jan 2026']);

    const priya = rowOf('Priya');
    expect(within(priya).getByText('Live now')).toBeTruthy();
    expect(within(priya).getByText('₹1,250.50')).toBeTruthy();
    expect(within(priya).queryByRole('button', { name: 'Show on live' })).toBeNull();
    expect(within(priya).getByRole('button', { name: 'Copy message' })).toBeTruthy();
    expect(within(priya).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(priya).getByText('P').className).toContain('avatar-initial');
    expect(within(priya).getByText(/\d{1,2}:\d{2}\s?(am|pm)/i)).toBeTruthy();

    const rahul = rowOf('Rahul');
    expect(within(rahul).getByText('Waiting')).toBeTruthy();
    expect(within(rahul).getByText('No message provided')).toBeTruthy();
    expect(within(rahul).getByRole('button', { name: 'Show on live' })).toBeTruthy();
    expect(rowOf('Old Guest')).toBeTruthy();

    expect(screen.getByTestId('showing-line').textContent).toBe('Showing 3 chat(s) (live + queued)');
  });

  it('reads in Hindi: headers, day groups, badges, empty message, amounts and the Hindi count line', async () => {
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    yesterday.setHours(12, 0, 0, 0);
    serve([
      tip('a', { name: 'Priya', amount: 125000.5, status: 'read' }),
      tip('b', { name: 'Rahul', message: '', createdAt: yesterday.toISOString() }),
    ]);
    await activateLanguage('hi');
    try {
      renderWithApp(<ChatControlScreen />, { path: '/creator/chat-control' });
      expect(screen.getByText('चैट लोड हो रही हैं...')).toBeTruthy();
      await screen.findAllByTestId('chat-row');
      const headers = [...document.querySelectorAll('thead th')].map((h) => h.textContent);
      expect(headers).toEqual(['दर्शक', 'मैसेज', 'रकम', 'स्टेटस']);
      const groupLabels = [...document.querySelectorAll('.cl-group-row th')].map((th) => th.textContent);
      expect(groupLabels).toEqual(['आज', 'कल']);
      expect(within(rowOf('Priya')).getByText('अभी लाइव')).toBeTruthy();
      expect(within(rowOf('Priya')).getByText('₹1,25,000.50')).toBeTruthy();
      expect(within(rowOf('Rahul')).getByText('इंतज़ार में')).toBeTruthy();
      expect(within(rowOf('Rahul')).getByText('कोई मैसेज नहीं दिया गया')).toBeTruthy();
      expect(within(rowOf('Rahul')).getByRole('button', { name: 'लाइव दिखाएँ' })).toBeTruthy();
      expect(screen.getByTestId('showing-line').textContent).toBe('2 चैट दिख रही हैं (लाइव + कतार में)');
      expect(screen.getByRole('heading', { name: 'कतार में अगला' })).toBeTruthy();
    } finally {
      await activateLanguage('en');
    }
  });

  it('puts the oldest unread chat in Next in queue and counts the snapshot', async () => {
    serve([
      tip('live', { name: 'Live One', status: 'read', amount: 40, updatedAt: ago(3), createdAt: ago(20) }),
      tip('newer', { name: 'Newer', amount: 10.25, createdAt: ago(2) }),
      tip('oldest', { name: 'Zara', amount: 20.5, message: '', createdAt: ago(45) }),
    ]);
    renderWithApp(<ChatControlScreen />);
    const next = await screen.findByTestId('next-in-queue');
    expect(within(next).getByText('Zara')).toBeTruthy();
    expect(within(next).getByText('Z')).toBeTruthy();
    expect(within(next).getByText('₹20.50')).toBeTruthy();
    expect(within(next).getByText('No message attached')).toBeTruthy();
    expect(within(next).getByText('45 minutes ago')).toBeTruthy();
    for (const name of ['Show on live', 'Copy message', 'Locate in list']) {
      expect(within(next).getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByTestId('stat-queued').textContent).toBe('2');
    expect(screen.getByTestId('stat-live').textContent).toBe('1');
    expect(screen.getByTestId('stat-value').textContent).toBe('₹30.75');
    expect(screen.getByTestId('stat-last-pushed').textContent).toBe('3 minutes ago');
    expect(screen.getByText('Older than 24h auto-clear')).toBeTruthy();
  });

  it('shows the empty texts and a dash when nothing was pushed', async () => {
    serve([]);
    renderWithApp(<ChatControlScreen />);
    expect(await screen.findByText('No chats match your filters.')).toBeTruthy();
    expect(
      screen.getByText('No queued chats right now. Share the guest link to keep the hype rolling.'),
    ).toBeTruthy();
    expect(screen.getByTestId('stat-last-pushed').textContent).toBe('—');
    expect(screen.getByTestId('stat-value').textContent).toBe('₹0.00');
  });

  it('says Failed to load chats when the list cannot load', async () => {
    serve(() => HttpResponse.json({ message: 'boom', code: 'INTERNAL' }, { status: 500 }));
    renderWithApp(<ChatControlScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load chats');
  });

  it('searches name and message after a 300 ms debounce, trimmed and case-insensitive', async () => {
    fakeTimers();
    serve([
      tip('a', { name: 'Priya', message: 'Love it' }),
      tip('b', { name: 'Rahul', message: 'PRIYA is great' }),
      tip('c', { name: 'Asha', message: 'hi' }),
    ]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(<ChatControlScreen />);
    await screen.findAllByTestId('chat-row');
    await user.type(screen.getByPlaceholderText('Search by name or message'), '  priya ');
    act(() => vi.advanceTimersByTime(250));
    expect(rows()).toHaveLength(3);
    act(() => vi.advanceTimersByTime(60));
    expect(rows()).toHaveLength(2);
    expect(screen.getByTestId('showing-line').textContent).toBe('Showing 2 chat(s) (live + queued)');
    await user.clear(screen.getByPlaceholderText('Search by name or message'));
    await user.type(screen.getByPlaceholderText('Search by name or message'), 'nobody');
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getByText('No chats match your filters.')).toBeTruthy();
  });

  it('sorts by most recent update by default and by amount (newest first on ties) on request', async () => {
    // Midday, so all three tips fall in the Today group whatever time the suite runs.
    fakeTimers();
    vi.setSystemTime(new Date(2026, 10, 21, 12, 0, 0));
    serve([
      tip('small', { name: 'Small', amount: 5, createdAt: ago(1) }),
      tip('big-old', { name: 'Big Old', amount: 500, createdAt: ago(30) }),
      tip('big-new', { name: 'Big New', amount: 500, createdAt: ago(10) }),
    ]);
    const user = userEvent.setup();
    renderWithApp(<ChatControlScreen />);
    await screen.findByText('Small');
    const names = () => rows().map((r) => r.querySelector('.cl-name')?.textContent);
    expect(names()).toEqual(['Small', 'Big New', 'Big Old']);
    await user.click(screen.getByRole('button', { name: 'Highest amount' }));
    expect(names()).toEqual(['Big New', 'Big Old', 'Small']);
    await user.click(screen.getByRole('button', { name: 'Latest' }));
    expect(names()).toEqual(['Small', 'Big New', 'Big Old']);
  });
});

describe('Chat Loader: push live, flag, block and delete', () => {
  it('pushes a chat live: PATCH status read, badge Live now, toast that clears after 4 s', async () => {
    fakeTimers();
    const calls = serve([tip('a', { name: 'Priya' })]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(<ChatControlScreen />);
    await screen.findAllByTestId('chat-row');
    await user.click(within(rowOf('Priya')).getByRole('button', { name: 'Show on live' }));
    expect(await screen.findByText('Superchat pushed live')).toBeTruthy();
    expect(calls.patched).toEqual([{ id: 'a', body: { status: 'read' } }]);
    expect(within(rowOf('Priya')).getByText('Live now')).toBeTruthy();
    expect(within(rowOf('Priya')).queryByRole('button', { name: 'Show on live' })).toBeNull();
    expect(screen.getByTestId('stat-live').textContent).toBe('1');
    act(() => vi.advanceTimersByTime(3900));
    expect(screen.queryByText('Superchat pushed live')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Superchat pushed live')).toBeNull();
  });

  it('rolls a refused push live back with the server message, and queues it when the network is down', async () => {
    serve([tip('a', { name: 'Priya' })]);
    server.use(
      http.patch('*/api/creator/chats/:id/status', () =>
        HttpResponse.json({ message: 'That chat was already deleted.', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<ChatControlScreen />);
    await screen.findAllByTestId('chat-row');
    await user.click(within(rowOf('Priya')).getByRole('button', { name: 'Show on live' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to push live (Priya, ₹100.00): That chat was already deleted.',
    );
    // Rolled back: still waiting, no pending mark, and it can be pushed again.
    expect(within(rowOf('Priya')).getByText('Waiting')).toBeTruthy();
    expect(within(rowOf('Priya')).queryByTestId('pending-mark')).toBeNull();

    server.use(http.patch('*/api/creator/chats/:id/status', () => HttpResponse.error()));
    await user.click(within(rowOf('Priya')).getByRole('button', { name: 'Show on live' }));
    expect((await screen.findByTestId('queued-note')).textContent).toBe(
      "Queued — will send when you're back online.",
    );
    expect(within(rowOf('Priya')).getByText('Live now')).toBeTruthy();
    expect(within(rowOf('Priya')).getByTestId('pending-mark').textContent).toBe('Pending sync');
  });

  it('flags queued chats the filters would now block, and blocks a wallet sender after confirmation', async () => {
    const walletId = '11111111-1111-4111-8111-111111111111';
    const guestId = '22222222-2222-4222-8222-222222222222';
    const liveId = '33333333-3333-4333-8333-333333333333';
    const sender = { name: 'Priya', profilePic: null, phone: null };
    serve([
      tip(walletId, { name: 'Priya', sender }),
      tip(guestId, { name: '', guestName: 'Rahul', message: 'something rude' }),
      tip(liveId, { name: 'Meera', sender: { ...sender, name: 'Meera' }, status: 'read' }),
    ]);
    const asked: Array<string | null> = [];
    const blocked: unknown[] = [];
    server.use(
      http.get('*/api/creator/safety/flags', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('ids'));
        return HttpResponse.json({ ids: [guestId] });
      }),
      http.post('*/api/creator/safety/blocked-senders', async ({ request }) => {
        blocked.push(await request.json());
        return HttpResponse.json(
          {
            blockedSender: { id: liveId, userId: null, name: 'Priya', phone: null, createdAt: ago(0) },
            message: 'Sender blocked',
          },
          { status: 201 },
        );
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    renderWithApp(<ChatControlScreen />);
    await screen.findAllByTestId('chat-row');

    // The ids are debounced (SAFETY_FLAGS_DEBOUNCE_MS) before the flags are fetched.
    const flag = await within(rowOf('Rahul')).findByTestId('flagged-mark', {}, { timeout: 3_000 });
    expect(flag.textContent).toBe('Flagged by your filters: your blocked words would now stop this message.');
    expect(rowOf('Rahul').getAttribute('data-flagged')).toBe('true');
    expect(within(rowOf('Priya')).queryByTestId('flagged-mark')).toBeNull();
    // Only queued (Waiting) chats are checked.
    expect(asked.at(-1)).toBe([walletId, guestId].sort().join(','));

    // Block sender on every chat: a guest is blocked by what their payment carried.
    expect(within(rowOf('Rahul')).getByRole('button', { name: 'Block sender' })).toBeTruthy();
    expect(within(rowOf('Meera')).getByRole('button', { name: 'Block sender' })).toBeTruthy();
    await user.click(within(rowOf('Priya')).getByRole('button', { name: 'Block sender' }));
    expect(confirm).toHaveBeenCalledWith(
      'Block Priya? They will not be able to send you superchats until you unblock them in Stream safety.',
    );
    expect(blocked).toEqual([]);
    confirm.mockReturnValue(true);
    await user.click(within(rowOf('Priya')).getByRole('button', { name: 'Block sender' }));
    expect(await screen.findByText('Sender blocked')).toBeTruthy();
    expect(blocked).toEqual([{ tipId: walletId }]);
  });

  it('deletes only after confirmation, then removes the row and says Chat deleted', async () => {
    const calls = serve([tip('a', { name: 'Priya' }), tip('b', { name: 'Rahul' })]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    renderWithApp(<ChatControlScreen />);
    await screen.findAllByTestId('chat-row');
    await user.click(within(rowOf('Priya')).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Delete this chat permanently? This cannot be undone.');
    expect(calls.deleted).toEqual([]);
    confirm.mockReturnValue(true);
    await user.click(within(rowOf('Priya')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Chat deleted')).toBeTruthy();
    expect(calls.deleted).toEqual(['a']);
    expect(screen.queryByText('Priya')).toBeNull();
    expect(rows()).toHaveLength(1);
  });

  it('queues a delete when the network is down, and restores the chat with a message when refused', async () => {
    serve([tip('a', { name: 'Priya' }), tip('b', { name: 'Rahul' })]);
    server.use(http.delete('*/api/creator/chats/:id', () => HttpResponse.error()));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderWithApp(<ChatControlScreen />);
    await screen.findAllByTestId('chat-row');
    await user.click(within(rowOf('Priya')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('queued-note')).textContent).toBe(
      "Queued — will send when you're back online.",
    );
    expect(screen.queryByText('Priya')).toBeNull();

    server.use(
      http.delete('*/api/creator/chats/:id', () =>
        HttpResponse.json({ message: 'Not found.', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    await act(async () => {
      await replayOutbox({ now: () => Date.now() + 60 * 60_000 }); // past the retry backoff
    });
    // Back in the list (the Next in queue card may show Priya too: she is the older of two unread tips when the
    // two were made in different milliseconds).
    await waitFor(() => expect(within(rowOf('Priya')).getByText('Priya')).toBeTruthy());
    expect(screen.getByRole('alert').textContent).toBe('Failed to delete chat (Priya, ₹100.00): Not found.');
  });
});

describe('Chat Loader: copy, locate and live updates', () => {
  it('copies messages and links, and explains clipboard failures', async () => {
    serve([tip('a', { name: 'Priya', message: 'Jai ho!' })]);
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApp(<ChatControlScreen />);
    await screen.findAllByTestId('chat-row');
    await user.click(within(rowOf('Priya')).getByRole('button', { name: 'Copy message' }));
    expect(writeText).toHaveBeenLastCalledWith('Jai ho!');
    expect(await screen.findByText('Superchat copied to clipboard')).toBeTruthy();

    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Copy guest tip link' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Copy guest tip link' }));
    expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/guest-tip?c=asha`);
    expect(await screen.findByText('Guest tipping link copied')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy overlay link' }));
    expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/overlay?key=ok_secret&display=1`);
    expect(await screen.findByText('Overlay link copied')).toBeTruthy();
    const open = screen.getByRole('link', { name: 'Open guest page' });
    expect(open.getAttribute('href')).toBe(`${window.location.origin}/guest-tip?c=asha`);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'creator dashboard' }).getAttribute('href')).toBe('/creator');

    writeText.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    await user.click(within(rowOf('Priya')).getByRole('button', { name: 'Copy message' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Clipboard permissions denied. Please copy manually.',
    );
    writeText.mockRejectedValueOnce(new Error('nope'));
    await user.click(within(rowOf('Priya')).getByRole('button', { name: 'Copy message' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Unable to copy to clipboard. Please copy manually.',
      ),
    );
  });

  it('Locate in list highlights the row for 1.5 s', async () => {
    fakeTimers();
    serve([tip('a', { name: 'Priya' }), tip('b', { name: 'Queued First', createdAt: ago(30) })]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(<ChatControlScreen />);
    const next = await screen.findByTestId('next-in-queue');
    await user.click(within(next).getByRole('button', { name: 'Locate in list' }));
    const row = rowOf('Queued First');
    expect(row.className).toContain('is-highlighted');
    act(() => vi.advanceTimersByTime(1400));
    expect(rowOf('Queued First').className).toContain('is-highlighted');
    act(() => vi.advanceTimersByTime(150));
    expect(rowOf('Queued First').className).not.toContain('is-highlighted');
  });

  it('applies tip:new, tip:status and tip:deleted live, and shows overlay presence', async () => {
    serve([tip('a', { name: 'Priya' }), tip('b', { name: 'Rahul', createdAt: ago(5) })]);
    renderWithApp(<ChatControlScreen />);
    await screen.findAllByTestId('chat-row');
    expect(screen.getByTestId('overlay-presence').textContent).toBe('Overlay offline');
    await connectSocket();
    expect(fake.last().sent[0]).toMatchObject({ type: 'hello', token: 'test-token' });

    await push({ type: 'overlay:presence', data: { connected: true, count: 1 } });
    await waitFor(() => expect(screen.getByTestId('overlay-presence').textContent).toBe('Overlay connected'));

    const fresh = tip('c', { name: 'Newcomer', amount: 51, createdAt: new Date().toISOString() });
    commitTip(fresh);
    await push({ type: 'tip:new', space: SPACE, version: fresh.version, data: fresh });
    await waitFor(() => expect(rows()[0]?.textContent).toContain('Newcomer'));
    await waitFor(() => expect(screen.getByTestId('stat-queued').textContent).toBe('3'));

    const live = tip('b', {
      name: 'Rahul',
      status: 'read',
      createdAt: ago(5),
      updatedAt: new Date().toISOString(),
    });
    commitTip(live);
    await push({ type: 'tip:status', space: SPACE, version: live.version, data: live });
    await waitFor(() => expect(within(rowOf('Rahul')).getByText('Live now')).toBeTruthy());

    const ignored = tip('a', { name: 'Priya', status: 'ignore' });
    commitTip(ignored);
    await push({ type: 'tip:status', space: SPACE, version: ignored.version, data: ignored });
    await waitFor(() => expect(screen.queryByText('Priya')).toBeNull());

    await push({ type: 'tip:deleted', space: SPACE, version: commitDelete('c'), data: { id: 'c' } });
    await waitFor(() => expect(screen.queryByText('Newcomer')).toBeNull());
    await waitFor(() => expect(rows()).toHaveLength(1));

    await push({ type: 'overlay:presence', data: { connected: false, count: 0 } });
    await waitFor(() => expect(screen.getByTestId('overlay-presence').textContent).toBe('Overlay offline'));
  });
});

describe('Chat Loader: YouTube Super Chats and Super Stickers', () => {
  const youtube = (
    kind: 'superChat' | 'superSticker',
    displayAmount: string,
    stickerAltText: string | null,
  ) =>
    ({
      platform: 'youtube',
      kind,
      amountMicros: 5_000_000,
      currency: 'USD',
      displayAmount,
      stickerAltText,
      counted: true,
    }) as const;
  const LIVE = {
    state: 'following',
    broadcastTitle: 'Ranked grind',
    message: null,
    quota: { dailyUnits: 10_000, usedUnits: 40, pollEveryMs: 6_000 },
    updatedAt: new Date().toISOString(),
  } as const;

  it("shows YouTube's own amount with the event's badge and a sticker's alt text, never a rupee or fee figure", async () => {
    const calls = serve([
      tip('sticker', {
        name: 'Meera',
        message: '',
        amount: 0,
        amountPaise: 0,
        createdAt: ago(10),
        external: youtube('superSticker', '$2.00', 'A cat dancing with a lantern'),
      }),
      tip('chat', {
        name: 'Kabir',
        amount: 422.5,
        amountPaise: 42250,
        message: 'GG bhai',
        feesCovered: true,
        external: youtube('superChat', '$5.00', null),
      }),
      tip('shabaash', { name: 'Rahul', amount: 100, createdAt: ago(2) }),
    ]);
    renderWithApp(<ChatControlScreen />);
    await screen.findAllByTestId('chat-row');

    const sticker = rowOf('Meera');
    expect(within(sticker).getByTestId('youtube-badge').textContent).toBe('YouTube Super Sticker');
    expect(within(sticker).getByTestId('youtube-amount').textContent).toBe('$2.00');
    expect(within(sticker).getByText('Sticker: A cat dancing with a lantern')).toBeTruthy();
    expect(within(sticker).queryByText('No message provided')).toBeNull();
    const chat = rowOf('Kabir');
    expect(within(chat).getByTestId('youtube-badge').textContent).toBe('YouTube Super Chat');
    expect(within(chat).getByTestId('youtube-amount').textContent).toBe('$5.00');
    expect(chat.textContent).not.toContain('₹422.50');
    expect(within(chat).queryByTestId('fees-covered')).toBeNull();
    // A YouTube viewer is blocked on YouTube: there is no Shabaash sender to block.
    expect(within(chat).queryByRole('button', { name: 'Block sender' })).toBeNull();
    expect(within(rowOf('Rahul')).getByText('₹100.00')).toBeTruthy();

    // Next in queue is the sticker (the oldest); Value in queue counts Shabaash money only.
    const next = screen.getByTestId('next-in-queue');
    expect(within(next).getByTestId('youtube-amount').textContent).toBe('$2.00');
    expect(within(next).getByText('Sticker: A cat dancing with a lantern')).toBeTruthy();
    expect(screen.getByTestId('stat-queued').textContent).toBe('3');
    expect(screen.getByTestId('stat-value').textContent).toBe('₹100.00');

    await userEvent.click(within(sticker).getByRole('button', { name: 'Show on live' }));
    await waitFor(() => expect(within(rowOf('Meera')).getByText('Live now')).toBeTruthy());
    expect(calls.patched).toEqual([{ id: 'sticker', body: { status: 'read' } }]);
  });

  it('says why Super Chats cannot arrive, from the status and from youtube:live, while Shabaash tips keep arriving', async () => {
    let live: {
      state: string;
      message: string | null;
    } & Omit<typeof LIVE, 'state' | 'message'> = {
      ...LIVE,
      state: 'quotaExhausted',
      message: STATUS_TEXTS.youtubeQuotaExhausted,
    };
    serve([tip('a', { name: 'Priya' })]);
    server.use(
      http.get('*/api/creator/youtube', () =>
        HttpResponse.json({
          available: true,
          channel: { id: 'UCasha', title: 'Asha Plays', connectedAt: ago(60) },
          live,
          settings: { countMode: 'inrOnly', rates: {} },
        }),
      ),
    );
    renderWithApp(<ChatControlScreen />);
    const note = await screen.findByTestId('youtube-live-note');
    expect(note.textContent).toBe(STATUS_TEXTS.youtubeQuotaExhausted);
    await connectSocket();

    live = { ...LIVE };
    await push({ type: 'youtube:live', data: { ...LIVE } });
    await waitFor(() => expect(screen.queryByTestId('youtube-live-note')).toBeNull());

    live = { ...LIVE, state: 'revoked', message: STATUS_TEXTS.youtubeRevoked };
    await push({
      type: 'youtube:live',
      data: { ...LIVE, state: 'revoked', message: STATUS_TEXTS.youtubeRevoked },
    });
    await waitFor(() =>
      expect(screen.getByTestId('youtube-live-note').textContent).toBe(STATUS_TEXTS.youtubeRevoked),
    );
    const fresh = tip('b', { name: 'Newcomer', amount: 51, createdAt: new Date().toISOString() });
    commitTip(fresh);
    await push({ type: 'tip:new', space: SPACE, version: fresh.version, data: fresh });
    await waitFor(() => expect(rows()[0]?.textContent).toContain('Newcomer'));
  });

  it("shows the follower's message in Hindi", async () => {
    await activateLanguage('hi');
    serve([]);
    server.use(
      http.get('*/api/creator/youtube', () =>
        HttpResponse.json({
          available: true,
          channel: { id: 'UCasha', title: 'Asha Plays', connectedAt: ago(60) },
          live: { ...LIVE, state: 'failing', message: STATUS_TEXTS.youtubeFailing },
          settings: { countMode: 'inrOnly', rates: {} },
        }),
      ),
    );
    try {
      renderWithApp(<ChatControlScreen />);
      expect((await screen.findByTestId('youtube-live-note')).textContent).toBe(
        'YouTube जवाब नहीं दे रहा है। Super Chats देर से आ सकते हैं; Shabaash टिप चलती रहेंगी।',
      );
    } finally {
      await activateLanguage('en');
    }
  });
});

describe('Chat Loader: a suspended account and reports', () => {
  it('says the account is suspended (neutral words), and a tip is reported with a reason from its row', async () => {
    const suspended = {
      ...creator,
      creator: { handle: 'asha', displayName: 'Asha Live', suspended: true as const },
    };
    storeSession(suspended);
    serve([tip('t1')]);
    const reports: unknown[] = [];
    server.use(
      http.get('*/api/users/me', () => HttpResponse.json({ user: suspended })),
      http.post('*/api/reports', async ({ request }) => {
        reports.push(await request.json());
        return HttpResponse.json({ message: 'Thanks. Our team will look at your report.' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<ChatControlScreen />);
    expect((await screen.findByTestId('suspended-note')).textContent).toBe(
      'Your creator account is suspended: you cannot receive tips for now and payouts are on hold. Please contact support.',
    );
    const row = await screen.findByTestId('chat-row');
    const cells = within(row);
    await user.click(cells.getByRole('button', { name: 'Report' }));
    const send = cells.getByRole('button', { name: 'Send report' });
    expect((send as HTMLButtonElement).disabled).toBe(true); // a reason first
    await user.click(cells.getByRole('radio', { name: 'Abuse or harassment' }));
    await user.type(cells.getByLabelText('Details (optional)'), 'Slur');
    await user.click(send);
    expect(await cells.findByText('Thanks. Our team will look at your report.')).toBeDefined();
    expect(reports).toEqual([{ kind: 'tip', target: 't1', reason: 'abuse', details: 'Slur' }]);
  });
});
