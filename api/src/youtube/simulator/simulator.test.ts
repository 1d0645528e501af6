import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, youtube, type youtube_v3 } from '@googleapis/youtube';
import { allowConsent } from '../../../test/youtube.ts';
import { startYouTubeSimulator, type YouTubeSimulator } from './index.ts';

const CLIENT = { clientId: 'sim-client.apps.googleusercontent.com', clientSecret: 'sim-secret' };
const REDIRECT = 'http://127.0.0.1:1/youtube/callback';

let sim: YouTubeSimulator;
beforeAll(async () => {
  sim = await startYouTubeSimulator(CLIENT);
});
afterAll(() => sim.stop());

/** Connects a channel as a browser would (consent page, Allow), returning a Data API client for it. */
async function connect(title: string): Promise<{ api: youtube_v3.Youtube; channelId: string }> {
  const oauth = new auth.OAuth2({ ...CLIENT, redirectUri: REDIRECT, endpoints: sim.endpoints });
  const { codeVerifier, codeChallenge } = await oauth.generateCodeVerifierAsync();
  const consent = new URL(
    oauth.generateAuthUrl({
      scope: 'https://www.googleapis.com/auth/youtube.readonly',
      state: 's1',
      code_challenge: codeChallenge,
      code_challenge_method: 'S256' as never,
    }),
  );
  const res = await allowConsent(consent, title);
  const code = new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const { tokens } = await oauth.getToken({ code, codeVerifier });
  oauth.setCredentials(tokens);
  return {
    api: youtube({ version: 'v3', auth: oauth, rootUrl: sim.rootUrl }),
    channelId: sim.controls.channel(title).id,
  };
}

async function reasonOf(call: Promise<unknown>): Promise<{ status: number; reason: string }> {
  try {
    await call;
  } catch (err) {
    const e = err as {
      status?: number;
      response?: { data?: { error?: { errors?: Array<{ reason?: string }> } } };
    };
    return { status: e.status ?? 0, reason: e.response?.data?.error?.errors?.[0]?.reason ?? '' };
  }
  throw new Error('the call succeeded');
}

describe('YouTube simulator', () => {
  it('lists the active broadcast of the signed-in channel only', async () => {
    const { api, channelId } = await connect('Paging Channel A');
    const other = await connect('Paging Channel B');
    const { liveChatId } = sim.controls.startBroadcast(channelId, 'Evening stream');
    sim.controls.startBroadcast(other.channelId);
    const res = await api.liveBroadcasts.list({
      part: ['snippet', 'status'],
      mine: true,
      broadcastStatus: 'active',
    } as never);
    const items = res.data.items ?? [];
    expect(items.map((b) => b.snippet?.liveChatId)).toEqual([liveChatId]);
    expect(items[0]?.status?.lifeCycleStatus).toBe('live');
  });

  it('pages through the live chat: nextPageToken advances and no message comes twice', async () => {
    const { api, channelId } = await connect('Paging Channel C');
    const { liveChatId } = sim.controls.startBroadcast(channelId);
    sim.controls.setPollingIntervalMillis(1500);
    sim.controls.sendSuperChat(channelId, { author: 'Asha', amount: 100, comment: 'first' });
    sim.controls.sendSuperSticker(channelId, { author: 'Ravi', amount: 50, altText: 'A dancing tiger' });
    const list = (pageToken?: string) =>
      api.liveChatMessages.list({ liveChatId, part: ['snippet', 'authorDetails'], pageToken });
    const first = await list();
    expect(first.data.pollingIntervalMillis).toBe(1500);
    const [chat, sticker] = first.data.items ?? [];
    expect(chat?.snippet?.type).toBe('superChatEvent');
    expect(chat?.snippet?.superChatDetails).toMatchObject({
      amountMicros: '100000000',
      currency: 'INR',
      amountDisplayString: '₹100.00',
      userComment: 'first',
    });
    expect(chat?.authorDetails?.displayName).toBe('Asha');
    expect(sticker?.snippet?.superStickerDetails?.superStickerMetadata?.altText).toBe('A dancing tiger');
    expect(sticker?.snippet?.superStickerDetails?.amountMicros).toBe('50000000');

    const empty = await list(first.data.nextPageToken ?? undefined);
    expect(empty.data.items).toEqual([]);
    expect(empty.data.nextPageToken).toBe(first.data.nextPageToken);
    sim.controls.sendSuperChat(channelId, { amount: 5, currency: 'USD', comment: 'third' });
    const next = await list(empty.data.nextPageToken ?? undefined);
    expect(next.data.items?.map((m) => m.snippet?.superChatDetails?.userComment)).toEqual(['third']);
    expect(next.data.nextPageToken).not.toBe(first.data.nextPageToken);
  });

  it('answers quotaExceeded once when told, then serves again', async () => {
    const { api, channelId } = await connect('Quota Channel');
    const { liveChatId } = sim.controls.startBroadcast(channelId);
    sim.controls.failNextWithQuota();
    const list = () => api.liveChatMessages.list({ liveChatId, part: ['snippet'] });
    expect(await reasonOf(list())).toEqual({ status: 403, reason: 'quotaExceeded' });
    expect((await list()).status).toBe(200);
  });

  it('answers liveChatEnded after the chat ends, and liveChatNotFound for an unknown chat', async () => {
    const { api, channelId } = await connect('Ending Channel');
    const { liveChatId } = sim.controls.startBroadcast(channelId);
    sim.controls.endChat(channelId);
    expect(await reasonOf(api.liveChatMessages.list({ liveChatId, part: ['snippet'] }))).toEqual({
      status: 403,
      reason: 'liveChatEnded',
    });
    expect(await reasonOf(api.liveChatMessages.list({ liveChatId: 'nope', part: ['snippet'] }))).toEqual({
      status: 404,
      reason: 'liveChatNotFound',
    });
  });

  it('refuses a bad access token with 401 and a revoked grant with invalid_grant', async () => {
    const res = await fetch(`${sim.rootUrl}youtube/v3/channels?mine=true`, {
      headers: { authorization: 'Bearer ya29.forged' },
    });
    expect(res.status).toBe(401);
    expect(
      ((await res.json()) as { error: { errors: Array<{ reason: string }> } }).error.errors[0]?.reason,
    ).toBe('authError');
    const { channelId } = await connect('Revoked Channel');
    const [refreshToken] = sim.controls.liveGrants(channelId);
    sim.controls.revokeChannelGrants(channelId);
    const oauth = new auth.OAuth2({ ...CLIENT, endpoints: sim.endpoints });
    oauth.setCredentials({ refresh_token: refreshToken });
    await expect(oauth.refreshAccessToken()).rejects.toMatchObject({ message: 'invalid_grant' });
  });
});
