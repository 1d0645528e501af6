/** One Super Chat or Super Sticker as read from liveChatMessages (the follower maps YouTube's resource to this). */
export interface YouTubePaidEvent {
  messageId: string; // liveChatMessage.id (unique: the same id is never ingested twice)
  kind: 'superChat' | 'superSticker';
  publishedAt: string; // snippet.publishedAt
  authorName: string; // authorDetails.displayName
  authorChannelId: string;
  amountMicros: number; // superChatDetails/superStickerDetails.amountMicros
  currency: string; // ...currency
  displayAmount: string; // ...amountDisplayString
  tier: number; // ...tier
  comment: string; // superChatDetails.userComment ('' for stickers)
  stickerId: string | null; // superStickerDetails.superStickerMetadata.stickerId
  stickerAltText: string | null; // superStickerDetails.superStickerMetadata.altText
}
