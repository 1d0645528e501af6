import { beforeAll, describe, expect, it } from 'vitest';
import { SAFETY_MESSAGES, type SafetyCheckResponse, type SafetyResponse } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildCreator, buildUser, type BuiltCreator, type BuiltUser } from '../../../test/factories.ts';
import { insertTip } from '../tips/tips.repository.ts';
import { BUILTIN_BLOCKLIST } from './builtinList.ts';
import { autoLiveCandidate, checkTip, defaultSafety, flagQueuedTips } from './safety.service.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

async function queuedTip(creatorId: string, senderId: string | null, message: string, amountPaise = 10_000) {
  return app.deps.db.transaction((tx) =>
    insertTip(tx, {
      creatorId,
      senderId,
      guestName: senderId ? null : 'Guest',
      source: senderId ? 'wallet' : 'guest',
      amountPaise,
      message,
    }),
  );
}

const check = (body: unknown) => app.request<SafetyCheckResponse>('POST', '/api/safety/check', { body });

/** A wallet tip through the real route: its status and message (nothing is asserted here). */
async function send(from: BuiltUser, to: BuiltCreator, amount = 50, message = 'GG') {
  const res = await app.request<{ message: string }>('POST', '/api/tips/send', {
    token: from.token,
    body: { amount, message, creator: to.handle },
  });
  return { status: res.status, message: res.body.message };
}

describe('GET/PUT /api/creator/safety', () => {
  it('starts from the defaults, saves a change and reads it back; never returns the built-in list', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const before = await app.request<SafetyResponse>('GET', '/api/creator/safety', { token: creator.token });
    expect(before.status).toBe(200);
    expect(before.body.settings).toMatchObject({
      blockedTerms: [],
      builtinEnabled: true,
      minTipAmount: 1,
      minTipPaise: 100,
      maxMessageLength: 280,
      reviewMode: 'queue_all',
      autoLiveMinAmount: 0,
      updatedAt: null,
    });
    expect(before.body.blockedSenders).toEqual([]);

    const put = await app.request<SafetyResponse>('PUT', '/api/creator/safety', {
      token: creator.token,
      body: {
        blockedTerms: ['spoiler', ' Spoiler ', 'noob'],
        builtinEnabled: false,
        minTipAmount: 10,
        maxMessageLength: 120,
        reviewMode: 'auto_live_trusted',
        autoLiveMinAmount: 99.5,
      },
    });
    expect(put.status).toBe(200);
    const after = await app.request<SafetyResponse>('GET', '/api/creator/safety', { token: creator.token });
    expect(after.body.settings).toMatchObject({
      blockedTerms: ['spoiler', 'noob'],
      builtinEnabled: false,
      minTipPaise: 1000,
      maxMessageLength: 120,
      reviewMode: 'auto_live_trusted',
      autoLiveMinPaise: 9950,
    });
    expect(after.body.settings.updatedAt).not.toBeNull();
    const text = JSON.stringify(after.body);
    for (const { term } of BUILTIN_BLOCKLIST) expect(text).not.toContain(term);

    // a partial update leaves the rest alone
    await app.request('PUT', '/api/creator/safety', { token: creator.token, body: { builtinEnabled: true } });
    const partial = await app.request<SafetyResponse>('GET', '/api/creator/safety', { token: creator.token });
    expect(partial.body.settings).toMatchObject({
      builtinEnabled: true,
      blockedTerms: ['spoiler', 'noob'],
      maxMessageLength: 120,
    });
  });

  it('refuses a message length above 280, a minimum below ₹1, and viewers', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const tooLong = await app.request<{ code: string }>('PUT', '/api/creator/safety', {
      token: creator.token,
      body: { maxMessageLength: 281 },
    });
    expect(tooLong.status).toBe(400);
    const tooLow = await app.request('PUT', '/api/creator/safety', {
      token: creator.token,
      body: { minTipAmount: 0.5 },
    });
    expect(tooLow.status).toBe(400);
    const viewer = await buildUser(db, config);
    expect((await app.request('GET', '/api/creator/safety', { token: viewer.token })).status).toBe(403);
    expect((await app.request('GET', '/api/creator/safety')).status).toBe(401);
  });
});

