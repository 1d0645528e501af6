import { afterAll, describe, expect, it } from 'vitest';
import { STATUS_TEXTS, type ServerMessage, type YouTubeLive, type YouTubeStatus } from '@shabaash/shared';
import { createTestApp } from '../../../test/harness.ts';
import { buildCreator, buildUser, type BuiltCreator } from '../../../test/factories.ts';
import { TestSocket } from '../../../test/realtime/testSocket.ts';
import { connectYouTubeOver } from '../../../test/youtube.ts';
import { startYouTube, type YouTubeRuntime } from '../boot.ts';
import { startYouTubeFollower } from './follower.ts';

// The live-chat follower in one instance against the YouTube simulator, a real database and real sockets: Super
// Chats reach the overlay; a quota error and a revoked grant reach the Chat Loader and the status while Shabaash
// tips keep arriving.

let youtube!: YouTubeRuntime;
const app = await createTestApp({
  realtime: true,
  env: {
    // A quota far above Google's default, so the spacing is YouTube's pollingIntervalMillis (set short below).
    YOUTUBE_DAILY_QUOTA_UNITS: '100000000',
    YOUTUBE_CLAIM_MS: '200',
    YOUTUBE_QUOTA_RETRY_MS: '3000',
  },
  extend: async (deps) => {
    youtube = await startYouTube(deps.config, () => 'http://pwa.test');
    return { ...deps, youtube: youtube.oauth };
  },
});
// A second instance over the same database, without a follower: its sockets hear the follower through NOTIFY.
const other = await createTestApp({ realtime: true, databaseUrl: app.databaseUrl });
const sim = () => youtube.simulator!.controls;
sim().setPollingIntervalMillis(100);
const stopFollower = startYouTubeFollower(app.deps, youtube.oauth!, app.databaseUrl);
afterAll(async () => {
  await stopFollower();
  await youtube.stop();
});

const isLive = (m: ServerMessage): m is Extract<ServerMessage, { type: 'youtube:live' }> =>
  m.type === 'youtube:live';
const liveIn = (state: YouTubeLive['state']) => (m: ServerMessage) => isLive(m) && m.data.state === state;
const status = async (creator: BuiltCreator) =>
  (await app.request<YouTubeStatus>('GET', '/api/creator/youtube', { token: creator.token })).body;

/** A creator with a connected channel, live on YouTube after Start stream, and their Chat Loader's socket. */
async function liveCreator(channelTitle: string) {
  const creator = await buildCreator(app.deps.db, app.deps.config);
  const { channel } = await connectYouTubeOver(app.url, creator.token, channelTitle);
  const loader = await TestSocket.hello(app.url, { token: creator.token });
  // A worker has taken the channel and found it not live; its next look is YOUTUBE_BROADCAST_CHECK_MS (60 s) away,
  // so it is Start stream that makes it look again at once.
  await expect
    .poll(() => app.deps.db('youtube_live_chats').where({ creator_id: creator.id }).first('state'), {
      timeout: 5000,
    })
    .toEqual({ state: 'idle' });
  sim().startBroadcast(channel!.id, `${channelTitle} live`);
  expect((await app.request('POST', '/api/creator/stream/start', { token: creator.token })).status).toBe(200);
  await loader.waitFor(liveIn('following'), 3000);
  return { creator, channelId: channel!.id, loader };
}

/** A Shabaash wallet tip to the creator, and proof it reached their Chat Loader. */
async function shabaashTipArrives(creator: BuiltCreator, loader: TestSocket, message: string) {
  const viewer = await buildUser(app.deps.db, app.deps.config, { balancePaise: 100_000 });
  const sent = await app.request<{ tip: { id: string } }>('POST', '/api/tips/send', {
    token: viewer.token,
    body: { amount: 50, message, creator: creator.handle },
  });
  expect(sent.status).toBe(200);
  await loader.waitFor((m) => m.type === 'tip:new' && m.data.id === sent.body.tip.id);
}

const disconnect = (creator: BuiltCreator) =>
  app.request('DELETE', '/api/creator/youtube', { token: creator.token });

/** When each message (by its index in `socket.messages`) reached this socket, from now on. */
function arrivalTimes(socket: TestSocket): Map<number, number> {
  const times = new Map<number, number>();
  // TestSocket's own listener came first: the message just received is the last one kept.
  socket.ws.on('message', () => times.set(socket.messages.length - 1, Date.now()));
  return times;
}

