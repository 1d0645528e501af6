import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SAFETY_MESSAGES, type Tip } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { RecordingBus } from '../../../test/doubles.ts';
import { buildCreator, buildUser, ledgerMismatches, creatorAndViewer } from '../../../test/factories.ts';
import { IDEMPOTENCY_KEY_REUSED } from '../../http/idempotency.ts';
import { balanceOf } from '../wallet/wallet.repository.ts';
import { creatorSpace, walletSpace } from '../sync/spaces.ts';

interface SendBody {
  message: string;
  tip: Tip;
  balance: number;
  balancePaise: number;
}

let app: TestApp;
let noCashback: TestApp;
let bus: RecordingBus;

beforeAll(async () => {
  bus = new RecordingBus();
  app = await createTestApp({ extend: (deps) => ({ ...deps, realtime: bus }) });
  noCashback = await createTestApp({ env: { CASHBACK_BASIS_POINTS: '0' } });
});

const send = (token: string, body: unknown, key?: string) =>
  app.request<SendBody & { code?: string }>('POST', '/api/tips/send', {
    token,
    body,
    ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
  });

async function ledgerOf(userId: string) {
  return app.deps
    .db('wallet_transactions')
    .where({ user_id: userId })
    .orderBy('version')
    .select('type', 'kind', 'amount_paise', 'description');
}

