import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';

// A tip's safety before it is sent: the creator's tip rules and the stream safety pre-check of its message.
// Apart from useTips.ts so the public guest page does not pull the offline mirror (Dexie) into /guest-tip.

/** React Query keys of the tip rules and of safety verdicts. */
export const SAFETY_KEYS = {
  safety: (creator: string | null, message: string) => ['safety', 'check', creator ?? '', message] as const,
  rules: (creator: string | null) => ['safety', 'tip-rules', creator ?? ''] as const,
};

/** The creator's minimum and the server's wording under it (GET /api/safety/tip-rules); shared by hook and submit. */
export function tipRulesQuery(creator: string | null) {
  return {
    queryKey: SAFETY_KEYS.rules(creator),
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

/** Fetches (and caches) the safety verdict of a message, as `useSafetyCheck` does, for a submit that cannot wait. */
export function fetchSafetyVerdict(queryClient: QueryClient, creator: string | null, message: string) {
  const text = message.trim();
  if (!text) return Promise.resolve(null);
  return queryClient.fetchQuery({
    queryKey: SAFETY_KEYS.safety(creator, text),
    queryFn: ({ signal }) => checkMessageSafety(creator, text, signal),
    staleTime: 60_000,
  });
}

/** The refusal message for `message` as typed (checked 400 ms after typing stops), or null. */
export function useSafetyCheck(creator: string | null, message: string): string | null {
  const debounced = useDebouncedValue(message.trim(), SAFETY_CHECK_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: SAFETY_KEYS.safety(creator, debounced),
    queryFn: ({ signal }) => checkMessageSafety(creator, debounced, signal),
    enabled: debounced.length > 0,
    staleTime: 60_000,
    retry: false,
  });
  return debounced ? (query.data ?? null) : null;
}
