import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { CREATOR_SAFETY_QUERY_KEY } from './useCreatorSafety.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';

/** While tips stream in, the queue's ids settle this long before the flags are asked for again. */
export const SAFETY_FLAGS_DEBOUNCE_MS = 750;

const EMPTY: ReadonlySet<string> = new Set();

/**
 * Which of the given queued chat ids the creator's current filters would now block
 * (GET /api/creator/safety/flags?ids=…). Refetches when the ids settle on a new set and after the settings are saved.
 */
export function useSafetyFlags(ids: readonly string[]): ReadonlySet<string> {
  const key = useDebouncedValue(
    useMemo(() => [...ids].sort().join(','), [ids]),
    SAFETY_FLAGS_DEBOUNCE_MS,
  );
  const query = useQuery({
    queryKey: [...CREATOR_SAFETY_QUERY_KEY, 'flags', key],
    queryFn: ({ signal }) => api('safetyFlags', { query: { ids: key }, signal }),
    enabled: key.length > 0,
    placeholderData: (previous) => previous,
  });
  const flagged = query.data?.ids;
  return useMemo(() => (flagged ? new Set(flagged) : EMPTY), [flagged]);
}

/** Blocks the sender of a tip (POST /api/creator/safety/blocked-senders {tipId}); returns the server's message. */
export function useBlockTipSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tipId: string) => api('blockSender', { input: { tipId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CREATOR_SAFETY_QUERY_KEY });
    },
  });
}
