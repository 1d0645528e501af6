import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatorSupporters } from '@shabaash/shared';
import { api } from '../api/client.ts';
import { useRealtime } from '../realtime/useRealtime.ts';

export const SUPPORTERS_QUERY_KEY = ['creator', 'supporters'] as const;

const REFETCH_ON = new Set(['welcome', 'tip:new', 'tip:status', 'tip:deleted', 'stream:update']);

/**
 * The top supporters widget as the creator sees it, with the supporters hidden from it (GET
 * /api/creator/supporters); refetched when tips or the stream change.
 */
export function useCreatorSupporters() {
  const queryClient = useQueryClient();
  useRealtime((message) => {
    if (REFETCH_ON.has(message.type)) void queryClient.invalidateQueries({ queryKey: SUPPORTERS_QUERY_KEY });
  });
  return useQuery({
    queryKey: SUPPORTERS_QUERY_KEY,
    queryFn: ({ signal }) => api('creatorSupporters', { signal }),
  });
}

/** Hides a supporter from the widget by its key, or shows a hidden one again by its id; answers the new lists. */
export function useSupporterVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { hide: string } | { show: string }) =>
      'hide' in change
        ? api('hideSupporter', { input: { key: change.hide } })
        : api('unhideSupporter', { params: { id: change.show } }),
    onSuccess: (lists: CreatorSupporters) => queryClient.setQueryData(SUPPORTERS_QUERY_KEY, lists),
  });
}
