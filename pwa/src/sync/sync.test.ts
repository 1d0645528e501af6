// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shabaash/shared';
import {
  CREATOR,
  SECOND_CREATOR,
  VIEWER,
  answerLost,
  deleteTip,
  networkError,
  resetMockState,
  setTipStatus,
  walletSpace,
} from '@shabaash/mocks';
import { createMockServer } from '@shabaash/mocks/node';
import { storeSession } from '../test/renderApp.tsx';
import { clearMirror, db } from './db.ts';
import { creatorSpace } from '@shabaash/shared/core';
import { applyRealtimeMessage, pullNow } from './pull.ts';
import { REFERRING_CREATOR_STORAGE_KEY } from '../lib/referringCreator.ts';
import { enqueueDeleteChat, enqueueSendTip, enqueueSetStatus, outboxSize, replayOutbox } from './outbox.ts';

const { server, state } = createMockServer();
const later = () => Date.now() + 10 * 60_000; // past any backoff

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  await clearMirror();
});
afterEach(async () => {
  server.resetHandlers();
  resetMockState(state);
  localStorage.clear();
  await replayOutbox().catch(() => undefined);
  await pullNow().catch(() => undefined);
});
afterAll(() => server.close());

/** The network is down for tip sends (fetch rejects, as offline). */
function cutTipSends() {
  server.use(networkError('sendTip'));
}

const balanceOf = (userId: string) => state.wallets.get(userId)?.balancePaise;

describe('pull', () => {
  it('mirrors the queue, then applies status changes and tombstones since the stored version in one go', async () => {
    storeSession(CREATOR.user, CREATOR.token);
    await pullNow();
    const space = creatorSpace(CREATOR.user.id);
    expect(await db.cursors.get(space)).toEqual({ space, version: 10 });
    expect(await db.chats.count()).toBe(9); // the ignored fixture is not in the queue
    const [first, second] = (await db.chats.orderBy('createdAt').toArray()).slice(-2);

    setTipStatus(state, CREATOR.user.id, first!.id, 'read');
    deleteTip(state, CREATOR.user.id, second!.id);
    await pullNow();

    expect((await db.chats.get(first!.id))?.status).toBe('read');
    expect(await db.chats.get(second!.id)).toBeUndefined();
    expect(await db.cursors.get(space)).toEqual({ space, version: 12 });
  });

  it('resets the mirror when the server says the stored version is unknown', async () => {
    storeSession(CREATOR.user, CREATOR.token);
    const space = creatorSpace(CREATOR.user.id);
    await db.meta.put({ key: 'owner', value: CREATOR.user.id });
    await db.cursors.put({ space, version: 999 });
    await db.chats.put({ ...(await fakeChat('stale-row')) });
    await pullNow();
    expect(await db.chats.get('stale-row')).toBeUndefined();
    expect(await db.chats.count()).toBe(9);
    expect((await db.cursors.get(space))?.version).toBe(10);
  });

  it('mirrors wallet activity and balance, and drops another account’s mirror on a user switch', async () => {
    storeSession(CREATOR.user, CREATOR.token);
    await pullNow();
    expect(await db.chats.count()).toBe(9);
    storeSession(VIEWER.user, VIEWER.token);
    await pullNow();
    expect(await db.chats.count()).toBe(0);
    const rows = await db.walletActivity.orderBy('version').reverse().toArray();
    expect(rows.map((r) => r.description)).toEqual([
      'Tip to Kabir Codes',
      'Tip to Riya Plays',
      'Wallet top-up',
      'Tip to Riya Plays',
      'Wallet top-up',
    ]);
    expect((await db.meta.get('balance'))?.value).toMatchObject({ balancePaise: 214_700 });
  });

  it('applies the next realtime version at once and pulls on a gap', async () => {
    storeSession(CREATOR.user, CREATOR.token);
    await pullNow();
    const space = creatorSpace(CREATOR.user.id);
    const tipA = (await db.chats.where('status').equals('unread').toArray())[0]!;
    await applyRealtimeMessage({
      type: 'tip:status',
      space,
      version: 11,
      data: { ...tipA, status: 'read', version: 11 },
    });
    expect((await db.chats.get(tipA.id))?.status).toBe('read');
    expect((await db.cursors.get(space))?.version).toBe(11);
    // The server moved on by two changes we never heard of: the gap triggers a pull.
    setTipStatus(state, CREATOR.user.id, tipA.id, 'read'); // version 11 on the server
    const tipB = (await db.chats.toArray()).find((c) => c.id !== tipA.id)!;
    deleteTip(state, CREATOR.user.id, tipB.id); // 12
    const incoming = [...state.tips.values()].find((r) => r.tip.id === tipB.id)!;
    await applyRealtimeMessage({ type: 'tip:deleted', space, version: 13, data: { id: incoming.tip.id } });
    await expect.poll(async () => (await db.cursors.get(space))?.version).toBe(12);
    expect(await db.chats.get(tipB.id)).toBeUndefined();
  });
});