describe('POST /api/safety/check (public)', () => {
  it('refuses a blocked Hinglish phrase and a Devanagari one without naming the word or the list, and passes innocent text', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    for (const message of ['bhai tu ch00tiya hai', 'teri maa ki chut', 'अबे भोसड़ीके', 'ये क्या मादर चोद']) {
      const res = await check({ creator: creator.handle, message });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: false, message: SAFETY_MESSAGES.blockedMessage });
      const raw = JSON.stringify(res.body);
      for (const word of ['chutiya', 'ch00tiya', 'chut', 'भोसड़ीके', 'मादर', 'चोद'])
        expect(raw).not.toContain(word);
    }
    for (const message of [
      'Love from Assam, classic stream!',
      'गांडीव वाला सीन मस्त था',
      'chhod do yaar, GG',
      '',
    ]) {
      expect((await check({ creator: creator.handle, message })).body).toEqual({ ok: true });
    }
  });

  it("uses the creator's own list and length, and follows an update at once", async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    expect(
      (await check({ creator: creator.handle, message: 'no spoilers: Vader is the f@ther' })).body.ok,
    ).toBe(true);
    await app.request('PUT', '/api/creator/safety', {
      token: creator.token,
      body: { blockedTerms: ['father'], maxMessageLength: 10 },
    });
    expect((await check({ creator: creator.handle, message: 'f@ther' })).body).toEqual({
      ok: false,
      message: SAFETY_MESSAGES.blockedMessage,
    });
    expect((await check({ creator: creator.handle, message: 'hello there friend' })).body).toEqual({
      ok: false,
      message: SAFETY_MESSAGES.messageTooLong(10),
    });
  });

  it('answers 404 for an unknown creator', async () => {
    const res = await check({ creator: 'nobody-here-zz', message: 'hi' });
    expect(res.status).toBe(404);
  });
});

describe('refusals before money moves', () => {
  it('refuses a blocked sender (by user, and by the phone of their account), a low amount and a blocked message', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const troll = await buildUser(db, config, { balancePaise: 100_000 });
    const byPhone = await buildUser(db, config, { balancePaise: 100_000 });
    const fan = await buildUser(db, config, { balancePaise: 100_000 });
    await app.request('PUT', '/api/creator/safety', { token: creator.token, body: { minTipAmount: 20 } });
    await queuedTip(creator.id, troll.id, 'first tip'); // only a tipper can be blocked by id

    const blockUser = await app.request<{ blockedSender: { id: string } }>(
      'POST',
      '/api/creator/safety/blocked-senders',
      {
        token: creator.token,
        body: { userId: troll.id },
      },
    );
    expect(blockUser.status).toBe(201);
    const blockPhone = await app.request<{ blockedSender: { phone: string } }>(
      'POST',
      '/api/creator/safety/blocked-senders',
      {
        token: creator.token,
        body: { phone: `+91 ${byPhone.phone}` },
      },
    );
    expect(blockPhone.status).toBe(201);
    expect(blockPhone.body.blockedSender.phone).not.toBe(byPhone.phone); // masked

    const base = { creatorId: creator.id, message: 'GG', amountPaise: 5_000 };
    expect(await send(troll, creator)).toEqual({ status: 403, message: SAFETY_MESSAGES.blockedSender });
    expect(await send(byPhone, creator)).toEqual({ status: 403, message: SAFETY_MESSAGES.blockedSender });
    // A blocked sender is refused before the amount and message are looked at.
    expect((await send(byPhone, creator, 5, 'b h e n c h o d')).status).toBe(403);
    expect(await send(fan, creator, 19.99)).toEqual({
      status: 400,
      message: 'The minimum superchat for this creator is ₹20.00.',
    });
    expect(await send(fan, creator, 50, 'b h e n c h o d')).toEqual({
      status: 400,
      message: SAFETY_MESSAGES.blockedMessage,
    });
    // Guest orders are checked by checkTip: the same amount and message rules, no sender.
    await expect(checkTip(db, { ...base, amountPaise: 1_999 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The minimum superchat for this creator is ₹20.00.',
    });
    await expect(checkTip(db, { ...base, message: 'x'.repeat(281) })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(checkTip(db, base)).resolves.toBeUndefined();
    expect((await send(fan, creator)).status).toBe(200);
    const moved = await db('wallet_transactions')
      .whereIn('user_id', [troll.id, byPhone.id])
      .where({ kind: 'tip' })
      .count<[{ count: string }]>('* as count');
    expect(Number(moved[0]?.count)).toBe(0);

    // unblocking lets the troll through again
    const del = await app.request(
      'DELETE',
      `/api/creator/safety/blocked-senders/${blockUser.body.blockedSender.id}`,
      {
        token: creator.token,
      },
    );
    expect(del.status).toBe(200);
    expect((await send(troll, creator)).status).toBe(200);
    const list = await app.request<SafetyResponse>('GET', '/api/creator/safety', { token: creator.token });
    expect(list.body.blockedSenders).toHaveLength(1);
  });

  it("blocks the sender of a Chat Loader row by tip id, refuses a guest row, and keeps other creators' lists apart", async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const other = await buildCreator(db, config);
    const troll = await buildUser(db, config, { balancePaise: 100_000 });
    const tip = await queuedTip(creator.id, troll.id, 'hi');
    const guestTip = await queuedTip(creator.id, null, 'hi');

    const res = await app.request<{ blockedSender: { userId: string; name: string } }>(
      'POST',
      '/api/creator/safety/blocked-senders',
      { token: creator.token, body: { tipId: tip.id } },
    );
    expect(res.status).toBe(201);
    expect(res.body.blockedSender).toMatchObject({ userId: troll.id, name: troll.name });
    const guest = await app.request<{ message: string }>('POST', '/api/creator/safety/blocked-senders', {
      token: creator.token,
      body: { tipId: guestTip.id },
    });
    expect(guest.status).toBe(400);
    expect(guest.body.message).toBe(SAFETY_MESSAGES.nothingToBlock);
    // another creator cannot use this creator's tip id
    const foreign = await app.request('POST', '/api/creator/safety/blocked-senders', {
      token: other.token,
      body: { tipId: tip.id },
    });
    expect(foreign.status).toBe(404);

    expect((await send(troll, creator)).status).toBe(403);
    expect((await send(troll, other)).status).toBe(200);
  });
});

