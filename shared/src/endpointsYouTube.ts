// Zod-free, part of the endpoint table (endpoints.ts spreads it): Connect YouTube.
import type { EndpointFact } from './endpointFact.ts';

export const YOUTUBE_ROWS = {
  youtubeStatus: {
    method: 'GET',
    path: '/creator/youtube',
    auth: 'creator',
    summary: 'Your connected YouTube channel (title and id, never a token).',
  },
  connectYouTube: {
    method: 'POST',
    path: '/creator/youtube/connect',
    auth: 'creator',
    summary: 'Start Connect YouTube: the Google consent URL (OAuth 2.0 with PKCE, youtube.readonly) to open.',
  },
  youtubeCallback: {
    method: 'POST',
    path: '/creator/youtube/callback',
    auth: 'creator',
    summary: "Finish Connect YouTube with the code and state Google's redirect brought back.",
  },
  youtubeSettings: {
    method: 'PUT',
    path: '/creator/youtube/settings',
    auth: 'creator',
    summary: 'How Super Chats count towards the goal and timer: INR only, or other currencies at your rates.',
  },
  disconnectYouTube: {
    method: 'DELETE',
    path: '/creator/youtube',
    auth: 'creator',
    summary: 'Disconnect YouTube: revokes the access at Google and deletes the stored token.',
  },
} as const satisfies Record<string, EndpointFact>;
