import { describe, expect, it } from 'vitest';
import { WS_CLOSE } from '@shabaash/shared';
import { createTestApp } from '../../../test/harness.ts';
import { buildCreator, buildOperator, buildUser } from '../../../test/factories.ts';
import { TestSocket } from '../../../test/realtime/testSocket.ts';

// What a ban and a suspension do to open sockets: real hub, real `ws` clients, two instances over one database.

const app = await createTestApp({ realtime: true });
const other = await createTestApp({ realtime: true, databaseUrl: app.databaseUrl });
const { db, config } = app.deps;

const act = (token: string, path: string, reason = 'Abuse reported on stream') =>
  app.request('POST', path, { token, body: { reason } });

/** Opens a socket and says hello; resolves with the socket once welcomed or closed. */
async function helloOn(baseUrl: string, hello: Record<string, unknown>): Promise<TestSocket> {
  const socket = await TestSocket.open(baseUrl);
  socket.send({ type: 'hello', ...hello });
  await Promise.race([socket.waitFor((m) => m.type === 'welcome'), socket.closed]);
  return socket;
}

describe('a banned viewer’s open sockets', () => {
  it('close at once, on every instance, and the old token opens no new one', async () => {
    const operator = await buildOperator(db, config);
    const viewer = await buildUser(db, config);
    const here = await TestSocket.hello(app.url, { token: viewer.token });
    const there = await TestSocket.hello(other.url, { token: viewer.token });
    expect((await act(operator.token, `/api/ops/users/${viewer.id}/ban`)).status).toBe(200);
    expect(await here.closed).toMatchObject({ code: WS_CLOSE.unauthorized });
    expect(await there.closed).toMatchObject({ code: WS_CLOSE.unauthorized });
    const again = await helloOn(app.url, { token: viewer.token });
    expect(await again.closed).toMatchObject({ code: WS_CLOSE.unauthorized });
  });
});

describe('a suspended creator’s overlay sockets', () => {
  it('close with the suspended code within a second, on every instance; hellos are refused until reinstated', async () => {
    const operator = await buildOperator(db, config);
    const creator = await buildCreator(db, config);
    const bystander = await buildCreator(db, config);
    const overlay = await TestSocket.hello(app.url, { overlayKey: creator.overlayKey });
    const widget = await TestSocket.hello(other.url, { overlayKey: creator.overlayKey });
    const chatLoader = await TestSocket.hello(app.url, { token: creator.token });
    const unrelated = await TestSocket.hello(app.url, { overlayKey: bystander.overlayKey });

    const started = Date.now();
    expect((await act(operator.token, `/api/ops/creators/${creator.id}/suspend`)).status).toBe(200);
    const closes = await Promise.all([overlay.closed, widget.closed]);
    for (const close of closes) expect(close.code).toBe(WS_CLOSE.creatorSuspended);
    expect(Math.max(...closes.map((c) => c.at)) - started).toBeLessThan(1000);
    // The creator's own Chat Loader stays connected (they still see their data), and other overlays too.
    expect(chatLoader.isOpen).toBe(true);
    expect(unrelated.isOpen).toBe(true);

    const refused = await helloOn(other.url, { overlayKey: creator.overlayKey });
    expect(await refused.closed).toMatchObject({ code: WS_CLOSE.creatorSuspended });

    const lifted = await act(
      operator.token,
      `/api/ops/creators/${creator.id}/unsuspend`,
      'Cleared by review',
    );
    expect(lifted.status).toBe(200);
    const back = await helloOn(app.url, { overlayKey: creator.overlayKey });
    expect(back.messages.some((m) => m.type === 'welcome')).toBe(true);
    expect(back.isOpen).toBe(true);
    for (const socket of [chatLoader, unrelated, back]) socket.ws.close();
  });
});