describe('the YouTube live-chat follower', () => {
  it('brings three Super Chats to the overlay once each, in order, within 2 s of YouTube sending them', async () => {
    const { creator, channelId, loader } = await liveCreator('Overlay Channel');
    const overlay = await TestSocket.hello(app.url, { overlayKey: creator.overlayKey });
    const arrivals = arrivalTimes(overlay);
    // The creator's auto rule: supporters they have shown before go live at once (any amount).
    const safety = await app.request('PUT', '/api/creator/safety', {
      token: creator.token,
      body: { reviewMode: 'auto_live_trusted', autoLiveMinAmount: 0 },
    });
    expect(safety.status).toBe(200);
    // Priya's first Super Chat waits in the Chat Loader; the creator shows it, so she is a trusted supporter.
    sim().sendSuperChat(channelId, { author: 'Priya', amount: 50, comment: 'first time here' });
    const first = await loader.waitFor(
      (m) => m.type === 'tip:new' && m.data.message === 'first time here',
      5000,
    );
    expect(first.type === 'tip:new' && first.data.status).toBe('unread');
    const firstId = first.type === 'tip:new' ? first.data.id : '';
    const shown = await app.request('PATCH', `/api/creator/chats/${firstId}/status`, {
      token: creator.token,
      body: { status: 'read' },
    });
    expect(shown.status).toBe(200);
    await overlay.waitFor((m) => m.type === 'tip:status' && m.data.id === firstId);

    const comments = ['Jai ho!', 'Great stream', 'Namaste from Pune'];
    const sentAt: number[] = [];
    for (const [i, comment] of comments.entries()) {
      sentAt.push(Date.now());
      sim().sendSuperChat(channelId, { author: 'Priya', amount: 100 * (i + 1), comment });
      // An ordinary chat line between them is not a paid event: it never reaches the queue.
      sim().sendText(channelId, { author: 'Chatter', text: `just chatting ${i}` });
      await new Promise((r) => setTimeout(r, 100));
    }
    const isOurs = (m: ServerMessage) =>
      (m.type === 'tip:new' || m.type === 'tip:status') &&
      m.data.status === 'read' &&
      comments.includes(m.data.message);
    await overlay.waitForCount(isOurs, 3, 5000);
    const live = overlay.messages
      .map((m, index) => ({ m, index }))
      .filter(({ m }) => isOurs(m))
      .map(({ m, index }) => ({
        tip: (m as Extract<ServerMessage, { type: 'tip:new' }>).data,
        at: arrivals.get(index)!,
      }));
    // Once each, in the order sent, as Super Chats with YouTube's amount.
    expect(live.map((l) => l.tip.message)).toEqual(comments);
    expect(new Set(live.map((l) => l.tip.id)).size).toBe(3);
    expect(live.map((l) => l.tip.external?.kind)).toEqual(['superChat', 'superChat', 'superChat']);
    const delays = live.map((l, i) => l.at - sentAt[i]!);
    console.log(`Super Chat → overlay delays (ms): ${delays.join(', ')}`);
    for (const delay of delays) expect(delay).toBeLessThan(2000);
    // Nothing more arrives for them (no repeat on a later poll).
    await new Promise((r) => setTimeout(r, 500));
    expect(overlay.messages.filter(isOurs)).toHaveLength(3);
    const queued = await app.request<{ tips: Array<{ message: string }> }>('GET', '/api/creator/chats', {
      token: creator.token,
    });
    expect(queued.body.tips.map((t) => t.message).filter((m) => m.startsWith('just chatting'))).toEqual([]);
    overlay.close();
    await disconnect(creator);
    loader.close();
  });

  it('shows a quota error on the Chat Loader and in the status within one poll, Shabaash tips still arrive, and it comes back', async () => {
    const { creator, loader } = await liveCreator('Quota Channel');
    const elsewhere = await TestSocket.hello(other.url, { token: creator.token });
    sim().failNextWithQuota(1);
    const exhausted = await loader.waitFor(liveIn('quotaExhausted'), 5000);
    expect(exhausted.type === 'youtube:live' && exhausted.data.message).toBe(
      STATUS_TEXTS.youtubeQuotaExhausted,
    );
    // The Chat Loader on the other instance is told too.
    const there = await elsewhere.waitFor(liveIn('quotaExhausted'), 5000);
    expect(there.type === 'youtube:live' && there.data.message).toBe(STATUS_TEXTS.youtubeQuotaExhausted);
    const shown = await status(creator);
    expect(shown.live).toMatchObject({
      state: 'quotaExhausted',
      message: STATUS_TEXTS.youtubeQuotaExhausted,
      quota: { dailyUnits: 100_000_000 },
    });
    expect(shown.live!.quota.usedUnits).toBeGreaterThan(0);
    await shabaashTipArrives(creator, loader, 'still here during the quota');
    // After YOUTUBE_QUOTA_RETRY_MS it polls again and says so.
    const back = await loader.waitForCount(liveIn('following'), 2, 10_000);
    expect(back[1]!.type === 'youtube:live' && back[1]!.data.message).toBeNull();
    const audit = await app.deps
      .db('youtube_connection_events')
      .where({ creator_id: creator.id })
      .pluck('event');
    expect(audit).toEqual(['connected', 'quota_exhausted']);
    await disconnect(creator);
    loader.close();
    elsewhere.close();
  });

  it('shows a revoked grant on the Chat Loader and in the status, and Shabaash tips still arrive', async () => {
    const { creator, channelId, loader } = await liveCreator('Revoked Channel');
    expect(sim().revokeChannelGrants(channelId)).toBe(1);
    const revoked = await loader.waitFor(liveIn('revoked'), 5000);
    expect(revoked.type === 'youtube:live' && revoked.data.message).toBe(STATUS_TEXTS.youtubeRevoked);
    expect((await status(creator)).live).toMatchObject({
      state: 'revoked',
      message: STATUS_TEXTS.youtubeRevoked,
    });
    await shabaashTipArrives(creator, loader, 'still here after the revoke');
    const audit = await app.deps
      .db('youtube_connection_events')
      .where({ creator_id: creator.id })
      .pluck('event');
    expect(audit).toEqual(['connected', 'grant_revoked']);
    await disconnect(creator);
    loader.close();
  });

  it('says the live chat ended when YouTube ends it (no warning), and follows the next broadcast on Start stream', async () => {
    const { creator, channelId, loader } = await liveCreator('Ended Channel');
    sim().endChat(channelId);
    const ended = await loader.waitFor(liveIn('ended'), 5000);
    expect(ended.type === 'youtube:live' && ended.data.message).toBeNull();
    sim().startBroadcast(channelId, 'Second stream');
    await app.request('POST', '/api/creator/stream/end', { token: creator.token });
    await app.request('POST', '/api/creator/stream/start', { token: creator.token });
    const again = await loader.waitForCount(liveIn('following'), 2, 3000);
    expect(again[1]!.type === 'youtube:live' && again[1]!.data.broadcastTitle).toBe('Second stream');
    await disconnect(creator);
    loader.close();
  });
});
