import { describe, expect, it } from 'vitest';
import type { ServerMessage, Tip } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildCreator, type BuiltCreator } from '../../../test/factories.ts';
import { TestSocket } from '../../../test/realtime/testSocket.ts';
import { connectChannel, superChat } from '../../../test/youtube.ts';
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

  it('lands nothing for a channel the creator no longer holds', async () => {
    const creator = await connectedCreator();
    expect(await ingest({ id: creator.id, channelId: 'UCsomeoneelse' }, [superChat()])).toEqual({
      inserted: 0,
    });
    expect(await chats(creator)).toHaveLength(0);
  });
});
