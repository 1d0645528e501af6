import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  BOT_SOCKET_EXAMPLE,
  WS_CLOSE,
  type ApiToken,
  type ApiTokenScope,
  type ServerMessage,
} from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { buildCreator, buildUser, seedGuestTip, type BuiltCreator } from '../../test/factories.ts';
import { TestSocket } from '../../test/realtime/testSocket.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { API_TOKEN_RATE_LIMIT } from '../modules/apiTokens/apiTokens.auth.ts';
import { creatorSpace } from '../modules/sync/spaces.ts';

type TipMsg = Extract<ServerMessage, { type: 'tip:new' | 'tip:status' }>;
const isTip = (m: ServerMessage): m is TipMsg => m.type === 'tip:new' || m.type === 'tip:status';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ realtime: { maxSocketsPerApiToken: 2 } });
});

async function makeToken(creator: BuiltCreator, scopes: ApiTokenScope[]) {
  const res = await app.request<{ token: ApiToken; secret: string }>('POST', '/api/creator/api-tokens', {
    token: creator.token,
    body: { name: 'bot', scopes },
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** A guest tip arriving for the creator (committed, then announced as the payment path does). */
async function tipArrives(creator: BuiltCreator, message: string): Promise<string> {
  const id = await seedGuestTip(app.deps.db, creator.id, { message });
  app.deps.realtime.changed([creatorSpace(creator.id)]);
  return id;
}

/** The creator pushes a tip live from the Creator Suite (PATCH with the creator's session). */
async function pushLive(creator: BuiltCreator, tipId: string): Promise<void> {
  const res = await app.request('PATCH', `/api/creator/chats/${tipId}/status`, {
    token: creator.token,
    body: { status: 'read' },
  });
  expect(res.status).toBe(200);
}

/** Says hello and resolves with the server's answer: welcomed, or closed with (code, reason). */
async function answerTo(url: string, hello: Record<string, unknown>) {
  const socket = await TestSocket.open(url);
  socket.send({ type: 'hello', ...hello });
  return Promise.race([
    socket.waitFor((m) => m.type === 'welcome').then(() => 'welcome' as const),
    socket.closed.then(({ code, reason }) => ({ code, reason })),
  ]);
}

describe('the events socket for bots', () => {
  it("a bot's token joins only its creator's room, gets a tip pushed live, and catches up by version after a reconnect", async () => {
    const c = await buildCreator(app.deps.db, app.deps.config);
    const other = await buildCreator(app.deps.db, app.deps.config);
    const { secret } = await makeToken(c, ['events:subscribe']);
    let bot = await TestSocket.hello(app.url, { token: secret });
    const welcome = bot.messages[0];
    expect(welcome).toMatchObject({ type: 'welcome', rooms: [`creator:${c.id}`] });

    const first = await tipArrives(c, 'first tip');
    await tipArrives(other, 'not for this bot');
    await bot.waitFor((m) => m.type === 'tip:new' && m.data.id === first);
    await pushLive(c, first);
    const live = await bot.waitFor<TipMsg>((m) => m.type === 'tip:status' && m.data.id === first);
    expect(live.data).toMatchObject({ status: 'read', message: 'first tip' });
    const lastVersion = live.version;

    // The bot drops; tips arrive and one goes live meanwhile; it reconnects with the version it holds.
    bot.terminate();
    await bot.closed;
    const missed = [await tipArrives(c, 'missed one'), await tipArrives(c, 'missed two')];
    await pushLive(c, missed[0]!);
    bot = await TestSocket.hello(app.url, { token: secret, since: { [creatorSpace(c.id)]: lastVersion } });
    const caughtUp = await bot.waitForCount<TipMsg>(isTip, 2);
    await sleep(200); // a duplicate or another creator's tip would arrive now
    const tips = bot.messages.filter(isTip);
    expect(tips.map((m) => [m.data.message, m.data.status])).toEqual([
      ['missed two', 'unread'],
      ['missed one', 'read'],
    ]);
    expect(tips.every((m) => m.version > lastVersion)).toBe(true);
    expect(caughtUp[0]!.version).toBeLessThan(caughtUp[1]!.version);
    expect(JSON.stringify(bot.messages)).not.toContain('not for this bot');
    bot.close();
  });

  it('refuses a token without events:subscribe with 4008, and an unknown token or one with a creator handle', async () => {
    const c = await buildCreator(app.deps.db, app.deps.config);
    const { secret: readOnly } = await makeToken(c, ['tips:read', 'tips:moderate', 'payouts:read']);
    expect(await answerTo(app.url, { token: readOnly })).toEqual({
      code: WS_CLOSE.forbidden,
      reason: 'This API token lacks the events:subscribe scope',
    });
    expect(await answerTo(app.url, { token: 'shb_not-a-token' })).toEqual({
      code: WS_CLOSE.unauthorized,
      reason: 'Invalid or revoked API token',
    });
    const { secret } = await makeToken(c, ['events:subscribe']);
    expect(await answerTo(app.url, { token: secret, creator: c.handle })).toMatchObject({
      code: WS_CLOSE.badMessage,
    });
  });

  it("revoking the token closes its socket on another instance at once, not the creator's own; it cannot come back", async () => {
    const b = await createTestApp({ realtime: true, databaseUrl: app.databaseUrl });
    const c = await buildCreator(app.deps.db, app.deps.config);
    const { token, secret } = await makeToken(c, ['events:subscribe']);
    const { secret: keptSecret } = await makeToken(c, ['events:subscribe']);
    const botOnB = await TestSocket.hello(b.url, { token: secret });
    const keptBot = await TestSocket.hello(b.url, { token: keptSecret });
    const creatorOnB = await TestSocket.hello(b.url, { token: c.token });

    const revoked = await app.request('DELETE', `/api/creator/api-tokens/${token.id}`, { token: c.token });
    expect(revoked.status).toBe(200);
    expect(await botOnB.closed).toMatchObject({ code: WS_CLOSE.unauthorized, reason: 'API token revoked' });
    const id = await tipArrives(c, 'after the revocation');
    await creatorOnB.waitFor((m) => m.type === 'tip:new' && m.data.id === id);
    await keptBot.waitFor((m) => m.type === 'tip:new' && m.data.id === id);
    expect(await answerTo(b.url, { token: secret })).toMatchObject({ code: WS_CLOSE.unauthorized });
    for (const s of [keptBot, creatorOnB]) s.close();
  });

  it("deleting the creator's account revokes its tokens on HTTP and on open bot sockets, and removes its webhooks", async () => {
    const c = await buildCreator(app.deps.db, app.deps.config);
    const { secret } = await makeToken(c, ['events:subscribe', 'tips:read']);
    const bot = await TestSocket.hello(app.url, { token: secret });
    const overlay = await TestSocket.hello(app.url, { overlayKey: c.overlayKey });
    const hook = await app.request('POST', '/api/creator/webhooks', {
      token: c.token,
      body: { url: 'http://127.0.0.1:9/hook', events: ['tip.live'] },
    });
    expect(hook.status).toBe(200);
    const gone = await app.request('DELETE', '/api/users/me', {
      token: c.token,
      body: { confirm: true, balancePaise: 0 },
    });
    expect(gone.status).toBe(200);
    expect(await bot.closed).toMatchObject({ code: WS_CLOSE.unauthorized, reason: 'API token revoked' });
    expect(await overlay.closed).toMatchObject({
      code: WS_CLOSE.unauthorized,
      reason: 'Overlay key rotated',
    });
    expect((await app.request('GET', '/api/creator/chats', { token: secret })).status).toBe(401);
    const endpoints = await app.deps
      .db('outgoing_webhook_endpoints')
      .where({ creator_id: c.id })
      .count('* as n');
    expect(Number(endpoints[0]?.n)).toBe(0);
  });

  it("a deleted creator's overlay keys and room open nothing: the overlay socket closes, hellos and HTTP reads are refused", async () => {
    const c = await buildCreator(app.deps.db, app.deps.config);
    const overlay = await TestSocket.hello(app.url, { overlayKey: c.overlayKey });
    const reads = (key: string) =>
      ['/api/creator/overlay/public', '/api/overlay/widgets', '/api/tips/display'].map(
        async (path) => (await app.request('GET', `${path}?key=${encodeURIComponent(key)}`)).status,
      );
    expect(await Promise.all(reads(c.overlayKey))).toEqual([200, 200, 200]);

    const gone = await app.request('DELETE', '/api/users/me', {
      token: c.token,
      body: { confirm: true, balancePaise: 0 },
    });
    expect(gone.status).toBe(200);
    expect(await overlay.closed).toMatchObject({ code: WS_CLOSE.unauthorized });
    // Neither the old key nor the one the deletion rotated to (which nobody was ever shown) opens anything.
    const { overlay_key: rotated } = await app.deps
      .db('creators')
      .where({ user_id: c.id })
      .first<{ overlay_key: string }>('overlay_key');
    for (const key of [c.overlayKey, rotated]) {
      expect(await Promise.all(reads(key))).toEqual([404, 404, 404]);
      expect(await answerTo(app.url, { overlayKey: key })).not.toBe('welcome');
    }
    // Viewers of the deleted handle's page get no room either.
    const viewer = await buildUser(app.deps.db, app.deps.config);
    expect(await answerTo(app.url, { token: viewer.token, creator: c.handle })).toMatchObject({
      reason: 'Unknown creator',
    });
  });

  it("caps one token's sockets (4029) and counts each hello against the token's own request budget", async () => {
    const c = await buildCreator(app.deps.db, app.deps.config);
    const { token, secret } = await makeToken(c, ['events:subscribe', 'tips:read']);
    const open = [
      await TestSocket.hello(app.url, { token: secret }),
      await TestSocket.hello(app.url, { token: secret }),
    ];
    expect(await answerTo(app.url, { token: secret })).toEqual({
      code: WS_CLOSE.tooManySockets,
      reason: 'Too many connections for this API token',
    });
    // The creator's own app sockets do not count against the bot's cap, nor the other way round.
    const app1 = await TestSocket.hello(app.url, { token: c.token });
    for (const s of open) s.close();
    await Promise.all(open.map((s) => s.closed));

    // The rest of the token's minute is spent on HTTP calls (they share one counter): the next hello is refused.
    // The three hellos above counted: spend the rest until the shared counter refuses.
    let spent = 3;
    while (
      await rateLimit(app.deps.db, `api-token:${token.id}`, API_TOKEN_RATE_LIMIT).then(
        () => true,
        () => false,
      )
    )
      spent++;
    expect(spent).toBe(API_TOKEN_RATE_LIMIT.limit);
    expect(await answerTo(app.url, { token: secret })).toEqual({
      code: WS_CLOSE.tooManySockets,
      reason: 'Too many requests for this API token',
    });
    expect(
      (await app.request('GET', '/api/creator/chats', { token: secret })).status,
      'HTTP shares the budget',
    ).toBe(429);
    app1.close();
  });

  it('the example client of /developers prints tips as they go live and catches up after its socket drops', async () => {
    const c = await buildCreator(app.deps.db, app.deps.config);
    const { token, secret } = await makeToken(c, ['events:subscribe']);
    const code = BOT_SOCKET_EXAMPLE.replace(
      "'wss://YOUR-SHABAASH-HOST/ws'",
      JSON.stringify(`${app.url.replace(/^http/, 'ws')}/ws`),
    ).replace("'shb_…'", JSON.stringify(secret));
    expect(code).toContain(secret);
    const printed: string[] = [];
    const refused: string[] = [];
    const sockets: Array<{ ws: WebSocket; welcomed: boolean }> = [];
    class TrackedSocket extends WebSocket {
      constructor(url: string) {
        super(url);
        const entry = { ws: this as WebSocket, welcomed: false };
        sockets.push(entry);
        this.on('message', (data) => {
          if (String(data).startsWith('{"type":"welcome"')) entry.welcomed = true;
        });
      }
    }
    // The example's reconnect waits until the test lets it go, so tips can go live while it is away.
    let reconnect: (() => void) | null = null;
    vm.runInNewContext(code, {
      WebSocket: TrackedSocket,
      console: {
        log: (line: string) => printed.push(line),
        error: (...a: unknown[]) => refused.push(a.join(' ')),
      },
      setTimeout: (fn: () => void) => (reconnect = fn),
    });
    await expect.poll(() => sockets[0]?.welcomed).toBe(true);

    const first = await tipArrives(c, 'first');
    await sleep(100);
    expect(printed).toEqual([]); // arrived, not live yet
    await pushLive(c, first);
    await expect.poll(() => printed).toEqual(['tip.live ₹100 from Guest: first']);

    sockets[0]!.ws.close();
    await expect.poll(() => reconnect).not.toBeNull();
    const whileAway = await tipArrives(c, 'while away');
    await pushLive(c, whileAway);
    reconnect!();
    await expect
      .poll(() => printed)
      .toEqual(['tip.live ₹100 from Guest: first', 'tip.live ₹100 from Guest: while away']);
    expect(sockets).toHaveLength(2);

    reconnect = null;
    expect(
      (await app.request('DELETE', `/api/creator/api-tokens/${token.id}`, { token: c.token })).status,
    ).toBe(200);
    await expect.poll(() => refused).toEqual(['Token refused: API token revoked']);
    await sleep(100);
    expect(reconnect).toBeNull(); // it does not retry a revoked token
    expect(printed).toHaveLength(2); // nothing twice
  });
});
