import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { YouTubeCallbackInput, YouTubeSettings, YouTubeStatus } from '@shabaash/shared';
import { api } from '../api/client.ts';
import { useRealtime } from '../realtime/useRealtime.ts';

export const YOUTUBE_KEY = ['creator', 'youtube'] as const;

/**
 * The creator's connected YouTube channel (never a token), whether Connect YouTube is set up here, the live-chat
 * follower's state and the count settings. Kept live: `youtube:live` replaces the follower's state in the cache,
 * and every (re)connect reads the status again.
 */
export function useYouTubeStatus() {
  const queryClient = useQueryClient();
  useRealtime((message) => {
    if (message.type === 'youtube:live')
      queryClient.setQueryData<YouTubeStatus>(YOUTUBE_KEY, (status) =>
        status?.channel ? { ...status, live: message.data } : status,
      );
    else if (message.type === 'welcome') void queryClient.invalidateQueries({ queryKey: YOUTUBE_KEY });
  });
  return useQuery({ queryKey: YOUTUBE_KEY, queryFn: ({ signal }) => api('youtubeStatus', { signal }) });
}

/** Starts Connect YouTube: resolves with Google's consent URL, which the caller opens. */
export function useStartYouTubeConnect() {
  return useMutation({ mutationFn: () => api('connectYouTube') });
}

/** A mutation whose answer is the new status, stored as the status query's data. */
function useStatusMutation<I>(mutationFn: (input: I) => Promise<YouTubeStatus>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (status) => queryClient.setQueryData(YOUTUBE_KEY, status),
  });
}

/** Finishes Connect YouTube with the code and state Google's redirect brought back. */
export function useFinishYouTubeConnect() {
  return useStatusMutation((input: YouTubeCallbackInput) => api('youtubeCallback', { input }));
}

/** Saves how Super Chats count towards the goal, timer and tiers (INR only, or converted at the creator's rates). */
export function useSaveYouTubeSettings() {
  return useStatusMutation((input: YouTubeSettings) => api('youtubeSettings', { input }));
}

/** Disconnects: the API revokes the access at Google and deletes the token. */
export function useDisconnectYouTube() {
  return useStatusMutation(() => api('disconnectYouTube'));
}
