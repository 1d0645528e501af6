import { describe, expect, it } from 'vitest';
import type { Tip } from '@shabaash/shared';
import {
  applyChatEvent,
  dayLabel,
  filterChats,
  groupChatsByDay,
  nextInQueue,
  normalizeChats,
  queueSnapshot,
  relativeTime,
  sortChats,
  toChatView,
  type ChatView,
} from './chatQueue.ts';
import { buildTip } from '../test/tips.ts';

const NOW = new Date(2026, 10, 21, 18, 30, 0); // 21 Nov 2026, 6:30 pm local

function chat(id: string, overrides: Partial<ChatView> = {}): ChatView {
  return {
    id,
    name: `Fan ${id}`,
    profilePic: null,
    phone: null,
    amount: 100,
    message: `hello from ${id}`,
    status: 'unread',
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    version: 1,
    ...overrides,
  };
}
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();

describe('chat view mapping', () => {
  it('falls back name → sender name → guestName → Anonymous, picture from sender, updatedAt → createdAt → now', () => {
    const base = { id: 't', amount: 5, status: 'unread' as const, createdAt: minutesAgo(5) };
    expect(toChatView({ ...base, name: 'Direct', sender: { name: 'Sender' } }).name).toBe('Direct');
    expect(
      toChatView({ ...base, name: '', sender: { name: 'Sender', profilePic: 'data:image/png;base64,x' } }),
    ).toMatchObject({
      name: 'Sender',
      profilePic: 'data:image/png;base64,x',
    });
    expect(toChatView({ ...base, name: '', sender: null, guestName: 'Guest' }).name).toBe('Guest');
    expect(toChatView({ ...base, name: '' }).name).toBe('Anonymous');
    expect(toChatView({ ...base, _id: 'under', id: undefined }).id).toBe('under');
    expect(toChatView(base).updatedAt).toBe(base.createdAt);
    expect(toChatView({ id: 'x' }, NOW).updatedAt).toBe(NOW.toISOString());
  });
});

describe('queue logic', () => {
  const chats = [
    chat('live-old', { status: 'read', amount: 50, createdAt: minutesAgo(120), updatedAt: minutesAgo(60) }),
    chat('live-new', { status: 'read', amount: 70, createdAt: minutesAgo(90), updatedAt: minutesAgo(10) }),
    chat('q-newest', { amount: 10.1, createdAt: minutesAgo(1) }),
    chat('q-oldest', { amount: 20.2, createdAt: minutesAgo(30) }),
    chat('q-mid', { amount: 0.2, createdAt: minutesAgo(5) }),
  ];

  it('next in queue is the oldest unread by creation time', () => {
    expect(nextInQueue(chats)?.id).toBe('q-oldest');
    expect(nextInQueue(chats.filter((c) => c.status === 'read'))).toBeNull();
  });

  it('snapshot counts unread, read, the exact unread value and the latest push', () => {
    expect(queueSnapshot(chats)).toEqual({
      queued: 3,
      live: 2,
      valueInQueue: 30.5,
      lastPushedAt: minutesAgo(10),
    });
    expect(queueSnapshot([]).lastPushedAt).toBeNull();
  });

  it('keeps at most 200 chats, most recently updated first, and never ignored ones', () => {
    const many = Array.from({ length: 230 }, (_, i) => chat(`c${i}`, { updatedAt: minutesAgo(i) }));
    const kept = normalizeChats([...many, chat('hidden', { status: 'ignore' })]);
    expect(kept).toHaveLength(200);
    expect(kept[0]?.id).toBe('c0');
    expect(kept.at(-1)?.id).toBe('c199');
    expect(kept.some((c) => c.id === 'hidden')).toBe(false);
  });

  it('sorts by amount with the newest first among equal amounts', () => {
    const sorted = sortChats(
      [
        chat('small', { amount: 5 }),
        chat('big-old', { amount: 500, createdAt: minutesAgo(50) }),
        chat('big-new', { amount: 500, createdAt: minutesAgo(2) }),
      ],
      'amount',
    );
    expect(sorted.map((c) => c.id)).toEqual(['big-new', 'big-old', 'small']);
  });

  it('search is trimmed, case-insensitive and literal on name and message', () => {
    const list = [
      chat('a', { name: 'Priya Sharma', message: 'Love the stream' }),
      chat('b', { name: 'Rahul', message: 'Play (again) please' }),
      chat('c', { name: 'Asha', message: '' }),
    ];
    expect(filterChats(list, '  PRIYA ').map((c) => c.id)).toEqual(['a']);
    expect(filterChats(list, 'STREAM').map((c) => c.id)).toEqual(['a']);
    expect(filterChats(list, '(again)').map((c) => c.id)).toEqual(['b']);
    expect(filterChats(list, '.*')).toEqual([]);
    expect(filterChats(list, '   ')).toHaveLength(3);
  });
});

describe('realtime events on the list', () => {
  const tip = (id: string, overrides: Partial<Tip> = {}): Tip =>
    buildTip(id, { createdAt: NOW.toISOString(), updatedAt: NOW.toISOString(), version: 5, ...overrides });

  it('tip:new adds at the top, tip:status updates or removes on ignore, tip:deleted removes', () => {
    let list = [chat('old', { updatedAt: minutesAgo(5) })];
    list = applyChatEvent(list, { type: 'tip:new', space: 's', version: 5, data: tip('new') });
    expect(list.map((c) => c.id)).toEqual(['new', 'old']);
    list = applyChatEvent(list, {
      type: 'tip:status',
      space: 's',
      version: 6,
      data: tip('old', { status: 'read', version: 6 }),
    });
    expect(list.find((c) => c.id === 'old')?.status).toBe('read');
    list = applyChatEvent(list, {
      type: 'tip:status',
      space: 's',
      version: 7,
      data: tip('new', { status: 'ignore', version: 7 }),
    });
    expect(list.map((c) => c.id)).toEqual(['old']);
    list = applyChatEvent(list, { type: 'tip:deleted', space: 's', version: 8, data: { id: 'old' } });
    expect(list).toEqual([]);
  });

  it('an older version never overwrites a newer one', () => {
    const list = [chat('a', { status: 'read', version: 9 })];
    const after = applyChatEvent(list, {
      type: 'tip:status',
      space: 's',
      version: 4,
      data: tip('a', { status: 'unread', version: 4 }),
    });
    expect(after[0]?.status).toBe('read');
  });
});

describe('grouping and times', () => {
  it('labels Today, Yesterday or the date, in list order', () => {
    const yesterday = new Date(2026, 10, 20, 23, 50).toISOString();
    const older = new Date(2026, 10, 18, 9, 0).toISOString();
    const list = [chat('t'), chat('y', { updatedAt: yesterday }), chat('o', { updatedAt: older })];
    const groups = groupChatsByDay(list, 'updated', NOW);
    expect(groups.map((g) => g.label)).toEqual(['Today', 'Yesterday', '18 Nov 2026']);
    expect(dayLabel(new Date(2026, 10, 21, 0, 1).toISOString(), NOW)).toBe('Today');
  });

  it('relative time: just now, minutes ago, hours ago', () => {
    expect(relativeTime(new Date(NOW.getTime() - 59_000).toISOString(), NOW)).toBe('just now');
    expect(relativeTime(minutesAgo(1), NOW)).toBe('1 minute ago');
    expect(relativeTime(minutesAgo(12), NOW)).toBe('12 minutes ago');
    expect(relativeTime(minutesAgo(60), NOW)).toBe('1 hour ago');
    expect(relativeTime(minutesAgo(185), NOW)).toBe('3 hours ago');
  });
});
