import { describe, expect, it } from 'vitest';
import { maskPhone, WS_CLOSE } from '@shabaash/shared';
import { createTestApp } from '../../../test/harness.ts';
import {
  buildCreator,
  buildModerator,
  buildOperator,
  buildUser,
  randomPhone,
} from '../../../test/factories.ts';
import { TestSocket } from '../../../test/realtime/testSocket.ts';
import { registry } from '../../metrics/registry.ts';

// Moderators against the real database and a real hub with real `ws` clients, two instances over one database.

const app = await createTestApp({ realtime: true });
const other = await createTestApp({ realtime: true, databaseUrl: app.databaseUrl });
const { db, config } = app.deps;

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  return into;
}

/** Keys that would tell a moderator about money or a phone. */
const MONEY_OR_PHONE = /amount|paise|fee|earn|payout|balance|phone|gross|total/i;

function moneyKeys(value: unknown): string[] {
  return [...keysOf(value)].filter((key) => MONEY_OR_PHONE.test(key));
}

async function sendTip(viewerToken: string, handle: string, message: string): Promise<string> {
  const sent = await app.request<{ tip: { id: string } }>('POST', '/api/tips/send', {
    token: viewerToken,
    body: { amount: 75, message, creator: handle },
  });
  expect(sent.status).toBe(200);
  return sent.body.tip.id;
}

async function metricValue(action: string): Promise<number> {
  const metric = await registry.getSingleMetric('shabaash_moderator_actions_total')?.get();
  return metric?.values.find((v) => v.labels.action === action)?.value ?? 0;
}

describe('inviting a moderator', () => {
  it('shows the invitee only masked, lets them accept after sign-in, and then shows their name', async () => {
    const creator = await buildCreator(db, config);
    const phone = randomPhone();
    const invited = await app.request<{ moderator: { id: string; phone: string; status: string } }>(
      'POST',
      '/api/creator/moderators',
      { token: creator.token, body: { phone } },
    );
    expect(invited.status).toBe(200);
    expect(invited.body.moderator).toMatchObject({ status: 'pending', phone: maskPhone(phone) });
    expect(JSON.stringify(invited.body)).not.toContain(phone);
    const again = await app.request('POST', '/api/creator/moderators', {
      token: creator.token,
      body: { phone },
    });
    expect(again.status).toBe(409);

    // The invitee signs up afterwards with that number and finds the invitation.
    const invitee = await buildUser(db, config, { name: 'Ravi', phone });
    const mine = await app.request<{ invites: Array<{ id: string; creator: { handle: string } }> }>(
      'GET',
      '/api/moderation',
      { token: invitee.token },
    );
    expect(mine.body.invites).toEqual([
      expect.objectContaining({
        id: invited.body.moderator.id,
        creator: expect.objectContaining({ handle: creator.handle }),
      }),
    ]);
    // Nobody else can answer it.
    const stranger = await buildUser(db, config);
    const stolen = await app.request('POST', `/api/moderation/invites/${invited.body.moderator.id}/accept`, {
      token: stranger.token,
    });
    expect(stolen.status).toBe(404);

    const accepted = await app.request<{ invites: unknown[]; creators: Array<{ handle: string }> }>(
      'POST',
      `/api/moderation/invites/${invited.body.moderator.id}/accept`,
      { token: invitee.token },
    );
    expect(accepted.body).toMatchObject({ invites: [], creators: [{ handle: creator.handle }] });
    const list = await app.request<{ moderators: Array<{ name: string; status: string; phone: string }> }>(
      'GET',
      '/api/creator/moderators',
      { token: creator.token },
    );
    expect(list.body.moderators).toEqual([
      expect.objectContaining({ name: 'Ravi', status: 'active', phone: maskPhone(phone) }),
    ]);
    const log = await db('moderator_actions').where({ creator_id: creator.id }).orderBy('id').pluck('action');
    expect(log).toEqual(['invite', 'accept']);
  });

  it("refuses the creator's own number", async () => {
    const creator = await buildCreator(db, config);
    const own = await app.request('POST', '/api/creator/moderators', {
      token: creator.token,
      body: { phone: creator.phone },
    });
    expect(own.status).toBe(400);
  });
});

