import { useEffect, useState } from 'react';
import { HANDLE_PATTERN } from '@shabaash/shared/core';
import { useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { useConfig } from '../api/useConfig.ts';

// The tip helpers the public guest page needs, apart from useTips.ts so they do not pull the offline mirror
// (Dexie) into /guest-tip. useTips.ts re-exports everything here.

/** React Query keys of tips. `recent(handle)` holds the dashboard's live recent-tips list (at most 10). */
export const TIP_KEYS = {
  recentAll: ['tips', 'recent'] as const,
  recent: (creator: string | null) => ['tips', 'recent', creator ?? ''] as const,
  safety: (creator: string | null, message: string) => ['safety', 'check', creator ?? '', message] as const,
  rules: (creator: string | null) => ['safety', 'tip-rules', creator ?? ''] as const,
};

/** The creator's minimum and the server's wording under it (GET /api/safety/tip-rules); shared by hook and submit. */
export function tipRulesQuery(creator: string | null) {
  return {
    queryKey: TIP_KEYS.rules(creator),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api('tipRules', { query: creator ? { creator } : {}, signal }),
    staleTime: 60_000,
    retry: false,
  } as const;
}

/** The creator's tip rules for the guest page (undefined while loading or when unreachable: the server still checks). */
export function useTipRules(creator: string | null) {
  return useQuery(tipRulesQuery(creator)).data;
}

// ---------- the creator whose link brought the viewer ----------

/** Local storage key of the creator handle from the last `?c=<handle>` link the visitor opened. */
export const REFERRING_CREATOR_STORAGE_KEY = 'shabaash.creator';

/** Normalises a handle as the API does (trimmed, lower case) or null when it is not a valid handle. */
export function normalizeHandle(value: string | null | undefined): string | null {
  const handle = (value ?? '').trim().toLowerCase();
  return HANDLE_PATTERN.test(handle) ? handle : null;
}

/** Remembers `handle` as the creator who brought this visitor (ignored when it is not a valid handle). */
export function rememberCreator(handle: string | null | undefined): void {
  const normalized = normalizeHandle(handle);
  if (!normalized) return;
  try {
    localStorage.setItem(REFERRING_CREATOR_STORAGE_KEY, normalized);
  } catch {
    // storage unavailable (private mode): the default creator is used instead
  }
}

/** Remembers the `?c=<handle>` of a URL search string (landing and guest links); returns the handle or null. */
export function rememberCreatorFromSearch(search: string): string | null {
  const handle = normalizeHandle(new URLSearchParams(search).get('c'));
  if (handle) rememberCreator(handle);
  return handle;
}

/** The remembered referring creator's handle, or null. */
export function readRememberedCreator(): string | null {
  try {
    return normalizeHandle(localStorage.getItem(REFERRING_CREATOR_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** The creator to tip by default: the one whose link brought the viewer, else config.defaultCreator, else null. */
export function useDefaultCreatorHandle(): { handle: string | null; isResolved: boolean } {
  const config = useConfig();
  const remembered = readRememberedCreator();
  return {
    handle: remembered ?? config.data?.defaultCreator?.handle ?? null,
    isResolved: remembered !== null || !config.isPending,
  };
}

// ---------- guest checkout ----------

/** A fresh idempotency key (crypto.randomUUID, with a fallback for old browsers and plain-http hosts). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface GuestOrderVariables {
  amount: number;
  message: string;
  name: string;
  creator: string | null;
}

/** POST /api/tips/guest/order {amount, message, name, creator?} (message and name trimmed) → the order. */
export function useGuestOrder() {
  return useMutation({
    mutationFn: async ({ amount, message, name, creator }: GuestOrderVariables) => {
      const input = { amount, message: message.trim(), name: name.trim() };
      const { order } = await api('guestOrder', { input: creator ? { ...input, creator } : input });
      return order;
    },
  });
}

// ---------- stream safety pre-check ----------

/** How long typing must pause before the message is checked. */
export const SAFETY_CHECK_DEBOUNCE_MS = 400;

/**
 * POST /api/safety/check {creator?, message} → the refusal message, or null when the message is fine OR the
 * check is unavailable (404, network, rate limit): the server checks again when the tip is made.
 */
export async function checkMessageSafety(
  creator: string | null,
  message: string,
  signal?: AbortSignal,
): Promise<string | null> {
  const text = message.trim();
  if (!text) return null;
  try {
    const result = await api('safetyCheck', {
      input: creator ? { creator, message: text } : { message: text },
      signal,
    });
    return result.ok ? null : (result.message ?? null);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return null;
  }
}

/** Returns `value` once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** Fetches (and caches) the safety verdict of a message, as `useSafetyCheck` does, for a submit that cannot wait. */
export function fetchSafetyVerdict(queryClient: QueryClient, creator: string | null, message: string) {
  const text = message.trim();
  if (!text) return Promise.resolve(null);
  return queryClient.fetchQuery({
    queryKey: TIP_KEYS.safety(creator, text),
    queryFn: ({ signal }) => checkMessageSafety(creator, text, signal),
    staleTime: 60_000,
  });
}

/** The refusal message for `message` as typed (checked 400 ms after typing stops), or null. */
export function useSafetyCheck(creator: string | null, message: string): string | null {
  const debounced = useDebouncedValue(message.trim(), SAFETY_CHECK_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: TIP_KEYS.safety(creator, debounced),
    queryFn: ({ signal }) => checkMessageSafety(creator, debounced, signal),
    enabled: debounced.length > 0,
    staleTime: 60_000,
    retry: false,
  });
  return debounced ? (query.data ?? null) : null;
}
