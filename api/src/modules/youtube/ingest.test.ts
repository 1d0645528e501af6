import { describe, expect, it } from 'vitest';
import type { ServerMessage, Tip } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildCreator, buildModerator, type BuiltCreator } from '../../../test/factories.ts';
import { TestSocket } from '../../../test/realtime/testSocket.ts';
import { connectChannel, superChat, superSticker } from '../../../test/youtube.ts';
import type { YouTubePaidEvent } from '../../youtube/paidEvent.ts';
import { ingestYouTubeEvents } from './ingest.ts';

const app: TestApp = await createTestApp({ realtime: true });
const db = app.deps.db;

/** A creator with a connected channel. */
async function connectedCreator(): Promise<BuiltCreator & { channelId: string }> {
  const creator = await buildCreator(db, app.deps.config);
  return { ...creator, channelId: await connectChannel(db, creator.id) };
}

const ingest = (c: { id: string; channelId: string }, events: YouTubePaidEvent[]) =>
  ingestYouTubeEvents(app.deps, { creatorId: c.id, channelId: c.channelId }, events);
const chats = async (c: BuiltCreator) =>
  (await app.request<{ tips: Tip[] }>('GET', '/api/creator/chats', { token: c.token })).body.tips;
type TipNew = Extract<ServerMessage, { type: 'tip:new' }>;

describe('Super Chats in the queue', () => {
  it('lands each Super Chat once, in order, on the Chat Loader with its source and original amount', async () => {
    const creator = await connectedCreator();
    const loader = await TestSocket.hello(app.url, { token: creator.token });
    const events = [
      superChat({ comment: 'first' }),
      superChat({ comment: 'second', amountMicros: 5_000_000, currency: 'USD', displayAmount: '$5.00' }),
      superChat({ comment: 'third' }),
    ];
    expect(await ingest(creator, events)).toEqual({ inserted: 3 });
    // The follower resumes from an older page: nothing lands twice.
    expect(await ingest(creator, [events[1]!, events[2]!, superChat({ comment: 'fourth' })])).toEqual({
      inserted: 1,
    });
    await loader.waitFor(() => loader.messages.filter((m) => m.type === 'tip:new').length === 4);
    const heard = loader.messages.filter((m): m is TipNew => m.type === 'tip:new').map((m) => m.data);
    expect(heard.map((t) => t.message)).toEqual(['first', 'second', 'third', 'fourth']);
    expect(heard[0]).toMatchObject({
      name: 'Ravi',
      status: 'unread',
      amountPaise: 10_000,
      external: {
        platform: 'youtube',
        kind: 'superChat',
        currency: 'INR',
        displayAmount: '₹100.00',
        counted: true,
      },
    });
    // INR only (the default): a dollar Super Chat is in the queue with its amount, and counts nothing.
    expect(heard[1]).toMatchObject({
      amountPaise: 0,
      external: { amountMicros: 5_000_000, currency: 'USD', displayAmount: '$5.00', counted: false },
    });
    const listed = await chats(creator);
    expect(listed.filter((t) => t.external)).toHaveLength(4);
    loader.close();
  });

  it("shows a creator's moderators that it is a Super Sticker, with its alt text and never its amount", async () => {
    const creator = await connectedCreator();
    const moderator = await buildModerator(db, app.deps.config, creator);
    await ingest(creator, [superSticker({ stickerAltText: 'A waving hand' })]);
    const res = await app.request<{ tips: Array<Record<string, unknown>> }>(
      'GET',
      `/api/moderation/${creator.handle}/chats`,
      { token: moderator.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.tips[0]).toMatchObject({
      name: 'Meera',
      external: { platform: 'youtube', kind: 'superSticker', stickerAltText: 'A waving hand' },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/amount|displayAmount|currency/i);
  });

  it('lands nothing for a channel the creator no longer holds', async () => {
    const creator = await connectedCreator();
    expect(await ingest({ id: creator.id, channelId: 'UCsomeoneelse' }, [superChat()])).toEqual({
      inserted: 0,
    });
    expect(await chats(creator)).toHaveLength(0);
  });
});

describe('Super Chats are moderated like tips', () => {
  const safety = (c: BuiltCreator, body: unknown) =>
    app.request('PUT', '/api/creator/safety', { token: c.token, body });
  const pushLive = (c: BuiltCreator, tipId: string) =>
    app.request('PATCH', `/api/creator/chats/${tipId}/status`, { token: c.token, body: { status: 'read' } });
  const statusOf = async (c: BuiltCreator, comment: string) =>
    (await chats(c)).find((t) => t.message === comment)?.status;

  it('a Super Chat containing a blocked word waits, and is never auto-shown', async () => {
    const creator = await connectedCreator();
    expect(
      (
        await safety(creator, {
          reviewMode: 'auto_live_trusted',
          autoLiveMinAmount: 0,
          blockedTerms: ['scamcoin'],
        })
      ).status,
    ).toBe(200);
    const overlay = await TestSocket.hello(app.url, { overlayKey: creator.overlayKey });
    // The creator shows Ravi's first Super Chat live: Ravi is trusted from then on.
    await ingest(creator, [superChat({ comment: 'first one' })]);
    const first = (await chats(creator)).find((t) => t.message === 'first one');
    expect(first?.status).toBe('unread');
    expect((await pushLive(creator, first!.id)).status).toBe(200);

    await ingest(creator, [
      superChat({ comment: 'buy scamcoin now' }),
      superChat({ comment: 'auto-shown' }),
      superChat({ comment: 'a trusted name', authorName: 'scamcoin fan' }),
    ]);
    // Auto-show is on and works for Ravi; the blocked word (in the comment or the name) keeps the others waiting.
    expect(await statusOf(creator, 'auto-shown')).toBe('read');
    expect(await statusOf(creator, 'buy scamcoin now')).toBe('unread');
    expect(await statusOf(creator, 'a trusted name')).toBe('unread');
    await overlay.waitFor((m) => m.type === 'tip:new' && m.data.message === 'auto-shown');
    const flags = await app.request<{ ids: string[] }>('GET', '/api/creator/safety/flags', {
      token: creator.token,
    });
    expect(flags.body.ids).toHaveLength(2);
    const onOverlay = overlay.messages.flatMap((m) =>
      m.type.startsWith('tip:') && 'data' in m ? [m.data] : [],
    );
    expect(onOverlay.map((t) => (t as Tip).message)).not.toContain('buy scamcoin now');
    overlay.close();
  });

  it('a Super Sticker from a trusted author is held while alerts are paused, with its alt text', async () => {
    const creator = await connectedCreator();
    await safety(creator, { reviewMode: 'auto_live_trusted', autoLiveMinAmount: 0 });
    await ingest(creator, [superSticker({ stickerAltText: 'A waving hand' })]);
    const first = (await chats(creator))[0]!;
    expect(first).toMatchObject({
      status: 'unread',
      external: { kind: 'superSticker', stickerAltText: 'A waving hand', counted: true },
    });
    await pushLive(creator, first.id);
    expect(
      (await app.request('PUT', '/api/creator/show/alerts', { token: creator.token, body: { paused: true } }))
        .status,
    ).toBe(200);
    await ingest(creator, [superSticker({ stickerAltText: 'A dancing cat' })]);
    const held = await db('tips as t')
      .join('youtube_events as y', 'y.tip_id', 't.id')
      .where('y.sticker_alt_text', 'A dancing cat')
      .first<{ status: string; held: boolean }>('t.status', 't.held');
    expect(held).toEqual({ status: 'read', held: true });
  });
});
