import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage, Tip } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { buildCreator, buildUser, type BuiltCreator, type BuiltUser } from '../../test/factories.ts';
import { bumpSpace, creatorSpace } from '../modules/sync/spaces.ts';
import { TestSocket } from '../../test/realtime/testSocket.ts';

/**
 * A wallet tip sent through this instance reaches its sockets from the committed row, without being read back
 * (realtime/publish.ts#pushCommitted): what the sockets receive must be exactly what a read would have sent, and
 * a change committed in between without an announcement must still arrive, in version order.
 */

type TipMsg = Extract<ServerMessage, { type: 'tip:new' | 'tip:status' }>;
const isTip = (m: ServerMessage): m is TipMsg => m.type === 'tip:new' || m.type === 'tip:status';

let app: TestApp;
let viewer: BuiltUser;

beforeAll(async () => {
  app = await createTestApp({ realtime: true });
  viewer = await buildUser(app.deps.db, app.deps.config, { balancePaise: 100_000 });
});
afterAll(() => app.close());

async function sendWalletTip(creator: BuiltCreator, amount: number, message: string): Promise<Tip> {
  const sent = await app.request<{ tip: Tip }>('POST', '/api/tips/send', {
    token: viewer.token,
    body: { amount, message, creator: creator.handle },
  });
  expect(sent.status).toBe(200);
  return sent.body.tip;
}

/** What a socket that reconnects from `since` reads back for these tips (the read path). */
async function readBack(creator: BuiltCreator, hello: Record<string, unknown>, since: number, count: number) {
  const socket = await TestSocket.hello(app.url, { ...hello, since: { [creatorSpace(creator.id)]: since } });
  await socket.waitForCount(isTip, count);
  socket.close();
  return socket.messages.filter(isTip);
}

describe('a wallet tip pushed from its committed row', () => {
  it('reaches the Chat Loader and the overlay exactly as the read path would send it', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const safety = await app.request('PUT', '/api/creator/safety', {
      token: creator.token,
      body: { reviewMode: 'auto_live_trusted', autoLiveMinAmount: 50 },
    });
    expect(safety.status).toBe(200);
    const chat = await TestSocket.hello(app.url, { token: creator.token });
    const overlay = await TestSocket.hello(app.url, { overlayKey: creator.overlayKey });
    const welcome = chat.messages[0];
    const since = welcome?.type === 'welcome' ? (welcome.versions[creatorSpace(creator.id)] ?? 0) : 0;

    // A first tip is held (never pushed live before); the creator pushes it live; the sender's next tip at the
    // auto-live minimum goes live as it lands, so the overlay gets it from its committed row too.
    const held = await sendWalletTip(creator, 60, 'Namaste from Indore');
    expect(held.status).toBe('unread');
    await chat.waitFor<TipMsg>((m) => m.type === 'tip:new' && m.data.id === held.id);
    const moderated = await app.request('PATCH', `/api/creator/chats/${held.id}/status`, {
      token: creator.token,
      body: { status: 'read' },
    });
    expect(moderated.status).toBe(200);
    await overlay.waitFor<TipMsg>((m) => isTip(m) && m.data.id === held.id);
    const trusted = await sendWalletTip(creator, 75, 'सीधा लाइव, trusted now');
    expect(trusted.status).toBe('read');
    const small = await sendWalletTip(creator, 10, 'below the bar');
    await chat.waitFor<TipMsg>((m) => m.type === 'tip:new' && m.data.id === small.id);
    await overlay.waitFor<TipMsg>((m) => isTip(m) && m.data.id === trusted.id);

    const pushed = chat.messages.filter(isTip);
    expect(pushed.map((m) => [m.type, m.data.id])).toEqual([
      ['tip:new', held.id],
      ['tip:status', held.id],
      ['tip:new', trusted.id],
      ['tip:new', small.id],
    ]);
    expect(pushed.find((m) => m.data.id === small.id)?.data.sender?.phone).toMatch(/^•+\d{4}$/);
    // A socket that reconnects from before reads every tip at its current version: the two new ones as the
    // Chat Loader got them, byte for byte the same data.
    const readAgain = await readBack(creator, { token: creator.token }, since, 3);
    for (const tip of [trusted, small]) {
      expect(pushed.find((m) => m.data.id === tip.id)).toEqual(readAgain.find((m) => m.data.id === tip.id));
    }
    const overlayPushed = overlay.messages.filter(isTip);
    expect(overlayPushed.map((m) => [m.type, m.data.id])).toEqual([
      ['tip:status', held.id],
      ['tip:new', trusted.id],
    ]);
    expect(overlayPushed[1]?.data.sender?.phone ?? null).toBeNull();
    // Tips that are not live reach the overlay's widgets as tip:paid, their id only (the held one and the small one).
    const paid = await overlay.waitForCount((m) => m.type === 'tip:paid', 2);
    expect(paid.map((m) => (m.type === 'tip:paid' ? m.data : null))).toEqual([
      { id: held.id },
      { id: small.id },
    ]);
    const overlayReadAgain = await readBack(creator, { overlayKey: creator.overlayKey }, since, 2);
    expect(overlayPushed[1]).toEqual(overlayReadAgain.find((m) => m.data.id === trusted.id));
    chat.close();
    overlay.close();
  });

  it('a change committed in between without an announcement still arrives first, then the tip, in version order', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const chat = await TestSocket.hello(app.url, { token: creator.token });
    const earlier = await sendWalletTip(creator, 30, 'first one');
    await chat.waitFor<TipMsg>((m) => isTip(m) && m.data.id === earlier.id);

    // Another instance (or a path that announces later) pushes the first tip live: committed, not announced here.
    const statusVersion = await app.deps.db.transaction(async (tx) => {
      const v = await bumpSpace(tx, creatorSpace(creator.id));
      await tx('tips')
        .where({ id: earlier.id })
        .update({ status: 'read', version: v, updated_at: tx.fn.now() });
      return v;
    });
    const later = await sendWalletTip(creator, 40, 'second one');
    const pushed = await chat.waitFor<TipMsg>((m) => isTip(m) && m.data.id === later.id);
    // The tip's row is not the next version this instance published: it read the space instead, so the status
    // change it had not heard of arrives, before the tip.
    const after = chat.messages.filter(isTip).slice(1);
    expect(after.map((m) => [m.type, m.data.id, m.version])).toEqual([
      ['tip:status', earlier.id, statusVersion],
      ['tip:new', later.id, pushed.version],
    ]);
    expect(pushed.version).toBe(statusVersion + 1);
    chat.close();
  });
});