describe('recent tips', () => {
  it("shows other viewers' tips on the dashboard list as the creator pushes them live, and drops one taken off air", async () => {
    storeSession(VIEWER.user, VIEWER.token);
    await pullNow();
    const space = creatorSpace(CREATOR.user.id);
    const template = (await db.recentTips.toArray())[0]!;
    await applyRealtimeMessage({
      type: 'welcome',
      rooms: [`wallet:${VIEWER.user.id}`, `public:${CREATOR.user.id}`],
      versions: {},
    });
    const live = {
      ...template,
      id: 'tip-from-someone-else',
      _id: 'tip-from-someone-else',
      name: 'Ananya',
      message: 'GG bhai',
      status: 'read' as const,
      createdAt: new Date(Date.now() + 60_000).toISOString(),
      version: 500,
    };
    await applyRealtimeMessage({ type: 'tip:status', space, version: 500, data: live });
    expect((await db.recentTips.get(live.id))?.message).toBe('GG bhai');

    await applyRealtimeMessage({ type: 'tip:deleted', space, version: 501, data: { id: live.id } });
    expect(await db.recentTips.get(live.id)).toBeUndefined();
  });

  it("a viewer a creator's link brought sees that creator's tips live, not the default creator's", async () => {
    storeSession(VIEWER.user, VIEWER.token);
    await pullNow();
    const template = (await db.recentTips.toArray())[0]!;
    localStorage.setItem(REFERRING_CREATOR_STORAGE_KEY, 'kabir_codes');
    const asked: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/api/tips/recent')) asked.push(url.searchParams.get('creator'));
    });
    await pullNow();
    server.events.removeAllListeners();
    expect(asked).toEqual(['kabir_codes']);
    await applyRealtimeMessage({
      type: 'welcome',
      rooms: [`wallet:${VIEWER.user.id}`, `public:${SECOND_CREATOR.user.id}`],
      versions: {},
    });
    const live = {
      ...template,
      id: 'tip-for-kabir',
      _id: 'tip-for-kabir',
      creatorId: SECOND_CREATOR.user.id,
      name: 'Ananya',
      message: 'nice build',
      status: 'read' as const,
      createdAt: new Date(Date.now() + 60_000).toISOString(),
      version: 700,
    };
    await applyRealtimeMessage({
      type: 'tip:status',
      space: creatorSpace(SECOND_CREATOR.user.id),
      version: 700,
      data: live,
    });
    expect((await db.recentTips.get(live.id))?.message).toBe('nice build');
  });

  it('after a new creator link the list leaves the old room alone until the socket joins the new one', async () => {
    storeSession(VIEWER.user, VIEWER.token);
    await pullNow();
    const template = (await db.recentTips.toArray())[0]!;
    await applyRealtimeMessage({
      type: 'welcome',
      rooms: [`wallet:${VIEWER.user.id}`, `public:${CREATOR.user.id}`],
      versions: {},
    });
    localStorage.setItem(REFERRING_CREATOR_STORAGE_KEY, 'kabir_codes');
    const stale = { ...template, id: 'tip-old-room', status: 'read' as const, version: 800 };
    await applyRealtimeMessage({
      type: 'tip:new',
      space: creatorSpace(CREATOR.user.id),
      version: 800,
      data: stale,
    });
    expect(await db.recentTips.get('tip-old-room')).toBeUndefined();
  });

  it("forgets a referring creator the API no longer knows and shows the default creator's tips", async () => {
    localStorage.setItem(REFERRING_CREATOR_STORAGE_KEY, 'gone_creator');
    storeSession(VIEWER.user, VIEWER.token);
    await pullNow();
    expect(localStorage.getItem(REFERRING_CREATOR_STORAGE_KEY)).toBeNull();
    expect(await db.recentTips.count()).toBeGreaterThan(0);
  });

  it("ignores another creator's events for the dashboard list", async () => {
    storeSession(VIEWER.user, VIEWER.token);
    await pullNow();
    const template = (await db.recentTips.toArray())[0]!;
    await applyRealtimeMessage({
      type: 'welcome',
      rooms: [`wallet:${VIEWER.user.id}`, `public:${CREATOR.user.id}`],
      versions: {},
    });
    const elsewhere = { ...template, id: 'tip-elsewhere', status: 'read' as const, version: 900 };
    await applyRealtimeMessage({
      type: 'tip:new',
      space: creatorSpace('someone-else'),
      version: 900,
      data: elsewhere,
    });
    expect(await db.recentTips.get('tip-elsewhere')).toBeUndefined();
  });
});