describe('POST /api/tips/send', () => {
  it('debits the wallet, creates an unread tip, credits 1% cashback and announces both spaces after commit', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config, { name: 'Asha Live' });
    const viewer = await buildUser(db, config, { balancePaise: 50_000 });
    const res = await send(viewer.token, {
      amount: 123.45,
      message: '  Great stream!  ',
      creator: creator.handle,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Tip sent successfully!');
    expect(res.body.tip).toMatchObject({
      amount: 123.45,
      amountPaise: 12_345,
      message: 'Great stream!',
      status: 'unread',
      creatorId: creator.id,
    });
    // 50,000 − 12,345 + 123 (1% of 12,345 = 123.45 → 123 paise)
    expect(res.body.balancePaise).toBe(37_778);
    expect(res.body.balance).toBe(377.78);
    expect(await balanceOf(db, viewer.id)).toBe(37_778);
    const ledger = await ledgerOf(viewer.id);
    expect(ledger.slice(1)).toEqual([
      { type: 'debit', kind: 'tip', amount_paise: 12_345, description: 'Tip to Asha Live' },
      { type: 'credit', kind: 'cashback', amount_paise: 123, description: 'Cashback on your tip' },
    ]);
    expect(bus.changedSpaces).toEqual(
      expect.arrayContaining([creatorSpace(creator.id), walletSpace(viewer.id)]),
    );
  });

  it('credits 1 paisa of cashback on ₹1, and no cashback entry when the setting is 0', async () => {
    const { creator, viewer } = await creatorAndViewer(app.deps, 1_000);
    const res = await send(viewer.token, { amount: 1, creator: creator.handle });
    expect(res.status).toBe(200);
    // 1% of 100 paise = 1 paisa of cashback
    expect(res.body.balancePaise).toBe(901);
    const c2 = await buildCreator(noCashback.deps.db, noCashback.deps.config);
    const v2 = await buildUser(noCashback.deps.db, noCashback.deps.config, { balancePaise: 1_000 });
    const res2 = await noCashback.request<SendBody>('POST', '/api/tips/send', {
      token: v2.token,
      body: { amount: 2, creator: c2.handle },
    });
    expect(res2.body.balancePaise).toBe(800);
    const kinds = await noCashback.deps.db('wallet_transactions').where({ user_id: v2.id }).pluck('kind');
    expect(kinds).toEqual(['top_up', 'tip']);
  });

  it('refuses a tip larger than the balance with 402 and changes nothing', async () => {
    const { db } = app.deps;
    const { creator, viewer } = await creatorAndViewer(app.deps, 500);
    const announced = bus.changedSpaces.length;
    const res = await send(viewer.token, { amount: 6, creator: creator.handle });
    expect(bus.changedSpaces.length).toBe(announced);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'PAYMENT_REQUIRED', message: MESSAGES.insufficientBalance });
    expect(await balanceOf(db, viewer.id)).toBe(500);
    expect(
      await db('tips').where({ creator_id: creator.id }).count<[{ count: string }]>('* as count'),
    ).toEqual([{ count: 0 }]);
    expect((await ledgerOf(viewer.id)).length).toBe(1);
  });

  it('refuses a tip to your own channel, an unknown creator, and bad input', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    await db('wallets').where({ user_id: creator.id }).update({ balance_paise: 0 });
    const own = await send(creator.token, { amount: 5, creator: creator.handle });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe(MESSAGES.ownChannelTip);

    const viewer = await buildUser(db, config, { balancePaise: 10_000 });
    const unknown = await send(viewer.token, { amount: 5, creator: 'no-such-creator' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(MESSAGES.creatorNotFound);

    expect((await send(viewer.token, { amount: 0.5, creator: creator.handle })).body.message).toBe(
      'Minimum amount is ₹1.',
    );
    expect(
      (await send(viewer.token, { amount: 5, message: 'x'.repeat(281), creator: creator.handle })).status,
    ).toBe(400);
    expect((await app.request('POST', '/api/tips/send', { body: { amount: 5 } })).status).toBe(401);
    expect(await balanceOf(db, viewer.id)).toBe(10_000);
  });

  it('never overdraws under 200 concurrent sends of random amounts, and the ledger sums to the balance', async () => {
    const { db } = app.deps;
    const { creator, viewer } = await creatorAndViewer(app.deps, 300_000);
    const amounts = Array.from({ length: 200 }, () => 1 + Math.floor(Math.random() * 5_000) / 100); // ₹1–₹50.99
    const results = await Promise.all(
      amounts.map((amount) => send(viewer.token, { amount, creator: creator.handle })),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 402);
    expect(ok.length + refused.length).toBe(200);
    expect(ok.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0); // ₹5,000+ asked of a ₹3,000 wallet
    const balance = await balanceOf(db, viewer.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    const mismatches = await ledgerMismatches(db);
    expect(mismatches.filter((m) => m.user_id === viewer.id)).toEqual([]);
    const tips = await db('tips')
      .where({ creator_id: creator.id, sender_id: viewer.id })
      .pluck('amount_paise');
    expect(tips.length).toBe(ok.length);
    const spent = tips.reduce((a: number, b: number) => a + b, 0);
    const cashback = (
      await db('wallet_transactions').where({ user_id: viewer.id, kind: 'cashback' }).pluck('amount_paise')
    ).reduce((a: number, b: number) => a + b, 0);
    expect(balance).toBe(300_000 - spent + cashback);
    const gross = await db('creators').where({ user_id: creator.id }).first('lifetime_gross_paise');
    expect(gross.lifetime_gross_paise).toBe(spent);
  });

  it('splits the fee of a tip that crosses the ₹25,000 line, exact to the paisa', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config, { lifetimeGrossPaise: 25_000_00 - 10_000 }); // ₹24,900
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    const crossing = await send(viewer.token, { amount: 500, creator: creator.handle });
    const above = await send(viewer.token, { amount: 100, creator: creator.handle });
    expect([crossing.status, above.status]).toEqual([200, 200]);
    const fees = await db('tips').where({ creator_id: creator.id }).orderBy('version').pluck('fee_paise');
    // ₹100 free + ₹400 × 2.9% = ₹11.60; then ₹100 × 2.9% = ₹2.90
    expect(fees).toEqual([1_160, 290]);
    const row = await db('creators').where({ user_id: creator.id }).first('lifetime_gross_paise');
    expect(row.lifetime_gross_paise).toBe(25_000_00 + 50_000);
  });
});

