import { randomUUID } from 'node:crypto';
import { upsertConnection } from '../src/modules/youtube/youtube.repository.ts';
import type { YouTubePaidEvent } from '../src/youtube/paidEvent.ts';
import type { Db } from '../src/db/knex.ts';

/** Connects a channel to the creator straight in the database (its sealed token is never used); the channel id. */
export async function connectChannel(db: Db, creatorId: string): Promise<string> {
  const channelId = `UC${randomUUID().replaceAll('-', '').slice(0, 22)}`;
  await upsertConnection(db, {
    creatorId,
    channelId,
    channelTitle: 'Asha Plays',
    refreshTokenSealed: Buffer.from('unused'),
  });
  return channelId;
}

/** A Super Chat as the live-chat follower maps it: ₹100 from Ravi unless told. */
export function superChat(overrides: Partial<YouTubePaidEvent> = {}): YouTubePaidEvent {
  return {
    messageId: `LCC.${randomUUID()}`,
    kind: 'superChat',
    publishedAt: new Date().toISOString(),
    authorName: 'Ravi',
    authorChannelId: 'UCravi',
    amountMicros: 100_000_000,
    currency: 'INR',
    displayAmount: '₹100.00',
    tier: 2,
    comment: 'Great stream!',
    stickerId: null,
    stickerAltText: null,
    ...overrides,
  };
}

/** A Super Sticker as the follower maps it: ₹50 from Meera unless told. */
export function superSticker(overrides: Partial<YouTubePaidEvent> = {}): YouTubePaidEvent {
  return superChat({
    kind: 'superSticker',
    authorName: 'Meera',
    authorChannelId: 'UCmeera',
    amountMicros: 50_000_000,
    displayAmount: '₹50.00',
    tier: 1,
    comment: '',
    stickerId: 'sticker_dancing_cat',
    stickerAltText: 'A cat dancing with joy',
    ...overrides,
  });
}
