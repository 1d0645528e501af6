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

/**
 * What the live-chat follower is doing for the creator's channel:
 * - `idle`: connected, no active broadcast found (or not live);
 * - `following`: reading the active broadcast's live chat;
 * - `quotaExhausted`: the YouTube Data API's daily quota is used up (STATUS_TEXTS.youtubeQuotaExhausted);
 * - `revoked`: Google refused the stored grant (STATUS_TEXTS.youtubeRevoked): Connect YouTube again;
 * - `ended`: the broadcast's live chat ended (liveChatEnded);
 * - `failing`: YouTube answered with errors several polls in a row (STATUS_TEXTS.youtubeFailing).
 */
export const youtubeLiveStateSchema = z.enum([
  'idle',
  'following',
  'quotaExhausted',
  'revoked',
  'ended',
  'failing',
]);
export type YouTubeLiveState = z.infer<typeof youtubeLiveStateSchema>;

export const youtubeLiveSchema = z.object({
  state: youtubeLiveStateSchema,
  broadcastTitle: z.string().nullable(),
  /** What the Chat Loader says when Super Chats cannot arrive (one of STATUS_TEXTS.youtube*); null while all is well. */
  message: z.string().nullable(),
  /** The polling budget computed from the daily quota: units per day, units used today (Pacific day), poll spacing. */
  quota: z.object({
    dailyUnits: z.number().int(),
    usedUnits: z.number().int(),
    pollEveryMs: z.number().int(),
  }),
  updatedAt: z.string(),
});
export type YouTubeLive = z.infer<typeof youtubeLiveSchema>;

/**
 * How Super Chats and Super Stickers count towards the goal, the subathon timer and tiers (no money moves through
 * Shabaash for them): `inrOnly` counts only those paid in INR; `convert` converts other currencies at the creator's
 * rates (rupees for one unit of the currency) and does not count a currency without a rate.
 */
export const youtubeCountModeSchema = z.enum(['inrOnly', 'convert']);
export const youtubeRateSchema = z.number().positive().max(100_000);
export const youtubeSettingsSchema = z.object({
  countMode: youtubeCountModeSchema,
  rates: z.record(z.string().regex(/^[A-Z]{3}$/), youtubeRateSchema),
});
export type YouTubeSettings = z.infer<typeof youtubeSettingsSchema>;

/** The connected channel (never a token); null when none is connected. `available`: false when YouTube is off here. */
export const youtubeStatusSchema = z.object({
  available: z.boolean(),
  channel: z.object({ id: z.string(), title: z.string(), connectedAt: z.string() }).nullable(),
  /** The live-chat follower's state; null when no channel is connected. */
  live: youtubeLiveSchema.nullable(),
  settings: youtubeSettingsSchema,
});
export type YouTubeStatus = z.infer<typeof youtubeStatusSchema>;

export const YOUTUBE_ENDPOINTS = {
  youtubeStatus: {
    output: youtubeStatusSchema,
  },
  connectYouTube: {
    output: youtubeConnectSchema,
  },
  youtubeCallback: {
    input: youtubeCallbackInputSchema,
    output: youtubeStatusSchema,
  },
  youtubeSettings: {
    input: youtubeSettingsSchema,
    output: youtubeStatusSchema,
  },
  disconnectYouTube: {
    output: youtubeStatusSchema,
  },
} as const;
