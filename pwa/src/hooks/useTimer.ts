import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatorTimer, TimerSettings } from '@shabaash/shared';
import { api } from '../api/client.ts';
import { useRealtime } from '../realtime/useRealtime.ts';

export const TIMER_QUERY_KEY = ['creator', 'timer'] as const;

/**
 * The creator's subathon timer (GET /api/creator/timer), kept live: a start, pause, resume, tip that added time
 * or the end (from any device, or the server's job) refetches it.
 */
export function useTimer(enabled = true) {
  const queryClient = useQueryClient();
  useRealtime((message) => {
    if (message.type === 'timer:update' || message.type === 'timer:ended' || message.type === 'welcome')
      void queryClient.invalidateQueries({ queryKey: TIMER_QUERY_KEY });
  });
  return useQuery({
    queryKey: TIMER_QUERY_KEY,
    queryFn: ({ signal }) => api('creatorTimer', { signal }),
    enabled,
  });
}

/** Start, pause or resume: the answer is the new timer. */
export function useTimerAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'start' | 'pause' | 'resume') =>
      api(action === 'start' ? 'startTimer' : action === 'pause' ? 'pauseTimer' : 'resumeTimer'),
    onSuccess: (timer: CreatorTimer) => queryClient.setQueryData(TIMER_QUERY_KEY, timer),
  });
}

/** Saves the timer settings (Overlay Studio). */
export function useSaveTimerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TimerSettings) => api('saveTimerSettings', { input: settings }),
    onSuccess: (timer: CreatorTimer) => queryClient.setQueryData(TIMER_QUERY_KEY, timer),
  });
}