describe("a moderator's Chat Loader", () => {
  it('lists chats with no amount, fee or phone, and pushing live names the moderator to the creator', async () => {
    const creator = await buildCreator(db, config);
    const moderator = await buildModerator(db, config, creator, { name: 'Ravi' });
    const viewer = await buildUser(db, config, { balancePaise: 10_000 });
    const tipId = await sendTip(viewer.token, creator.handle, 'hello mods');

    const chats = await app.request<{ tips: Array<{ id: string; message: string }> }>(
      'GET',
      `/api/moderation/${creator.handle}/chats`,
      { token: moderator.token },
    );
    expect(chats.status).toBe(200);
    expect(chats.body.tips).toEqual([expect.objectContaining({ id: tipId, message: 'hello mods' })]);
    expect(moneyKeys(chats.body)).toEqual([]);
    expect(JSON.stringify(chats.body)).not.toContain(viewer.phone.slice(-4));

    const before = await metricValue('chat.read');
    const pushed = await app.request<{ tip: { status: string; statusBy: string } }>(
      'PATCH',
      `/api/moderation/${creator.handle}/chats/${tipId}/status`,
      { token: moderator.token, body: { status: 'read' } },
    );
    expect(pushed.status).toBe(200);
    expect(pushed.body.tip).toMatchObject({ status: 'read', statusBy: 'Ravi' });
    expect(moneyKeys(pushed.body)).toEqual([]);
    expect(await metricValue('chat.read')).toBe(before + 1);

    const seen = await app.request<{ tips: Array<{ id: string; statusBy?: string; amountPaise: number }> }>(
      'GET',
      '/api/creator/chats',
      { token: creator.token },
    );
    expect(seen.body.tips.find((t) => t.id === tipId)).toMatchObject({ statusBy: 'Ravi', amountPaise: 7500 });
    const log = await db('moderator_actions')
      .where({ creator_id: creator.id, actor_id: moderator.id })
      .first('action', 'target_id', 'actor_name');
    expect(log).toEqual({ action: 'chat.read', target_id: tipId, actor_name: 'Ravi' });
  });

  it("a moderator of one creator cannot read or act on another creator's chats", async () => {
    const mine = await buildCreator(db, config);
    const theirs = await buildCreator(db, config);
    const moderator = await buildModerator(db, config, mine);
    const viewer = await buildUser(db, config, { balancePaise: 10_000 });
    const theirTip = await sendTip(viewer.token, theirs.handle, 'not yours');

    const read = await app.request('GET', `/api/moderation/${theirs.handle}/chats`, {
      token: moderator.token,
    });
    expect(read.status).toBe(403);
    const direct = await app.request('PATCH', `/api/moderation/${theirs.handle}/chats/${theirTip}/status`, {
      token: moderator.token,
      body: { status: 'read' },
    });
    expect(direct.status).toBe(403);
    // Through the creator they do moderate, the other creator's tip does not exist.
    const sideways = await app.request('PATCH', `/api/moderation/${mine.handle}/chats/${theirTip}/status`, {
      token: moderator.token,
      body: { status: 'read' },
    });
    expect(sideways.status).toBe(404);
    const deleted = await app.request('DELETE', `/api/moderation/${mine.handle}/chats/${theirTip}`, {
      token: moderator.token,
    });
    expect(deleted.status).toBe(404);
    const tip = await db('tips').where({ id: theirTip }).first('status', 'deleted_at');
    expect(tip).toEqual({ status: 'unread', deleted_at: null });
    // And creator-only calls refuse them like any viewer.
    for (const path of ['/api/creator/chats', '/api/creator/payouts', '/api/creator/analytics']) {
      const res = await app.request('GET', path, { token: moderator.token });
      expect(res.status, path).toBe(403);
    }
  });
});

