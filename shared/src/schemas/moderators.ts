import { z } from 'zod';
import { define } from '../endpointTools.ts';
import { phoneSchema, tipStatusSchema } from './common.ts';

/** A creator's moderator or pending invitation, as the creator sees it (the phone masked to its last 4 digits). */
export const moderatorSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'active']),
  /** The moderator's name once they accepted; null while pending. */
  name: z.string().nullable(),
  phone: z.string(),
  invitedAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type Moderator = z.infer<typeof moderatorSchema>;

export const moderatorsResponseSchema = z.object({ moderators: z.array(moderatorSchema) });
export const inviteModeratorInputSchema = z.strictObject({ phone: phoneSchema });

/** A creator as their moderator sees them: who, never money. */
export const moderatedCreatorSchema = z.object({
  handle: z.string(),
  name: z.string(),
  profilePic: z.string().nullable(),
});
export type ModeratedCreator = z.infer<typeof moderatedCreatorSchema>;

/** GET /moderation: invitations waiting for the signed-in user, and the creators they moderate. */
export const myModerationSchema = z.object({
  invites: z.array(z.object({ id: z.string(), creator: moderatedCreatorSchema, invitedAt: z.string() })),
  creators: z.array(moderatedCreatorSchema),
});
export type MyModeration = z.infer<typeof myModerationSchema>;

/**
 * A chat as a moderator sees it: the text, the sender's name and picture and the status. No amount, no fee, no
 * phone: the fields are absent, not hidden.
 */
export const moderatedTipSchema = z.strictObject({
  id: z.string(),
  creatorId: z.string(),
  message: z.string(),
  name: z.string(),
  profilePic: z.string().nullable(),
  status: tipStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
  /** The moderator who last set its status; absent when the creator did. */
  statusBy: z.string().optional(),
  /** A YouTube Super Chat or Super Sticker (never its amount, as for any tip); absent for a Shabaash tip. */
  external: z
    .strictObject({
      platform: z.literal('youtube'),
      kind: z.enum(['superChat', 'superSticker']),
      stickerAltText: z.string().nullable(),
    })
    .optional(),
});
export type ModeratedTip = z.infer<typeof moderatedTipSchema>;

export const moderatedChatsQuerySchema = z.object({ search: z.string().trim().max(100).optional() });
export const moderatedChatsResponseSchema = z.object({
  creator: moderatedCreatorSchema,
  tips: z.array(moderatedTipSchema),
  paused: z.boolean(),
  version: z.number().int(),
});
export const moderatedStatusInputSchema = z.strictObject({ status: tipStatusSchema });
export const moderatedPausedSchema = z.object({ paused: z.boolean() });
/** Pause or Resume the alerts (the same switch as the creator's). */
export const moderatedAlertsInputSchema = z.strictObject({ paused: z.boolean() });
const okSchema = z.object({ ok: z.literal(true) });

export const moderatorEndpoints = define({
  creatorModerators: {
    output: moderatorsResponseSchema,
  },
  inviteModerator: {
    input: inviteModeratorInputSchema,
    output: z.object({ moderator: moderatorSchema }),
  },
  removeModerator: {
    output: okSchema,
  },
  myModeration: { output: myModerationSchema },
  acceptModeration: {
    output: myModerationSchema,
  },
  declineModeration: {
    output: myModerationSchema,
  },
  moderatedChats: {
    query: moderatedChatsQuerySchema,
    output: moderatedChatsResponseSchema,
  },
  moderateChatStatus: {
    input: moderatedStatusInputSchema,
    output: z.object({ tip: moderatedTipSchema }),
  },
  moderateDeleteChat: {
    output: z.object({ id: z.string() }),
  },
  moderateTestAlert: {
    output: okSchema,
  },
  moderateSkipSpeech: {
    output: okSchema,
  },
  moderateAlerts: {
    input: moderatedAlertsInputSchema,
    output: moderatedPausedSchema,
  },
});
