import { z } from 'zod';

/** Connect YouTube: the creator's link to their channel (read-only), used to bring Super Chats into the queue. */

/** The consent URL the PWA opens (Google's, or the sandbox simulator's). */
export const youtubeConnectSchema = z.object({ url: z.url() });

/** What Google's redirect brought back to the PWA's /creator/youtube/callback. */
export const youtubeCallbackInputSchema = z.object({
  code: z.string().trim().min(1).max(2048),
  state: z.string().trim().min(1).max(200),
});
export type YouTubeCallbackInput = z.input<typeof youtubeCallbackInputSchema>;

/** The connected channel (never a token); null when none is connected. `available`: false when YouTube is off here. */
export const youtubeStatusSchema = z.object({
  available: z.boolean(),
  channel: z.object({ id: z.string(), title: z.string(), connectedAt: z.string() }).nullable(),
});
export type YouTubeStatus = z.infer<typeof youtubeStatusSchema>;

export const YOUTUBE_ENDPOINTS = {
  youtubeStatus: {
    method: 'GET',
    path: '/creator/youtube',
    auth: 'creator',
    output: youtubeStatusSchema,
  },
  connectYouTube: {
    method: 'POST',
    path: '/creator/youtube/connect',
    auth: 'creator',
    output: youtubeConnectSchema,
  },
  youtubeCallback: {
    method: 'POST',
    path: '/creator/youtube/callback',
    auth: 'creator',
    input: youtubeCallbackInputSchema,
    output: youtubeStatusSchema,
  },
  disconnectYouTube: {
    method: 'DELETE',
    path: '/creator/youtube',
    auth: 'creator',
    output: youtubeStatusSchema,
  },
} as const;