describe("a moderator's socket", () => {
  it('gets the chats of the creator it moderates without amounts, and closes on every instance when removed', async () => {
    const creator = await buildCreator(db, config);
    const moderator = await buildModerator(db, config, creator, { name: 'Ravi' });
    const viewer = await buildUser(db, config, { balancePaise: 10_000 });
    const here = await TestSocket.hello(app.url, { token: moderator.token });
    const there = await TestSocket.hello(other.url, { token: moderator.token });
    const creatorSocket = await TestSocket.hello(app.url, { token: creator.token });

    const tipId = await sendTip(viewer.token, creator.handle, 'over the wire');
    const frame = await here.waitFor((m) => m.type === 'moderation:tip' && m.data.id === tipId);
    expect(frame).toMatchObject({ data: { message: 'over the wire', status: 'unread' } });
    await app.request('PATCH', `/api/moderation/${creator.handle}/chats/${tipId}/status`, {
      token: moderator.token,
      body: { status: 'read' },
    });
    await here.waitFor((m) => m.type === 'moderation:tip' && m.data.id === tipId && m.data.status === 'read');
    await there.waitFor(
      (m) => m.type === 'moderation:tip' && m.data.id === tipId && m.data.status === 'read',
    );
    const live = await creatorSocket.waitFor(
      (m) => m.type === 'tip:status' && m.data.id === tipId && m.data.status === 'read',
    );
    expect(live).toMatchObject({ data: { statusBy: 'Ravi', amountPaise: 7500 } });
    // Every frame the moderator's sockets received, as sent on the wire.
    for (const raw of [...here.raw, ...there.raw]) expect(moneyKeys(JSON.parse(raw)), raw).toEqual([]);
    expect(here.raw.join('')).not.toContain(viewer.phone.slice(-4));

    const list = await app.request<{ moderators: Array<{ id: string }> }>('GET', '/api/creator/moderators', {
      token: creator.token,
    });
    const started = Date.now();
    const removed = await app.request('DELETE', `/api/creator/moderators/${list.body.moderators[0]?.id}`, {
      token: creator.token,
    });
    expect(removed.status).toBe(200);
    const closes = await Promise.all([here.closed, there.closed]);
    for (const close of closes) expect(close.code).toBe(WS_CLOSE.moderatorRemoved);
    expect(Math.max(...closes.map((c) => c.at)) - started).toBeLessThan(1000);
    expect(creatorSocket.isOpen).toBe(true);

    // A new socket of the removed moderator is welcomed without the creator's chats, and the API refuses them.
    const again = await TestSocket.hello(app.url, { token: moderator.token });
    const welcome = again.messages.find((m) => m.type === 'welcome');
    expect(welcome && 'rooms' in welcome ? welcome.rooms : []).not.toContain(`moderator:${creator.id}`);
    const refused = await app.request('GET', `/api/moderation/${creator.handle}/chats`, {
      token: moderator.token,
    });
    expect(refused.status).toBe(403);
    const log = await db('moderator_actions').where({ creator_id: creator.id }).orderBy('id').pluck('action');
    expect(log).toEqual(['chat.read', 'remove']);
    for (const socket of [creatorSocket, again]) socket.ws.close();
  });
});

describe('alerts paused or resumed', () => {
  it("reach the creator's Chat Loaders and the other moderators on every instance, with no amount", async () => {
    const creator = await buildCreator(db, config);
    const moderator = await buildModerator(db, config, creator, { name: 'Ravi' });
    const colleague = await buildModerator(db, config, creator, { name: 'Asha' });
    const creatorHere = await TestSocket.hello(app.url, { token: creator.token });
    const creatorThere = await TestSocket.hello(other.url, { token: creator.token });
    const colleagueThere = await TestSocket.hello(other.url, { token: colleague.token });

    const paused = await app.request('PUT', `/api/moderation/${creator.handle}/show/alerts`, {
      token: moderator.token,
      body: { paused: true },
    });
    expect(paused.status).toBe(200);
    for (const socket of [creatorHere, creatorThere, colleagueThere]) {
      const update = await socket.waitFor((m) => m.type === 'alerts:update' && m.data.paused);
      expect(update).toMatchObject({ data: { paused: true, held: 0 } });
    }
    // The creator resumes from the phone: the moderator's screen hears it too.
    await app.request('PUT', '/api/creator/show/alerts', { token: creator.token, body: { paused: false } });
    await colleagueThere.waitFor((m) => m.type === 'alerts:update' && !m.data.paused);
    await creatorThere.waitFor((m) => m.type === 'alerts:update' && !m.data.paused);
    for (const raw of colleagueThere.raw) expect(moneyKeys(JSON.parse(raw)), raw).toEqual([]);
    for (const socket of [creatorHere, creatorThere, colleagueThere]) socket.ws.close();
  });
});

describe("the operator console's creator view", () => {
  it("lists the creator's moderators and invitations with phones masked", async () => {
    const operator = await buildOperator(db, config);
    const creator = await buildCreator(db, config);
    const moderator = await buildModerator(db, config, creator, { name: 'Ravi' });
    const pendingPhone = randomPhone();
    await app.request('POST', '/api/creator/moderators', {
      token: creator.token,
      body: { phone: pendingPhone },
    });
    const res = await app.request<{ person: { moderators?: unknown[] } }>(
      'GET',
      `/api/ops/users/${creator.id}`,
      {
        token: operator.token,
      },
    );
    expect(res.body.person.moderators).toEqual([
      { name: 'Ravi', maskedPhone: maskPhone(moderator.phone), status: 'active' },
      { name: null, maskedPhone: maskPhone(pendingPhone), status: 'pending' },
    ]);
    expect(JSON.stringify(res.body)).not.toContain(moderator.phone);
    expect(JSON.stringify(res.body)).not.toContain(pendingPhone);
  });
});
