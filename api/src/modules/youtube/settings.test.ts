import { describe, expect, it } from 'vitest';
import type { Tip, YouTubeStatus } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildCreator, type BuiltCreator } from '../../../test/factories.ts';
import { connectChannel, superChat } from '../../../test/youtube.ts';
import { ingestYouTubeEvents } from './ingest.ts';

const app: TestApp = await createTestApp();
const db = app.deps.db;

const save = (c: BuiltCreator, body: unknown) =>
  app.request<YouTubeStatus>('PUT', '/api/creator/youtube/settings', { token: c.token, body });
const status = (c: BuiltCreator) =>
  app.request<YouTubeStatus>('GET', '/api/creator/youtube', { token: c.token });
const chats = async (c: BuiltCreator) =>
  (await app.request<{ tips: Tip[] }>('GET', '/api/creator/chats', { token: c.token })).body.tips;

describe('how Super Chats count', () => {
  it("converts a dollar Super Chat at the creator's rate once they choose to, and keeps the choice", async () => {
    const creator = await buildCreator(db, app.deps.config);
    const channelId = await connectChannel(db, creator.id);
    expect((await status(creator)).body.settings).toEqual({ countMode: 'inrOnly', rates: {} });
    const dollars = () => superChat({ amountMicros: 5_000_000, currency: 'USD', displayAmount: '$5.00' });
    await ingestYouTubeEvents(app.deps, { creatorId: creator.id, channelId }, [dollars()]);

    const saved = await save(creator, { countMode: 'convert', rates: { USD: 84.5, INR: 2 } });
    expect(saved.status).toBe(200);
    // INR always counts as paid: a rate for it is not kept.
    expect(saved.body.settings).toEqual({ countMode: 'convert', rates: { USD: 84.5 } });
    expect((await status(creator)).body.settings).toEqual(saved.body.settings);
    await ingestYouTubeEvents(app.deps, { creatorId: creator.id, channelId }, [dollars()]);

    const counted = (await chats(creator)).map((t) => [t.amountPaise, t.external?.counted]);
    // Newest first: the one after the choice counts ₹422.50; the one before keeps what it counted.
    expect(counted).toEqual([
      [42_250, true],
      [0, false],
    ]);
    const audit = await db('youtube_connection_events').where({ creator_id: creator.id, event: 'settings' });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ channel_id: channelId });
  });

  it('refuses settings without a connected channel, and a rate that is not a positive number', async () => {
    const creator = await buildCreator(db, app.deps.config);
    expect((await save(creator, { countMode: 'convert', rates: {} })).status).toBe(404);
    await connectChannel(db, creator.id);
    expect((await save(creator, { countMode: 'convert', rates: { USD: -1 } })).status).toBe(400);
    expect((await save(creator, { countMode: 'convert', rates: { usd: 80 } })).status).toBe(400);
    expect((await save(creator, { countMode: 'sometimes', rates: {} })).status).toBe(400);
    expect((await status(creator)).body.settings).toEqual({ countMode: 'inrOnly', rates: {} });
  });

  it("never lets a creator change another creator's settings: the principal picks the row", async () => {
    const [owner, other] = [await buildCreator(db, app.deps.config), await buildCreator(db, app.deps.config)];
    await connectChannel(db, owner.id);
    expect((await save(other, { countMode: 'convert', rates: { USD: 80 } })).status).toBe(404);
    expect((await status(owner)).body.settings).toEqual({ countMode: 'inrOnly', rates: {} });
  });
});
