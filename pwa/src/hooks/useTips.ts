import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { LIMITS, type Tip } from '@shabaash/shared';
import { api } from '../api/client.ts';
import { useConfig } from '../api/useConfig.ts';
import { useAuth } from '../auth/useAuth.ts';
import type { MirroredRecentTip } from '../sync/db.ts';
import { useMirroredRecentTips } from '../sync/hooks.ts';
import { enqueueSendTip } from '../sync/outbox.ts';
import { awaitOutboxAction, refusalError, type LaterOutcome } from './outboxAction.ts';
import { useMirrorPull } from './useMirrorPull.ts';

/** React Query keys of tips. `recent(handle)` holds the dashboard's live recent-tips list (at most 10). */
export const TIP_KEYS = {
  recentAll: ['tips', 'recent'] as const,
  recent: (creator: string | null) => ['tips', 'recent', creator ?? ''] as const,
  safety: (creator: string | null, message: string) => ['safety', 'check', creator ?? '', message] as const,
};

// ---------- the creator whose link brought the viewer ----------

/** Local storage key of the creator handle from the last `?c=<handle>` link the visitor opened. */
export const REFERRING_CREATOR_STORAGE_KEY = 'shabaash.creator';
const HANDLE_PATTERN = /^[a-z0-9](?:[a-z0-9_-]{1,28}[a-z0-9])$/;

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

// ---------- recent tips (dashboard, live) ----------

function tipTime(tip: Tip): number {
  const time = Date.parse(tip.createdAt);
  return Number.isNaN(time) ? 0 : time;
}

/**
 * Merges one tip into a recent-tips list: replaces the same id (keeping the higher version), removes it when
 * its status is `ignore`, orders newest first and keeps at most 10 (SPEC §4, §9). Pure.
 */
export function mergeTipIntoList(list: readonly Tip[], tip: Tip): Tip[] {
  const existing = list.find((t) => t.id === tip.id);
  if (existing && existing.version > tip.version) return [...list];
  const rest = list.filter((t) => t.id !== tip.id);
  if (tip.status === 'ignore') return rest;
  return [tip, ...rest].sort((a, b) => tipTime(b) - tipTime(a)).slice(0, LIMITS.recentTipsKept);
}

/** Removes a tip by id from a recent-tips list. Pure. */
export function removeTipFromList(list: readonly Tip[], id: string): Tip[] {
  return list.filter((t) => t.id !== id && t._id !== id);
}

function belongsToList(list: readonly Tip[], tip: Tip): boolean {
  return list.length === 0 || list.some((t) => t.creatorId === tip.creatorId);
}

/**
 * Realtime plug-in point: applies a `tip:new` / `tip:status` tip to every cached recent-tips list of that
 * tip's creator (a list is taken to be that creator's when it is empty or holds a tip of the same creatorId),
 * or only to the list of `creator` (handle) when given.
 */
export function mergeRecentTip(queryClient: QueryClient, tip: Tip, creator?: string | null): void {
  const lists = queryClient.getQueriesData<Tip[]>({
    queryKey: creator !== undefined ? TIP_KEYS.recent(creator) : TIP_KEYS.recentAll,
  });
  for (const [key, list] of lists) {
    if (!list || (creator === undefined && !belongsToList(list, tip))) continue;
    queryClient.setQueryData<Tip[]>(key, mergeTipIntoList(list, tip));
  }
}

/** Realtime plug-in point: applies `tip:deleted` {id} to every cached recent-tips list. */
export function removeRecentTip(queryClient: QueryClient, id: string): void {
  for (const [key, list] of queryClient.getQueriesData<Tip[]>({ queryKey: TIP_KEYS.recentAll })) {
    if (list) queryClient.setQueryData<Tip[]>(key, removeTipFromList(list, id));
  }
}

export interface RecentTipsState {
  /** Newest first, at most 10; queued sends from this device carry `pending: 1`. */
  data: MirroredRecentTip[] | Tip[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * Recent tips of `creator` (handle; the default creator when null), newest first, at most 10. The default
 * creator's list comes from the offline mirror (shows at once and offline, queued sends included); another
 * creator's is fetched with GET /api/tips/recent?creator=<handle>.
 */
export function useRecentTips(creator: string | null, enabled = true): RecentTipsState {
  const config = useConfig();
  const { user } = useAuth();
  const defaultHandle = config.data?.defaultCreator?.handle ?? null;
  const fromMirror = creator === null || creator === defaultHandle;
  const query = useQuery<Tip[]>({
    enabled: enabled && !fromMirror,
    queryKey: TIP_KEYS.recent(creator),
    queryFn: async ({ signal }) => {
      const { tips } = await api('recentTips', { query: creator ? { creator } : {}, signal });
      return tips.reduce<Tip[]>((list, tip) => mergeTipIntoList(list, tip), []);
    },
    staleTime: 30_000,
  });
  const pull = useMirrorPull(fromMirror && enabled ? user?.id : null);
  const mirrored = useMirroredRecentTips();
  if (!fromMirror) {
    return { data: query.data, isPending: query.isPending, isError: query.isError, error: query.error };
  }
  const rows = pull.owned === true && mirrored ? mirrored.filter((t) => t.status !== 'ignore') : undefined;
  const loaded = !!rows && (rows.length > 0 || pull.settled);
  return {
    data: loaded ? rows : undefined,
    isPending: !loaded && !(pull.settled && pull.error),
    isError: !loaded && pull.settled && !!pull.error,
    error: pull.error,
  };
}

// ---------- sending ----------

export interface SendTipVariables {
  amount: number;
  message: string;
  creator: string | null;
}

export interface SendTipOptions {
  /** How a tip first reported `queued` ended once it replayed (sent, or refused and rolled back). */
  onLater?: (outcome: LaterOutcome) => void;
}

/**
 * Sends a wallet tip through the offline outbox (POST /api/tips/send with a client-made Idempotency-Key, charged
 * exactly once however often it replays): the tip shows at once as a pending debit and recent tip. `mutateAsync`
 * resolves `sent` or `queued` (offline: it sends when the connection returns) and throws the explanation when
 * the server refused it (rolled back) or the input is invalid.
 */
export function useSendTip() {
  const [isPending, setPending] = useState(false);
  const mutateAsync = useCallback(
    async ({ amount, message, creator }: SendTipVariables, options: SendTipOptions = {}) => {
      setPending(true);
      try {
        const entry = await enqueueSendTip({
          amount,
          message,
          ...(creator ? { creator, creatorName: creator } : {}),
        });
        const outcome = await awaitOutboxAction(entry.idempotencyKey, options);
        if (outcome.status === 'refused') throw refusalError(outcome.message);
        return outcome;
      } finally {
        setPending(false);
      }
    },
    [],
  );
  return { mutateAsync, isPending };
}

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
