import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndpointInput } from '@shabaash/shared';
import { api } from '../api/client.ts';
import { useRealtime } from '../realtime/useRealtime.ts';

/** POST /api/creator/show/test-alert: a marked test tip on the creator's overlays (nothing stored). */
export function useSendTestAlert() {
  return useMutation({
    mutationFn: (input: EndpointInput<'sendTestAlert'> = {}) => api('sendTestAlert', { input }),
  });
}

/** POST /api/creator/show/skip-speech: stops the speech on every connected overlay. */
export function useSkipSpeech() {
  return useMutation({ mutationFn: () => api('skipSpeech') });
}

export const ALERTS_QUERY_KEY = ['creator', 'show', 'alerts'] as const;

/**
 * GET /api/creator/show/alerts: whether alerts are paused (kept by the server) and how many wait; read again while
 * paused whenever a tip changes (one pushed live is held) and on every (re)connect, and replaced by alerts:update
 * when the creator's other device or a moderator pauses or resumes.
 */
export function useAlertsState() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ALERTS_QUERY_KEY,
    queryFn: ({ signal }) => api('getAlerts', { signal }),
  });
  const paused = query.data?.paused ?? false;
  useRealtime((message) => {
    if (message.type === 'alerts:update') queryClient.setQueryData(ALERTS_QUERY_KEY, message.data);
    else if (message.type === 'welcome' || (paused && message.type === 'tip:status'))
      void queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY });
  });
  return query;
}

/** PUT /api/creator/show/alerts: pause, or resume (the held alerts play in order); the answer is the new state. */
export function useSetAlertsPaused() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paused: boolean) => api('setAlerts', { input: { paused } }),
    onSuccess: (state) => queryClient.setQueryData(ALERTS_QUERY_KEY, state),
  });
}

/** POST /api/creator/show/replay: the last live tip back on air. */
export function useReplayAlert() {
  return useMutation({ mutationFn: () => api('replayAlert') });
}