describe('Idempotency-Key on POST /api/tips/send', () => {
  it('moves money once when the same key is sent 5 times in a row, replaying the same body', async () => {
    const { db } = app.deps;
    const { creator, viewer } = await creatorAndViewer(app.deps, 10_000);
    const key = randomUUID();
    const body = { amount: 10, message: 'once', creator: creator.handle };
    const results = [];
    const announced = bus.changedSpaces.length;
    for (let i = 0; i < 5; i++) results.push(await send(viewer.token, body, key));
    expect(bus.changedSpaces.length).toBe(announced + 2); // only the first send announces
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    for (const r of results) expect(r.body).toEqual(results[0]?.body);
    expect(results[0]?.headers.get('idempotent-replayed')).toBeNull();
    expect(results[4]?.headers.get('idempotent-replayed')).toBe('true');
    expect(await balanceOf(db, viewer.id)).toBe(10_000 - 1_000 + 10);
    expect(await db('tips').where({ sender_id: viewer.id }).pluck('id')).toEqual([results[0]?.body.tip.id]);
  });

  it('moves money once when the same key is sent 5 times at once', async () => {
    const { db } = app.deps;
    const { creator, viewer } = await creatorAndViewer(app.deps, 10_000);
    const key = randomUUID();
    const body = { amount: 25, creator: creator.handle };
    const results = await Promise.all(Array.from({ length: 5 }, () => send(viewer.token, body, key)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    for (const r of results) expect(r.body).toEqual(results[0]?.body);
    expect(await balanceOf(db, viewer.id)).toBe(10_000 - 2_500 + 25);
    expect((await db('tips').where({ sender_id: viewer.id }).pluck('id')).length).toBe(1);
    expect((await ledgerMismatches(db)).filter((m) => m.user_id === viewer.id)).toEqual([]);
  });

  it('answers 409 for the same key with a different body, and keys are per user', async () => {
    const { db, config } = app.deps;
    const { creator, viewer } = await creatorAndViewer(app.deps, 10_000);
    const other = await buildUser(db, config, { balancePaise: 10_000 });
    const key = randomUUID();
    expect((await send(viewer.token, { amount: 10, creator: creator.handle }, key)).status).toBe(200);
    const reused = await send(viewer.token, { amount: 11, creator: creator.handle }, key);
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(IDEMPOTENCY_KEY_REUSED);
    expect((await send(other.token, { amount: 11, creator: creator.handle }, key)).status).toBe(200);
    expect(await balanceOf(db, viewer.id)).toBe(9_010);
    expect(await balanceOf(db, other.id)).toBe(8_911);
  });

  it('does not store a refusal: after a 402 and a top-up, the same key sends', async () => {
    const { db } = app.deps;
    const { creator, viewer } = await creatorAndViewer(app.deps, 100);
    const key = randomUUID();
    expect((await send(viewer.token, { amount: 5, creator: creator.handle }, key)).status).toBe(402);
    await db('wallets').where({ user_id: viewer.id }).increment('balance_paise', 1_000);
    await db('wallet_transactions').insert({
      user_id: viewer.id,
      type: 'credit',
      kind: 'top_up',
      amount_paise: 1_000,
      description: 'Test',
      version: 99,
    });
    expect((await send(viewer.token, { amount: 5, creator: creator.handle }, key)).status).toBe(200);
  });
});

describe('POST /api/tips/send as one statement (shabaash_send_wallet_tips)', () => {
  const keyRows = (userId: string, key: string) =>
    app.deps.db('idempotency_keys').where({ user_id: userId, key }).select('status_code', 'response');
  const spaceVersion = async (space: string) =>
    Number((await app.deps.db('sync_spaces').where({ space }).first('version'))?.version ?? 0);

  it('takes ONE database round trip once the creator and the adult sender are known to this instance (three on the first tip)', async () => {
    const { db } = app.deps;
    const { creator, viewer } = await creatorAndViewer(app.deps, 10_000);
    const queries: string[] = [];
    const record = (q: { sql: string }) => queries.push(q.sql);
    const sendCounted = async (message: string) => {
      queries.length = 0;
      db.on('query', record);
      try {
        const res = await send(viewer.token, { amount: 3, message, creator: creator.handle }, randomUUID());
        expect(res.status).toBe(200);
      } finally {
        db.removeListener('query', record);
      }
      return [...queries];
    };
    const first = await sendCounted('cold');
    // The age rule reads the sender's date of birth once; an adult stays known to this instance.
    expect(first).toHaveLength(3);
    expect(first[0]).toContain('creator_safety');
    expect(first[1]).toContain('date_of_birth');
    expect(first[2]).toContain('shabaash_send_wallet_tips');
    const second = await sendCounted('warm');
    expect(second).toHaveLength(1);
    expect(second[0]).toContain('shabaash_send_wallet_tips');
  });

  it('decides again when the creator changed settings or name behind the cache (e.g. on another instance)', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config, { name: 'Old Name' });
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    const tip = (message: string) =>
      send(viewer.token, { amount: 5, message, creator: creator.handle }, randomUUID());
    expect((await tip('warms the cache')).status).toBe(200);

    // Straight in the database, as another instance would: this instance's cache still has the old rows.
    await db('creator_safety').insert({
      creator_id: creator.id,
      blocked_terms: ['spoiler'],
      builtin_enabled: true,
      min_tip_paise: 100,
      max_message_length: 280,
      review_mode: 'queue_all',
      auto_live_min_paise: 0,
    });
    const refused = await tip('big spoiler ahead');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: SAFETY_MESSAGES.blockedMessage });

    await db('creator_safety')
      .where({ creator_id: creator.id })
      .update({ blocked_terms: [], updated_at: db.fn.now() });
    await db('creators').where({ user_id: creator.id }).update({ display_name: 'New Name' });
    const allowed = await tip('big spoiler ahead');
    expect(allowed.status).toBe(200);
    const debit = await db('wallet_transactions')
      .where({ user_id: viewer.id, kind: 'tip' })
      .orderBy('created_at', 'desc')
      .first('description');
    expect(debit?.description).toBe('Tip to New Name');
    const tips = await db('tips').where({ sender_id: viewer.id }).count<{ n: string }[]>('* as n');
    expect(Number(tips[0]?.n)).toBe(2);
  });

  it('a revoked session is refused with 401 by the tip statement, and nothing moves', async () => {
    const { db } = app.deps;
    const { creator, viewer } = await creatorAndViewer(app.deps, 10_000);
    expect((await app.request('POST', '/api/auth/logout', { token: viewer.token })).status).toBe(200);
    for (const target of [creator.handle, 'no-such-creator']) {
      const res = await send(
        viewer.token,
        { amount: 5, message: 'after logout', creator: target },
        randomUUID(),
      );
      expect(res.status).toBe(401);
    }
    const wallet = await db('wallets').where({ user_id: viewer.id }).first();
    expect(Number(wallet.balance_paise)).toBe(10_000);
    const count = async (table: 'tips' | 'idempotency_keys', where: Record<string, string>) =>
      Number((await db(table).where(where).count<{ n: number | string }[]>('* as n'))[0]?.n);
    expect(await count('tips', { sender_id: viewer.id })).toBe(0);
    expect(await count('idempotency_keys', { user_id: viewer.id })).toBe(0);
  });

  it('replays the identical body, even after the tip went live and the balance moved on', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config, { name: 'Replay Host' });
    const viewer = await buildUser(db, config, { balancePaise: 10_000, name: 'Ravi Fan' });
    const key = randomUUID();
    const body = { amount: 12.34, message: 'same body please', creator: creator.handle };
    const first = await send(viewer.token, body, key);
    expect(first.status).toBe(200);
    expect(first.body.tip).toMatchObject({
      name: 'Ravi Fan',
      sender: { name: 'Ravi Fan', phone: viewer.phone },
      status: 'unread',
    });
    await app.request('PATCH', `/api/creator/chats/${first.body.tip.id}/status`, {
      token: creator.token,
      body: { status: 'read' },
    });
    expect((await send(viewer.token, { amount: 1, creator: creator.handle })).status).toBe(200);
    const replay = await send(viewer.token, body, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toStrictEqual(first.body);
    // The first answer's timestamps are the row's, to the millisecond.
    const row = await db('tips').where({ id: first.body.tip.id }).first('created_at');
    expect(first.body.tip.createdAt).toBe((row.created_at as Date).toISOString());
  });

  it('402: moves nothing, bumps no space and stores no key', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config, { lifetimeGrossPaise: 777 });
    const viewer = await buildUser(db, config, { balancePaise: 500 });
    const key = randomUUID();
    const walletBefore = await spaceVersion(walletSpace(viewer.id));
    const res = await send(viewer.token, { amount: 5.01, creator: creator.handle }, key);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'PAYMENT_REQUIRED', message: MESSAGES.insufficientBalance });
    expect(await keyRows(viewer.id, key)).toEqual([]);
    expect(await balanceOf(db, viewer.id)).toBe(500);
    expect((await ledgerOf(viewer.id)).length).toBe(1);
    expect(await db('tips').where({ creator_id: creator.id }).pluck('id')).toEqual([]);
    expect(await spaceVersion(walletSpace(viewer.id))).toBe(walletBefore);
    expect(await spaceVersion(creatorSpace(creator.id))).toBe(0);
    const gross = await db('creators').where({ user_id: creator.id }).first('lifetime_gross_paise');
    expect(gross.lifetime_gross_paise).toBe(777);
  });

  it('409 for a key reused with a different body moves no money and keeps the first stored answer', async () => {
    const { db } = app.deps;
    const { creator, viewer } = await creatorAndViewer(app.deps, 10_000);
    const key = randomUUID();
    const first = await send(viewer.token, { amount: 10, message: 'a', creator: creator.handle }, key);
    const reused = await send(viewer.token, { amount: 10, message: 'b', creator: creator.handle }, key);
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ code: 'CONFLICT', message: IDEMPOTENCY_KEY_REUSED });
    expect(await balanceOf(db, viewer.id)).toBe(first.body.balancePaise);
    expect((await db('tips').where({ sender_id: viewer.id }).pluck('id')).length).toBe(1);
    expect(
      (await send(viewer.token, { amount: 10, message: 'a', creator: creator.handle }, key)).body,
    ).toEqual(first.body);
  });

  it('a concurrent duplicate pair with one key debits once; the second waits and replays', async () => {
    const { db } = app.deps;
    const { creator, viewer } = await creatorAndViewer(app.deps, 10_000);
    const key = randomUUID();
    const body = { amount: 40, message: 'pair', creator: creator.handle };
    const announced = bus.changedSpaces.length;
    const pair = await Promise.all([send(viewer.token, body, key), send(viewer.token, body, key)]);
    expect(pair.map((r) => r.status)).toEqual([200, 200]);
    expect(pair[1]?.body).toEqual(pair[0]?.body);
    expect(pair.map((r) => r.headers.get('idempotent-replayed')).sort()).toEqual([null, 'true'].sort());
    expect(bus.changedSpaces.length).toBe(announced + 2);
    expect(await balanceOf(db, viewer.id)).toBe(10_000 - 4_000 + 40);
    expect(
      await db('wallet_transactions').where({ user_id: viewer.id, kind: 'tip' }).pluck('amount_paise'),
    ).toEqual([4_000]);
    expect((await ledgerMismatches(db)).filter((m) => m.user_id === viewer.id)).toEqual([]);
  });

  it('a refused message stores no key, but an earlier answer under the same key is still replayed', async () => {
    const { db } = app.deps;
    const { creator, viewer } = await creatorAndViewer(app.deps, 10_000);
    const key = randomUUID();
    const body = { amount: 10, message: 'hello bananas', creator: creator.handle };
    const refusedKey = randomUUID();
    await app.request('PUT', '/api/creator/safety', {
      token: creator.token,
      body: { blockedTerms: ['kiwi'] },
    });
    const refused = await send(viewer.token, { ...body, message: 'kiwi time' }, refusedKey);
    expect(refused.status).toBe(400);
    expect(await keyRows(viewer.id, refusedKey)).toEqual([]);
    expect(await balanceOf(db, viewer.id)).toBe(10_000);
    const first = await send(viewer.token, body, key);
    expect(first.status).toBe(200);
    // The creator now blocks the word that message used: the retry of the same request replays, as before.
    await app.request('PUT', '/api/creator/safety', {
      token: creator.token,
      body: { blockedTerms: ['bananas'] },
    });
    const replay = await send(viewer.token, body, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await balanceOf(db, viewer.id)).toBe(first.body.balancePaise);
  });
});

