import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '@googleapis/youtube';
import { STATUS_TEXTS, type YouTubeStatus } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildCreator, buildUser, type BuiltCreator } from '../../../test/factories.ts';
import {
  startYouTube,
  SANDBOX_GOOGLE_CLIENT_ID,
  YOUTUBE_CALLBACK_PATH,
  type YouTubeRuntime,
} from '../../youtube/boot.ts';
import { YOUTUBE_SCOPE, YouTubeRefusedError } from '../../youtube/google.ts';
import { openSecret } from '../../youtube/tokenCipher.ts';
import { allowConsent } from '../../../test/youtube.ts';
import { findConnection } from './youtube.repository.ts';

let app: TestApp;
let youtube: YouTubeRuntime;
const PWA_ORIGIN = 'http://pwa.test';

beforeAll(async () => {
  app = await createTestApp({
    extend: async (deps) => {
      youtube = await startYouTube(deps.config, () => PWA_ORIGIN);
      return { ...deps, youtube: youtube.oauth };
    },
  });
});
afterAll(() => youtube.stop());

const sim = () => youtube.simulator!;
const newCreator = () => buildCreator(app.deps.db, app.deps.config);

/** Starts Connect YouTube for the creator; the consent URL the PWA would open. */
async function startConnect(creator: BuiltCreator): Promise<URL> {
  const res = await app.request<{ url: string }>('POST', '/api/creator/youtube/connect', {
    token: creator.token,
  });
  expect(res.status).toBe(200);
  return new URL(res.body.url);
}

