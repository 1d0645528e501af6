import { LIMITS, type ExternalEvent, type ServerMessage, type Tip, type TipStatus } from '@shabaash/shared';
import { translate } from '../i18n/i18n.tsx';
import { dateTime, relativeTime as relativeTimeIn, rupees } from '../i18n/format.ts';

/** The Chat Loader's view of a tip ("Chat-control tip view"). */
export interface ChatView {
  id: string;
  name: string;
  profilePic: string | null;
  phone: string | null;
  amount: number;
  message: string;
  status: TipStatus;
  createdAt: string;
  updatedAt: string;
  version: number;
  /** Alert receipts: when an overlay put this live tip on air, and whether its sound played. */
  aired?: Tip['aired'];
  /** The sender covered the platform fee ("I'll cover the fees"). */
  feesCovered?: boolean;
  /** The moderator who last set its status ("Pushed live by Ravi"); absent when the creator did. */
  statusBy?: string;
  /** An action on this chat (push live) waits in the offline outbox for the server. */
  pending?: boolean;
  /** A YouTube Super Chat or Super Sticker: shown by YouTube's own amount; `amount` is only what it counts for. */
  external?: ExternalChat;
}

/** What a row shows of another platform's paid event (no money moved through Shabaash). */
export type ExternalChat = Pick<ExternalEvent, 'kind' | 'displayAmount' | 'stickerAltText'>;

export type ChatSort = 'updated' | 'amount';

/** Tips as they may arrive: `_id` or `id`, name / sender name / guestName, optional top-level profilePic. */
export type TipLike = Partial<Omit<Tip, 'sender'>> & {
  sender?: { name?: string | null; profilePic?: string | null; phone?: string | null } | null;
  profilePic?: string | null;
  phone?: string | null;
};

/** Maps a tip to the chat view: name falls back name → sender name → guestName → Anonymous; updatedAt → createdAt → now. */
export function toChatView(tip: TipLike, now: Date = new Date()): ChatView {
  const createdAt = tip.createdAt ?? now.toISOString();
  return {
    id: tip.id ?? tip._id ?? '',
    name:
      tip.name?.trim() || tip.sender?.name?.trim() || tip.guestName?.trim() || translate('sender.anonymous'),
    profilePic: tip.profilePic ?? tip.sender?.profilePic ?? null,
    phone: tip.phone ?? tip.sender?.phone ?? null,
    amount: tip.amount ?? 0,
    message: tip.message ?? '',
    status: tip.status ?? 'unread',
    createdAt,
    updatedAt: tip.updatedAt ?? tip.createdAt ?? now.toISOString(),
    version: tip.version ?? 0,
    aired: tip.aired ?? null,
    // No fee is paid through Shabaash for a YouTube event, so it never says who covered one.
    ...(tip.feesCovered && !tip.external ? { feesCovered: true } : {}),
    ...(tip.statusBy ? { statusBy: tip.statusBy } : {}),
    ...(tip.external
      ? {
          external: {
            kind: tip.external.kind,
            displayAmount: tip.external.displayAmount,
            stickerAltText: tip.external.stickerAltText,
          },
        }
      : {}),
  };
}

const time = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
};

/** Most recently updated first (newest creation breaks ties). */
export function byUpdated(a: ChatView, b: ChatView): number {
  return time(b.updatedAt) - time(a.updatedAt) || time(b.createdAt) - time(a.createdAt);
}

/** Largest amount first, the newest chat first among equal amounts. */
export function byAmount(a: ChatView, b: ChatView): number {
  return (
    b.amount - a.amount || time(b.createdAt) - time(a.createdAt) || time(b.updatedAt) - time(a.updatedAt)
  );
}

/** Keeps the chat list's invariant: no ignored tips, at most 200, most recently updated first. */
export function normalizeChats(chats: ChatView[]): ChatView[] {
  return chats
    .filter((c) => c.status !== 'ignore')
    .sort(byUpdated)
    .slice(0, LIMITS.chatControlMaxTips);
}

/** Returns the list sorted for display (the list itself stays by most recently updated). */
export function sortChats(chats: ChatView[], sort: ChatSort): ChatView[] {
  return [...chats].sort(sort === 'amount' ? byAmount : byUpdated);
}

/** Adds a chat at the top or replaces the one with its id (an older version never overwrites a newer one). */
export function upsertChat(chats: ChatView[], chat: ChatView): ChatView[] {
  const existing = chats.find((c) => c.id === chat.id);
  if (existing && existing.version > chat.version) return chats;
  const rest = chats.filter((c) => c.id !== chat.id);
  return normalizeChats([chat, ...rest]);
}

