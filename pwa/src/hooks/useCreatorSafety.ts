import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SafetyResponse, SafetySettingsInput } from '@shabaash/shared';
import { api } from '../api/client.ts';

/** Every safety query (settings and queue flags) lives under this key, so one invalidation refreshes them all. */
export const CREATOR_SAFETY_QUERY_KEY = ['creator', 'safety'] as const;
export const CREATOR_SAFETY_SETTINGS_KEY = [...CREATOR_SAFETY_QUERY_KEY, 'settings'] as const;

/** The creator's stream safety settings and blocked senders (GET /api/creator/safety). */
export function useCreatorSafety(enabled = true) {
  return useQuery({
    queryKey: CREATOR_SAFETY_SETTINGS_KEY,
    queryFn: ({ signal }) => api('creatorSafety', { signal }),
    enabled,
  });
}

/** Saves safety settings (PUT /api/creator/safety); queue flags refetch because the word list may have changed. */
export function useSaveCreatorSafety() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SafetySettingsInput) => api('updateCreatorSafety', { input }),
    onSuccess: (saved) => {
      queryClient.setQueryData<SafetyResponse>(CREATOR_SAFETY_SETTINGS_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: CREATOR_SAFETY_QUERY_KEY });
    },
  });
}

/** Removes one blocked sender (DELETE /api/creator/safety/blocked-senders/:id). */
export function useUnblockSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('unblockSender', { params: { id } }),
    onSuccess: ({ id }) => {
      queryClient.setQueryData<SafetyResponse>(CREATOR_SAFETY_SETTINGS_KEY, (old) =>
        old ? { ...old, blockedSenders: old.blockedSenders.filter((b) => b.id !== id) } : old,
      );
    },
  });
}
