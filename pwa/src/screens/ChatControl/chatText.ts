import { LIMITS } from '@shabaash/shared';

export const SEARCH_DEBOUNCE_MS = LIMITS.chatSearchDebounceMs;
export const HIGHLIGHT_MS = LIMITS.highlightMs;
/** Relative times ("3 minutes ago") refresh this often. */
export const CLOCK_TICK_MS = 30_000;
