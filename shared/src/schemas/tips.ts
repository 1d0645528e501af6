import { z } from 'zod';
import { define } from '../endpointTools.ts';
import { LIMITS } from '../limits.ts';
import { ALERT_SOUNDS } from '../wsProtocol.ts';
import { MESSAGES } from '../messages.ts';
import { VALIDATION_MESSAGES } from '../validationMessages.ts';
import { handleSchema, optionalTrimmed, rupeeAmountSchema, tipStatusSchema } from './common.ts';
import { orderResponseSchema } from './wallet.ts';

/** Tips and the creator's chats: the tip DTO, sending (wallet and guest), the chat list and its changes form, analytics. */

export const externalEventSchema = z.object({
  platform: z.literal('youtube'),
  kind: z.enum(['superChat', 'superSticker']),
  amountMicros: z.number().int(),
  currency: z.string(),
  displayAmount: z.string(),
  /** A Super Sticker's alt text (shown and read aloud); null for a Super Chat. */
  stickerAltText: z.string().nullable(),
  /** Whether `amountPaise` counts towards the goal, timer and tiers. */
  counted: z.boolean(),
});
export type ExternalEvent = z.infer<typeof externalEventSchema>;

export const tipSchema = z.object({
  _id: z.string(),
  id: z.string(),
  creatorId: z.string(),
  amount: z.number(),
  amountPaise: z.number().int(),
  message: z.string(),
  name: z.string(),
  guestName: z.string().nullable(),
  sender: z
    .object({ name: z.string(), profilePic: z.string().nullable(), phone: z.string().nullable() })
    .nullable(),
  status: tipStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
  /** Alert receipts: when an overlay first acknowledged this live tip and whether its sound played; null before. */
  aired: z
    .object({ at: z.string(), sound: z.enum(ALERT_SOUNDS) })
    .nullable()
    .optional(),
  /** The payer added the platform fee so the creator received the amount they chose ("I'll cover the fees"). */
  feesCovered: z.boolean().optional(),
  /** The moderator who last set its status ("Pushed live by Ravi"); absent when the creator did. Creator only. */
  statusBy: z.string().optional(),
  /**
   * A paid event from another platform (a YouTube Super Chat or Super Sticker): no money moved through Shabaash.
   * `amountPaise` is then what counts towards the goal and timer (YouTube settings), 0 when it does not count; the
   * original amount is `amountMicros` of `currency`, as YouTube shows it in `displayAmount`. Absent on Shabaash tips.
   */
  external: externalEventSchema.optional(),
});
export type Tip = z.infer<typeof tipSchema>;

export const tipsResponseSchema = z.object({ tips: z.array(tipSchema) });
export const chatsResponseSchema = z.object({ tips: z.array(tipSchema), version: z.number().int() });
export const chatChangesResponseSchema = z.object({
  tips: z.array(tipSchema),
  deleted: z.array(z.string()),
  version: z.number().int(),
  reset: z.boolean(),
});

export const analyticsSchema = z.object({
  totalEarnings: z.number(),
  totalSuccessfulTopUps: z.number().int(),
  totalTipsAmount: z.number(),
  totalTipsCount: z.number().int(),
  /** YouTube Super Chats and Super Stickers, apart from Shabaash money (none of it moved through Shabaash). */
  youtube: z.object({ count: z.number().int(), countedPaise: z.number().int() }),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const sendTipInputSchema = z.object({
  amount: rupeeAmountSchema(LIMITS.tipMinRupees),
  message: optionalTrimmed(LIMITS.messageMaxLength, VALIDATION_MESSAGES.messageTooLong),
  creator: handleSchema.optional(),
  /** "I'll cover the fees": `amount` is what the creator should receive; the server adds the platform fee. */
  coverFees: z.boolean().optional(),
});

/** A signed-in viewer's tip paid at once through Razorpay Checkout (WALLET_MODE=off): its order. */
export const tipOrderEndpoints = define({
  tipOrder: {
    input: sendTipInputSchema,
    output: orderResponseSchema,
  },
});

export const guestOrderInputSchema = z.object({
  amount: rupeeAmountSchema(0.01),
  message: optionalTrimmed(LIMITS.messageMaxLength, VALIDATION_MESSAGES.messageTooLong),
  name: optionalTrimmed(LIMITS.guestNameMaxLength, VALIDATION_MESSAGES.nameTooLong),
  creator: handleSchema.optional(),
  /**
   * The guest page's browser token (random, kept in the browser): a creator who blocks a guest also blocks the
   * browser their tips came from, so its next order is refused before payment. Only its keyed hash is stored.
   */
  payerToken: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22,64}$/)
    .optional(),
  /**
   * "I'll cover the fees": `amount` is what the creator should receive; the server opens the order for the smallest
   * total that nets it after the creator's current platform fee (never a total the client sent).
   */
  coverFees: z.boolean().optional(),
  /** The payer affirms being 18 or over, or having a parent's permission (one line on the form; not stored). */
  ageConfirmed: z.literal(true, { error: MESSAGES.guestAgeConfirmRequired }),
});

export const chatsQuerySchema = z.object({
  status: tipStatusSchema.optional(),
  search: z.string().trim().max(100).optional(),
  sort: z.enum(['updated', 'amount']).default('updated'),
  since: z.coerce.number().int().min(0).optional(),
});

/** GET /creator/chats/changes?since=N: the changes form (tips and tombstones after version N). */
export const chatChangesQuerySchema = z.object({ since: z.coerce.number().int().min(0) });

export const chatStatusInputSchema = z.object({ status: tipStatusSchema });
