/**
 * A YouTube Super Chat or Super Sticker as the live-chat follower reads it from liveChatMessages.list, before it
 * becomes an event in the creator's queue. `messageId` is the liveChatMessage id (the same message read twice is
 * the same event). Amounts are YouTube's: `amountMicros` of `currency` (ISO 4217), shown as `displayAmount`.
 */
export interface YouTubePaidEvent {
  messageId: string;
  kind: 'superChat' | 'superSticker';
  authorName: string;
  authorChannelId: string;
  amountMicros: number;
  currency: string;
  displayAmount: string;
  /** The Super Chat's comment ('' when none, and for a Super Sticker). */
  comment: string;
  /** The Super Sticker's alt text (shown and read aloud); null for a Super Chat. */
  stickerAltText: string | null;
  /** YouTube's tier (1 is the lowest). */
  tier: number;
  publishedAt: string;
}
