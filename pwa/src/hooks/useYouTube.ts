import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { YouTubeCallbackInput, YouTubeStatus } from '@shabaash/shared';
import { api } from '../api/client.ts';

const YOUTUBE_KEY = ['creator', 'youtube'] as const;

/** The creator's connected YouTube channel (never a token), and whether Connect YouTube is set up here. */
export function useYouTubeStatus() {
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

/** Disconnects: the API revokes the access at Google and deletes the token. */
export function useDisconnectYouTube() {
  return useStatusMutation(() => api('disconnectYouTube'));
}