describe('GET /api/tips/recent and /api/tips/display', () => {
  it("shows pushed-live tips plus the caller's own (with only the caller's phone), newest first", async () => {
    const { db, config } = app.deps;
    const { creator, viewer: me } = await creatorAndViewer(app.deps, 100_000);
    const other = await buildUser(db, config, { balancePaise: 100_000 });
    const mine = (await send(me.token, { amount: 5, message: 'mine, unread', creator: creator.handle })).body
      .tip;
    const theirsLive = (
      await send(other.token, { amount: 6, message: 'theirs, live', creator: creator.handle })
    ).body.tip;
    await send(other.token, { amount: 7, message: 'theirs, queued', creator: creator.handle });
    const pushed = await app.request('PATCH', `/api/creator/chats/${theirsLive.id}/status`, {
      token: creator.token,
      body: { status: 'read' },
    });
    expect(pushed.status).toBe(200);

    const res = await app.request<{ tips: Tip[] }>('GET', `/api/tips/recent?creator=${creator.handle}`, {
      token: me.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.tips.map((t) => t.message)).toEqual(['theirs, live', 'mine, unread']);
    expect(res.body.tips[0]?.sender?.phone).toBeNull();
    expect(res.body.tips[1]?.sender?.phone).toBe(me.phone);
    expect(res.body.tips[1]?.id).toBe(mine.id);
    expect((await app.request('GET', `/api/tips/recent?creator=${creator.handle}`)).status).toBe(401);
  });

  it('a revoked session hears 401 even with a valid token, before an unknown creator is a 404', async () => {
    const { creator, viewer } = await creatorAndViewer(app.deps, 100_000);
    const recent = (handle: string) =>
      app.request('GET', `/api/tips/recent?creator=${handle}`, { token: viewer.token });
    expect((await recent(creator.handle)).status).toBe(200);
    expect((await recent('nobody-here')).status).toBe(404);
    expect((await app.request('POST', '/api/auth/logout', { token: viewer.token })).status).toBe(200);
    for (const handle of [creator.handle, 'nobody-here']) {
      const res = await recent(handle);
      expect(res.status).toBe(401);
      expect(res.body).not.toHaveProperty('tips');
    }
  });

  it('keeps at most 10 recent tips', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const me = await buildUser(db, config, { balancePaise: 100_000 });
    for (let i = 0; i < 12; i++)
      await send(me.token, { amount: 1, message: `#${i}`, creator: creator.handle });
    const res = await app.request<{ tips: Tip[] }>('GET', `/api/tips/recent?creator=${creator.handle}`, {
      token: me.token,
    });
    // The 10 newest of 12, newest first: #11 down to #2.
    expect(res.body.tips.map((t) => t.message)).toEqual(Array.from({ length: 10 }, (_, i) => `#${11 - i}`));
  });

  it('display lists only pushed-live tips, without phones, by handle or overlay key; unknown key → 404', async () => {
    const { creator, viewer } = await creatorAndViewer(app.deps, 100_000);
    const a = (await send(viewer.token, { amount: 5, message: 'first live', creator: creator.handle })).body
      .tip;
    await send(viewer.token, { amount: 5, message: 'queued', creator: creator.handle });
    const b = (await send(viewer.token, { amount: 5, message: 'second live', creator: creator.handle })).body
      .tip;
    for (const id of [a.id, b.id]) {
      await app.request('PATCH', `/api/creator/chats/${id}/status`, {
        token: creator.token,
        body: { status: 'read' },
      });
    }
    for (const query of [`creator=${creator.handle}`, `key=${encodeURIComponent(creator.overlayKey)}`]) {
      const res = await app.request<{ tips: Tip[] }>('GET', `/api/tips/display?${query}`);
      expect(res.status).toBe(200);
      expect(res.body.tips.map((t) => t.message)).toEqual(['second live', 'first live']);
      expect(res.body.tips.every((t) => t.sender?.phone === null)).toBe(true);
    }
    expect((await app.request('GET', '/api/tips/display?key=not-a-key')).status).toBe(404);
  });
});
