import { LIMITS } from '@shabaash/shared';

export const SEARCH_DEBOUNCE_MS = LIMITS.chatSearchDebounceMs;
export const HIGHLIGHT_MS = LIMITS.highlightMs;
/** Relative times ("3 minutes ago") refresh this often. */
export const CLOCK_TICK_MS = 30_000;

export const CHAT_TEXT = {
  title: 'Chat Loader',
  emptyQueue: 'No queued chats right now. Share the guest link to keep the hype rolling.',
  noMessageAttached: 'No message attached',
  noMessageProvided: 'No message provided',
  loading: 'Loading chats...',
  empty: 'No chats match your filters.',
  confirmDelete: 'Delete this chat permanently? This cannot be undone.',
  autoClear: 'Older than 24h auto-clear',
  searchPlaceholder: 'Search by name or message',
  overlayConnected: 'Overlay connected',
  overlayOffline: 'Overlay offline',
  pending: 'Pending sync',
  flagged: 'Flagged by your filters',
  flaggedAria: ': your blocked words would now stop this message.',
  blockSender: 'Block sender',
  confirmBlock: (name: string) =>
    `Block ${name}? They will not be able to send you superchats until you unblock them in Stream safety.`,
  blockFailed: 'Unable to block this sender. Please try again.',
} as const;

/** "Showing N chat(s) (live + queued)". */
export function showingLine(count: number): string {
  return `Showing ${count} chat(s) (live + queued)`;
}