/** Removes a chat by id. */
export function removeChat(chats: ChatView[], id: string): ChatView[] {
  return chats.some((c) => c.id === id) ? chats.filter((c) => c.id !== id) : chats;
}

/**
 * Applies one realtime event to the list (chat lists): tip:new adds it at the top; tip:status updates it,
 * or removes it when the status is ignore; tip:deleted removes it by id. Other messages leave the list as is.
 */
export function applyChatEvent(chats: ChatView[], message: ServerMessage): ChatView[] {
  switch (message.type) {
    case 'tip:new':
    case 'tip:status':
    case 'tip:aired':
      if (message.data.status === 'ignore') return removeChat(chats, message.data.id);
      return upsertChat(chats, toChatView(message.data));
    case 'tip:deleted':
      return removeChat(chats, message.data.id);
    default:
      return chats;
  }
}

/** Next in queue: the oldest unread chat by creation time, or null. */
export function nextInQueue(chats: ChatView[]): ChatView | null {
  let best: ChatView | null = null;
  for (const chat of chats) {
    if (chat.status !== 'unread') continue;
    if (!best || time(chat.createdAt) < time(best.createdAt)) best = chat;
  }
  return best;
}

export interface QueueSnapshot {
  queued: number;
  live: number;
  /** Sum of unread Shabaash amounts, in rupees (summed as paise so 0.1 + 0.2 stays exact); Super Chats are not money here. */
  valueInQueue: number;
  /** Latest updatedAt among read chats, or null. */
  lastPushedAt: string | null;
}

/** Queue snapshot counts: Queued fans (unread), Live on screen (read), Value in queue, Last message pushed. */
export function queueSnapshot(chats: ChatView[]): QueueSnapshot {
  let queued = 0;
  let live = 0;
  let valuePaise = 0;
  let lastPushedAt: string | null = null;
  for (const chat of chats) {
    if (chat.status === 'unread') {
      queued += 1;
      if (!chat.external) valuePaise += Math.round(chat.amount * 100);
    } else if (chat.status === 'read') {
      live += 1;
      if (!lastPushedAt || time(chat.updatedAt) > time(lastPushedAt)) lastPushedAt = chat.updatedAt;
    }
  }
  return { queued, live, valueInQueue: valuePaise / 100, lastPushedAt };
}

/** Search: the trimmed text, matched literally and case-insensitively against the message and the name. */
export function filterChats(chats: ChatView[], search: string): ChatView[] {
  const needle = search.trim().toLocaleLowerCase('en-IN');
  if (!needle) return chats;
  return chats.filter(
    (c) =>
      c.message.toLocaleLowerCase('en-IN').includes(needle) ||
      c.name.toLocaleLowerCase('en-IN').includes(needle),
  );
}

function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** The date-group label of a timestamp: Today, Yesterday, or the date (e.g. "19 Nov 2026"). */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (dayKey(date) === dayKey(now)) return translate('chat.today');
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(date) === dayKey(yesterday)) return translate('chat.yesterday');
  return dateTime(date, 'date');
}

export interface ChatGroup {
  label: string;
  chats: ChatView[];
}

/**
 * Groups an already sorted list under date labels (first appearance order; rows keep their order inside a group).
 * Grouping uses the time the row shows, so each row sits under the day of its time.
 */
export function groupChatsByDay(chats: ChatView[], sort: ChatSort, now: Date = new Date()): ChatGroup[] {
  const groups: ChatGroup[] = [];
  const index = new Map<string, ChatGroup>();
  for (const chat of chats) {
    const label = dayLabel(rowTime(chat, sort), now);
    let group = index.get(label);
    if (!group) {
      group = { label, chats: [] };
      index.set(label, group);
      groups.push(group);
    }
    group.chats.push(chat);
  }
  return groups;
}

/** The timestamp a row shows: its last update when the list is by update (matches the order), else its arrival. */
export function rowTime(chat: ChatView, sort: ChatSort): string {
  return sort === 'updated' ? chat.updatedAt : chat.createdAt;
}

/** Relative time in the active language: just now, N minutes ago, N hours ago. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  return relativeTimeIn(iso, now.getTime());
}

/** Time of day for a row (IST), e.g. "7:05 pm". */
export function timeOfDay(iso: string): string {
  return dateTime(iso, 'time');
}

/** Amount with two decimals and the rupee sign (Indian grouping), e.g. "₹1,250.00". */
export function formatAmount(amount: number): string {
  return rupees(amount);
}

/** The avatar initial of a name (fallback U). */
export function initialOf(name: string): string {
  return (name.trim()[0] ?? 'U').toUpperCase();
}