describe('outbox', () => {
  it('shows offline sends at once, then replays them in order exactly once when the network returns', async () => {
    storeSession(VIEWER.user, VIEWER.token);
    await pullNow();
    cutTipSends();
    await enqueueSendTip({ amount: 101, message: 'पहला', creatorName: 'Riya Plays' });
    await enqueueSendTip({ amount: 51, message: 'second', creatorName: 'Riya Plays' });
    await replayOutbox();
    expect(await outboxSize()).toBe(2);
    const pending = await db.walletActivity.filter((r) => r.pending === 1).toArray();
    expect(pending.map((r) => r.amountPaise).sort((x, y) => x - y)).toEqual([5_100, 10_100]);
    expect((await db.outbox.orderBy('seq').first())?.attempts).toBe(1);
    expect(balanceOf(VIEWER.user.id)).toBe(214_700);

    server.resetHandlers();
    await replayOutbox({ now: later });
    await pullNow();
    expect(await outboxSize()).toBe(0);
    expect(balanceOf(VIEWER.user.id)).toBe(214_700 - 10_100 - 5_100);
    const creatorTips = [...state.tips.values()].map((r) => r.tip.message);
    expect(creatorTips.filter((m) => m === 'पहला' || m === 'second')).toEqual(['पहला', 'second']);
    expect(await db.walletActivity.filter((r) => r.pending === 1).count()).toBe(0);
    expect(await db.walletActivity.where('version').above(5).count()).toBe(2);
    expect((await db.meta.get('balance'))?.value).toMatchObject({ balancePaise: 199_500 });
  });

  it('charges once when the first attempt reached the server but the answer was lost', async () => {
    storeSession(VIEWER.user, VIEWER.token);
    await pullNow();
    // The server processes the send, then the connection drops before the answer arrives.
    server.use(answerLost(state, 'sendTip'));
    await enqueueSendTip({ amount: 500, message: 'Diwali bonus 🪔' });
    await replayOutbox();
    expect(balanceOf(VIEWER.user.id)).toBe(214_700 - 50_000);
    expect(await outboxSize()).toBe(1);
    await replayOutbox({ now: later });
    expect(await outboxSize()).toBe(0);
    expect(balanceOf(VIEWER.user.id)).toBe(214_700 - 50_000);
    expect([...state.tips.values()].filter((r) => r.tip.message === 'Diwali bonus 🪔')).toHaveLength(1);
    expect(
      state.wallets
        .get(VIEWER.user.id)
        ?.transactions.filter((t) => t.amountPaise === 50_000 && t.type === 'debit'),
    ).toHaveLength(1);
    expect(state.versions.get(walletSpace(VIEWER.user.id))).toBe(6);
  });

  it('rolls back a send the server refuses for too little balance and explains it', async () => {
    storeSession(VIEWER.user, VIEWER.token);
    await pullNow();
    cutTipSends();
    await enqueueSendTip({ amount: 5000, message: 'too much', creatorName: 'Riya Plays' });
    await replayOutbox();
    expect(await db.walletActivity.filter((r) => r.pending === 1).count()).toBe(1);

    server.resetHandlers();
    await replayOutbox({ now: later });
    expect(await outboxSize()).toBe(0);
    expect(await db.walletActivity.filter((r) => r.pending === 1).count()).toBe(0);
    expect(await db.recentTips.filter((r) => r.pending === 1).count()).toBe(0);
    const notices = await db.notices.toArray();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toContain(MESSAGES.insufficientBalance);
    expect(notices[0]?.message).toContain('₹5,000.00');
    expect(balanceOf(VIEWER.user.id)).toBe(214_700);
  });

  it('replays moderation in order; a delete of a chat already gone is rolled back with a message', async () => {
    storeSession(CREATOR.user, CREATOR.token);
    await pullNow();
    const [a, b] = await db.chats.where('status').equals('unread').sortBy('createdAt');
    server.use(networkError('setChatStatus'), networkError('deleteChat'));
    await enqueueSetStatus(a!.id, 'read');
    await enqueueDeleteChat(b!.id);
    await replayOutbox();
    expect(await db.chats.get(a!.id)).toMatchObject({ status: 'read', pending: 1 });
    expect((await db.chats.get(b!.id))?.pendingDelete).toBe(1);
    // Meanwhile the chat was deleted on another device.
    deleteTip(state, CREATOR.user.id, b!.id);

    server.resetHandlers();
    await replayOutbox({ now: later });
    await pullNow();
    expect(await outboxSize()).toBe(0);
    expect(state.tips.get(a!.id)?.tip.status).toBe('read');
    expect(await db.chats.get(a!.id)).toMatchObject({ status: 'read', pending: 0 });
    expect(await db.chats.get(b!.id)).toBeUndefined();
    const notices = await db.notices.toArray();
    expect(notices.map((n) => n.message)).toEqual([
      expect.stringContaining(`${MESSAGES.chatDeleteFailed} (`),
    ]);
    expect(notices[0]?.message).toContain('Chat not found.');
  });
});

async function fakeChat(id: string) {
  const any = (await db.chats.toArray())[0];
  return {
    ...(any ?? {
      _id: id,
      creatorId: CREATOR.user.id,
      amount: 1,
      amountPaise: 100,
      message: 'old',
      name: 'Old',
      guestName: null,
      sender: null,
      status: 'unread' as const,
      createdAt: new Date(0).toISOString(),
      updatedAt: new Date(0).toISOString(),
      version: 1,
    }),
    id,
    _id: id,
  };
}
