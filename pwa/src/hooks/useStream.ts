import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StreamState } from '@shabaash/shared';
import { api } from '../api/client.ts';
import { useRealtime } from '../realtime/useRealtime.ts';

export const STREAM_QUERY_KEY = ['creator', 'stream'] as const;

/**
 * The creator's stream session and its totals (GET /api/creator/stream), kept live: a stream start or end (from
 * any device) and every new or deleted tip refetch it.
 */
export function useStream() {
  const queryClient = useQueryClient();
  useRealtime((message) => {
    if (message.type === 'stream:update' || message.type === 'tip:new' || message.type === 'welcome')
      void queryClient.invalidateQueries({ queryKey: STREAM_QUERY_KEY });
  });
  return useQuery({
    queryKey: STREAM_QUERY_KEY,
    queryFn: ({ signal }) => api('streamState', { signal }),
  });
}

/** "Start stream" / "End stream": the answer is the new state. */
export function useStreamAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'start' | 'end') => api(action === 'start' ? 'startStream' : 'endStream'),
    onSuccess: (state: StreamState) => queryClient.setQueryData(STREAM_QUERY_KEY, state),
  });
}