/** The creator taps Allow on the consent page: where Google sends the browser back (the PWA's callback URL). */
async function allow(consent: URL, channelTitle: string): Promise<URL> {
  const page = await fetch(consent);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('>Allow</button>');
  const res = await allowConsent(consent, channelTitle);
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

const callback = (creator: BuiltCreator, back: URL) =>
  app.request<YouTubeStatus & { message?: string }>('POST', '/api/creator/youtube/callback', {
    token: creator.token,
    body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });

async function connect(creator: BuiltCreator, channelTitle: string): Promise<YouTubeStatus> {
  const res = await callback(creator, await allow(await startConnect(creator), channelTitle));
  expect(res.status).toBe(200);
  return res.body;
}

const status = async (creator: BuiltCreator) =>
  (await app.request<YouTubeStatus>('GET', '/api/creator/youtube', { token: creator.token })).body;

/** A refresh through Google's client with this refresh token: resolves, or rejects with Google's error. */
function refresh(refreshToken: string) {
  const oauth = new auth.OAuth2({
    clientId: SANDBOX_GOOGLE_CLIENT_ID,
    clientSecret: 'sandbox-google-client-secret',
    endpoints: sim().endpoints,
  });
  oauth.setCredentials({ refresh_token: refreshToken });
  return oauth.refreshAccessToken();
}

describe('Connect YouTube', () => {
  it('connects through the consent page with PKCE, and the status shows the channel but never a token', async () => {
    const creator = await newCreator();
    const consent = await startConnect(creator);
    expect(consent.searchParams.get('scope')).toBe(YOUTUBE_SCOPE);
    expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(consent.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(consent.searchParams.get('redirect_uri')).toBe(`${PWA_ORIGIN}${YOUTUBE_CALLBACK_PATH}`);
    const back = await allow(consent, 'Asha Plays');
    expect(`${back.origin}${back.pathname}`).toBe(`${PWA_ORIGIN}${YOUTUBE_CALLBACK_PATH}`);
    expect(back.searchParams.get('state')).toBe(consent.searchParams.get('state'));

    const res = await callback(creator, back);
    expect(res.status).toBe(200);
    const channelId = sim().controls.channel('Asha Plays').id;
    expect(res.body.channel).toMatchObject({ id: channelId, title: 'Asha Plays' });
    const shown = await status(creator);
    expect(shown).toMatchObject({ available: true, channel: { id: channelId, title: 'Asha Plays' } });
    const [refreshToken] = sim().controls.liveGrants(channelId);
    expect(refreshToken).toBeTruthy();
    expect(JSON.stringify(shown)).not.toContain(refreshToken);
    expect(JSON.stringify(res.body)).not.toContain(refreshToken);
  });

  it('is refused by Google when the code comes with another PKCE verifier', async () => {
    const creator = await newCreator();
    const back = await allow(await startConnect(creator), 'Wrong Verifier Channel');
    const attempt = youtube.oauth!.connect(back.searchParams.get('code') ?? '', 'x'.repeat(43));
    await expect(attempt).rejects.toBeInstanceOf(YouTubeRefusedError);
    await expect(attempt).rejects.toMatchObject({ reason: 'invalid_grant' });
  });

  it('refuses a state the creator did not start, and a state used twice', async () => {
    const owner = await newCreator();
    const stranger = await newCreator();
    const back = await allow(await startConnect(owner), 'Stolen State Channel');
    const stolen = await callback(stranger, back);
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(STATUS_TEXTS.youtubeStateMismatch);
    expect((await status(stranger)).channel).toBeNull();

    const forged = new URL(back);
    forged.searchParams.set('state', 'made-up-state');
    expect((await callback(owner, forged)).body.message).toBe(STATUS_TEXTS.youtubeStateMismatch);

    expect((await callback(owner, back)).status).toBe(200);
    const replay = await callback(owner, back);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(STATUS_TEXTS.youtubeStateMismatch);
    const events = await app.deps
      .db('youtube_connection_events')
      .where({ creator_id: stranger.id })
      .select('event', 'detail');
    expect(events).toEqual([{ event: 'refused', detail: 'state_mismatch' }]);
  });

  it('stores the refresh token sealed, never in plaintext', async () => {
    const creator = await newCreator();
    const { channel } = await connect(creator, 'Sealed Token Channel');
    const [refreshToken = ''] = sim().controls.liveGrants(channel!.id);
    const row = await app.deps.db('youtube_connections').where({ creator_id: creator.id }).first();
    const stored = row as Record<string, unknown>;
    for (const value of Object.values(stored))
      expect(JSON.stringify(value) ?? '').not.toContain(refreshToken);
    const sealed = stored.refresh_token_sealed as Buffer;
    expect(sealed.includes(Buffer.from(refreshToken))).toBe(false);
    const key = app.deps.config.youtubeTokenKey;
    expect(openSecret(key, sealed, `youtube-refresh:${creator.id}`)).toBe(refreshToken);
    // Bound to its creator: the same bytes on another creator's row do not open.
    expect(() => openSecret(key, sealed, `youtube-refresh:${channel!.id}`)).toThrow();
  });

  it('disconnect revokes the grant at Google (a later refresh gets invalid_grant) and deletes the row', async () => {
    const creator = await newCreator();
    const { channel } = await connect(creator, 'Disconnect Channel');
    const [refreshToken = ''] = sim().controls.liveGrants(channel!.id);
    await expect(refresh(refreshToken)).resolves.toBeTruthy();

    const res = await app.request<YouTubeStatus>('DELETE', '/api/creator/youtube', { token: creator.token });
    expect(res.status).toBe(200);
    expect(res.body.channel).toBeNull();
    expect((await status(creator)).channel).toBeNull();
    expect(await findConnection(app.deps.db, creator.id)).toBeNull();
    await expect(refresh(refreshToken)).rejects.toMatchObject({ message: 'invalid_grant' });
    const events = await app.deps
      .db('youtube_connection_events')
      .where({ creator_id: creator.id })
      .orderBy('id')
      .select('event', 'channel_id', 'detail');
    expect(events).toEqual([
      { event: 'connected', channel_id: channel!.id, detail: null },
      { event: 'disconnected', channel_id: channel!.id, detail: 'revoked' },
    ]);
  });

  it("a creator's disconnect never touches another creator's channel", async () => {
    const owner = await newCreator();
    const other = await newCreator();
    const { channel } = await connect(owner, 'Kept Channel');
    const res = await app.request<YouTubeStatus>('DELETE', '/api/creator/youtube', { token: other.token });
    expect(res.status).toBe(200);
    expect((await status(owner)).channel?.id).toBe(channel!.id);
    expect(sim().controls.liveGrants(channel!.id)).toHaveLength(1);
  });

  it('refuses a channel already connected to another creator, and revokes the new grant', async () => {
    const first = await newCreator();
    const second = await newCreator();
    const { channel } = await connect(first, 'Shared Channel');
    const res = await callback(second, await allow(await startConnect(second), 'Shared Channel'));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(STATUS_TEXTS.youtubeChannelTaken);
    expect(sim().controls.liveGrants(channel!.id)).toHaveLength(1);
    expect((await status(second)).channel).toBeNull();
  });

  it('is for creators only', async () => {
    const viewer = await buildUser(app.deps.db, app.deps.config);
    for (const [method, path] of [
      ['GET', '/api/creator/youtube'],
      ['POST', '/api/creator/youtube/connect'],
      ['DELETE', '/api/creator/youtube'],
    ] as const)
      expect((await app.request(method, path, { token: viewer.token })).status).toBe(403);
    expect((await app.request('GET', '/api/creator/youtube')).status).toBe(401);
  });
});
