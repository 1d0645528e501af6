import { randomUUID } from 'node:crypto';
import { upsertConnection } from '../src/modules/youtube/youtube.repository.ts';
import type { YouTubePaidEvent } from '../src/youtube/paidEvent.ts';
import type { Db } from '../src/db/knex.ts';
import type { YouTubeStatus } from '@shabaash/shared';

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

/** Taps Allow on the simulator's consent page for `channelTitle`: its answer, a 302 back to the redirect URL. */
export function allowConsent(consent: URL, channelTitle: string): Promise<Response> {
  const form = new URLSearchParams(consent.searchParams);
  form.set('decision', 'allow');
  form.set('channel_title', channelTitle);
  return fetch(new URL('/o/oauth2/v2/auth/decide', consent), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
}

/**
 * Connect YouTube as the creator does it, over HTTP against any running app (in-process or a product process):
 * POST /api/creator/youtube/connect, Allow on the simulator's consent page for `channelTitle`, then the callback
 * with Google's code and state. Resolves with the status the callback answered; throws when a step fails.
 */
export async function connectYouTubeOver(
  appUrl: string,
  token: string,
  channelTitle: string,
): Promise<YouTubeStatus> {
  const auth = { authorization: `Bearer ${token}` };
  const started = await fetch(`${appUrl}/api/creator/youtube/connect`, { method: 'POST', headers: auth });
  if (started.status !== 200) throw new Error(`connect answered ${started.status}`);
  const consent = new URL(((await started.json()) as { url: string }).url);
  const decided = await allowConsent(consent, channelTitle);
  const back = new URL(decided.headers.get('location') ?? '');
  const res = await fetch(`${appUrl}/api/creator/youtube/callback`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
  });
  if (res.status !== 200) throw new Error(`callback answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as YouTubeStatus;
}