describe('blocking by user id', () => {
  it("only reaches people who tipped this creator, so an id never reveals a stranger's name", async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const other = await buildCreator(db, config);
    const stranger = await buildUser(db, config);
    await queuedTip(other.id, stranger.id, 'hi other');
    const refused = await app.request<{ message: string }>('POST', '/api/creator/safety/blocked-senders', {
      token: creator.token,
      body: { userId: stranger.id },
    });
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain(stranger.name);
    await queuedTip(creator.id, stranger.id, 'hi');
    const blocked = await app.request<{ blockedSender: { name: string } }>(
      'POST',
      '/api/creator/safety/blocked-senders',
      { token: creator.token, body: { userId: stranger.id } },
    );
    expect(blocked.status).toBe(201);
    expect(blocked.body.blockedSender.name).toBe(stranger.name);
  });
});

describe('flagQueuedTips', () => {
  it('marks a queued tip that a newly added word would now block, and not live or clean ones', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const fan = await buildUser(db, config);
    const target = await queuedTip(creator.id, fan.id, 'Vader is your F A T H E R');
    const clean = await queuedTip(creator.id, fan.id, 'great stream');
    const live = await queuedTip(creator.id, fan.id, 'father figure');
    await db('tips').where({ id: live.id }).update({ status: 'read' });

    expect(await flagQueuedTips(db, creator.id)).toEqual([]);
    await app.request('PUT', '/api/creator/safety', {
      token: creator.token,
      body: { blockedTerms: ['father'] },
    });
    expect(await flagQueuedTips(db, creator.id)).toEqual([target.id]);
    const res = await app.request<{ ids: string[] }>(
      'GET',
      `/api/creator/safety/flags?ids=${target.id},${clean.id}`,
      {
        token: creator.token,
      },
    );
    expect(res.body.ids).toEqual([target.id]);
  });
});

describe('autoLiveCandidate', () => {
  it("is true only in auto-live mode at or above the creator's minimum (the tip statement adds 'pushed live before')", () => {
    const queueAll = defaultSafety('c');
    const autoLive = { ...queueAll, reviewMode: 'auto_live_trusted' as const, autoLiveMinPaise: 5_000 };
    expect(autoLiveCandidate(queueAll, 1_000_000)).toBe(false);
    expect(autoLiveCandidate(autoLive, 5_000)).toBe(true);
    expect(autoLiveCandidate(autoLive, 4_999)).toBe(false);
  });
});
