import { beforeAll, describe, expect, it } from 'vitest';
import { SAFETY_MESSAGES } from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildCreator, ledgerMismatches, creatorAndViewer } from '../../../test/factories.ts';
import { balanceOf } from '../wallet/wallet.repository.ts';
import type { RecordingBus } from '../../../test/doubles.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

async function counts(creatorId: string, userId?: string) {
  const { db } = app.deps;
  const orders = await db('payment_orders').where({ creator_id: creatorId }).count<{ n: string }[]>('* as n');
  const tips = await db('tips').where({ creator_id: creatorId }).count<{ n: string }[]>('* as n');
  return {
    orders: Number(orders[0]?.n),
    tips: Number(tips[0]?.n),
    balance: userId ? await balanceOf(db, userId) : null,
  };
}

describe('stream safety before money moves', () => {
  it('refuses a blocked message on the guest order: no order, no tip', async () => {
    const { db, config } = app.deps;
    const creator = await buildCreator(db, config);
    const res = await app.request('POST', '/api/tips/guest/order', {
      body: {
        ageConfirmed: true,
        amount: 99,
        name: 'Troll',
        message: 'tu ch.u.t.i.y.a hai',
        creator: creator.handle,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: SAFETY_MESSAGES.blockedMessage });
    expect(JSON.stringify(res.body)).not.toMatch(/chut/i);
    expect(await counts(creator.id)).toMatchObject({ orders: 0, tips: 0 });

    const fine = await app.request('POST', '/api/tips/guest/order', {
      body: {
        ageConfirmed: true,
        amount: 99,
        name: 'Fan',
        message: 'Bhai kya khel raha hai!',
        creator: creator.handle,
      },
    });
    expect(fine.status).toBe(200);
  });

  it('refuses a blocked message on a wallet tip: no debit, no tip', async () => {
    const { db } = app.deps;
    const { creator, viewer } = await creatorAndViewer(app.deps, 50_000);
    const res = await app.request('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 100, message: 'मादरचोद', creator: creator.handle },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: SAFETY_MESSAGES.blockedMessage });
    expect(await counts(creator.id, viewer.id)).toMatchObject({ tips: 0, balance: 50_000 });
    expect(await ledgerMismatches(db)).toEqual([]);
  });

  it('refuses a blocked sender politely', async () => {
    const { creator, viewer } = await creatorAndViewer(app.deps, 60_000);
    // Only a tipper can be blocked by id: one ₹100 tip first.
    const first = await app.request('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 100, message: 'first', creator: creator.handle },
    });
    expect(first.status).toBe(200);
    const block = await app.request('POST', '/api/creator/safety/blocked-senders', {
      token: creator.token,
      body: { userId: viewer.id },
    });
    expect(block.status).toBeLessThan(300);
    const res = await app.request('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 10, message: 'hello', creator: creator.handle },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: SAFETY_MESSAGES.blockedSender });
    expect(await counts(creator.id, viewer.id)).toMatchObject({ tips: 1, balance: 50_000 + 100 });
  });

  it('auto-live pushes a trusted sender’s tip live and announces the change', async () => {
    const { creator, viewer } = await creatorAndViewer(app.deps, 100_000);
    await app.request('PUT', '/api/creator/safety', {
      token: creator.token,
      body: { reviewMode: 'auto_live_trusted', autoLiveMinAmount: 50 },
    });
    const first = await app.request<{ tip: { id: string; status: string } }>('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 60, message: 'first one', creator: creator.handle },
    });
    expect(first.body.tip.status).toBe('unread'); // never pushed live before: queued
    await app.request('PATCH', `/api/creator/chats/${first.body.tip.id}/status`, {
      token: creator.token,
      body: { status: 'read' },
    });
    const bus = app.deps.realtime as RecordingBus;
    const before = bus.changedSpaces.length;
    const second = await app.request<{ tip: { status: string } }>('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 60, message: 'trusted now', creator: creator.handle },
    });
    expect(second.body.tip.status).toBe('read');
    expect(bus.changedSpaces.slice(before)).toContain(`creator:${creator.id}`);
    const small = await app.request<{ tip: { status: string } }>('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 10, message: 'below the bar', creator: creator.handle },
    });
    expect(small.body.tip.status).toBe('unread');
  });
});
