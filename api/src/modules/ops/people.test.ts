import { describe, expect, it } from 'vitest';
import { MESSAGES, type OpsPerson, type User } from '@shabaash/shared';
import {
  buildCreator,
  buildOperator,
  buildUser,
  ledgerMismatches,
  type BuiltCreator,
} from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { guestTip, onboardCreator, PAYOUTS_AT_ONCE } from '../../../test/payouts.ts';
import { hashPassword } from '../auth/password.ts';
import { runPayoutCycle } from '../payouts/payoutCycle.ts';

// Suspending a creator and banning a viewer: the routes (operators only, a reason required, undone with a reason,
// each audited) and what the restriction refuses. Real database, real razorpay SDK against the simulator.

const { app, sim } = await createPaymentsTestApp(PAYOUTS_AT_ONCE);
const { db, config } = app.deps;

type PersonBody = { person: OpsPerson; message?: string; code?: string };
const REASON = 'Fraud reports from several viewers';

const act = (token: string, path: string, body: unknown = { reason: REASON }) =>
  app.request<PersonBody>('POST', path, { token, body });

const tip = (token: string, creator: BuiltCreator, amount = 20) =>
  app.request<{ message: string; code?: string }>('POST', '/api/tips/send', {
    token,
    body: { amount, message: 'hello', creator: creator.handle },
  });

const guestOrder = (creator: BuiltCreator) =>
  app.request<{ order?: { id: string }; message?: string; code?: string }>('POST', '/api/tips/guest/order', {
    body: { ageConfirmed: true, amount: 50, name: 'Guest', message: 'hi', creator: creator.handle },
  });

async function auditOf(targetId: string) {
  return db('operator_audit').where({ target_id: targetId }).orderBy('id').select('*');
}

describe('every People route answers operators only', () => {
  it('401 signed out, 403 for a viewer and a creator, on each route', async () => {
    const viewer = await buildUser(db, config);
    const creator = await buildCreator(db, config);
    const routes: Array<[string, string]> = [
      ['GET', `/api/ops/users/${viewer.id}`],
      ['POST', `/api/ops/creators/${creator.id}/suspend`],
      ['POST', `/api/ops/creators/${creator.id}/unsuspend`],
      ['POST', `/api/ops/users/${viewer.id}/ban`],
      ['POST', `/api/ops/users/${viewer.id}/unban`],
    ];
    for (const [method, path] of routes) {
      const body = method === 'GET' ? undefined : { reason: REASON };
      expect((await app.request(method, path, { body })).status, path).toBe(401);
      for (const user of [viewer, creator]) {
        const res = await app.request(method, path, { token: user.token, body });
        expect(res, path).toMatchObject({ status: 403, body: { message: MESSAGES.forbiddenOperator } });
      }
    }
    expect(await auditOf(creator.id)).toEqual([]);
    expect(await auditOf(viewer.id)).toEqual([]);
  });
});

describe('suspending a creator', () => {
  it('needs a reason: none, or a too-short one, is refused and changes nothing', async () => {
    const operator = await buildOperator(db, config);
    const creator = await buildCreator(db, config);
    for (const body of [{}, { reason: 'bad' }]) {
      const res = await act(operator.token, `/api/ops/creators/${creator.id}/suspend`, body);
      expect(res.status).toBe(400);
    }
    expect((await tip((await buildUser(db, config, { balancePaise: 10_000 })).token, creator)).status).toBe(
      200,
    );
    expect(await auditOf(creator.id)).toEqual([]);
  });

  it('refuses wallet tips and guest orders with a neutral message, and the undo lets them through again', async () => {
    const operator = await buildOperator(db, config, { name: 'Nisha Ops' });
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 100_000 });
    // The tip context is cached per instance: a tip before the suspension fills it.
    expect((await tip(viewer.token, creator)).status).toBe(200);

    const suspended = await act(operator.token, `/api/ops/creators/${creator.id}/suspend`);
    expect(suspended.status).toBe(200);
    expect(suspended.body.person).toMatchObject({ id: creator.id, suspensionReason: REASON });
    expect(suspended.body.person.suspendedAt).not.toBeNull();

    const balanceOf = async () =>
      (
        await app.request<{ balancePaise: number }>('GET', '/api/wallet/balance', {
          token: viewer.token,
        })
      ).body.balancePaise;
    const balanceBefore = await balanceOf();
    const refusedTip = await tip(viewer.token, creator);
    expect(refusedTip).toMatchObject({
      status: 403,
      body: { code: 'CREATOR_SUSPENDED', message: MESSAGES.creatorSuspended },
    });
    const ordersBefore = sim.orders.size;
    const refusedOrder = await guestOrder(creator);
    expect(refusedOrder).toMatchObject({
      status: 403,
      body: { code: 'CREATOR_SUSPENDED', message: MESSAGES.creatorSuspended },
    });
    expect(sim.orders.size).toBe(ordersBefore); // nothing was opened at Razorpay
    expect(await balanceOf()).toBe(balanceBefore); // no money moved
    expect(await ledgerMismatches(db)).toEqual([]);

    // The creator still signs in and sees their data; their profile says they are suspended.
    const me = await app.request<{ user: User }>('GET', '/api/users/me', { token: creator.token });
    expect(me.status).toBe(200);
    expect(me.body.user.creator).toMatchObject({ handle: creator.handle, suspended: true });
    expect((await app.request('GET', '/api/creator/chats', { token: creator.token })).status).toBe(200);

    // Suspending twice is a conflict; the undo needs a reason too.
    expect((await act(operator.token, `/api/ops/creators/${creator.id}/suspend`)).status).toBe(409);
    expect((await act(operator.token, `/api/ops/creators/${creator.id}/unsuspend`, {})).status).toBe(400);
    const lifted = await act(operator.token, `/api/ops/creators/${creator.id}/unsuspend`, {
      reason: 'Reports were a coordinated prank',
    });
    expect(lifted.status).toBe(200);
    expect(lifted.body.person).toMatchObject({ suspendedAt: null, suspensionReason: null });
    expect((await tip(viewer.token, creator)).status).toBe(200);
    expect((await guestOrder(creator)).status).toBe(200);
    const again = await app.request<{ user: User }>('GET', '/api/users/me', { token: creator.token });
    expect(again.body.user.creator).not.toHaveProperty('suspended');
    expect((await act(operator.token, `/api/ops/creators/${creator.id}/unsuspend`)).status).toBe(409);

    // Two audit rows: who, what, before, after and why.
    const rows = await auditOf(creator.id);
    expect(rows.map((r) => [r.action, r.operator_name, r.reason])).toEqual([
      ['creator.suspend', 'Nisha Ops', REASON],
      ['creator.unsuspend', 'Nisha Ops', 'Reports were a coordinated prank'],
    ]);
    expect(rows[0].before).toEqual({ suspendedAt: null, suspensionReason: null });
    expect(rows[0].after).toMatchObject({ suspensionReason: REASON });
    expect(rows[1].after).toEqual({ suspendedAt: null, suspensionReason: null });
  });

  it('refuses a user who is not a creator (400) and an unknown one (404)', async () => {
    const operator = await buildOperator(db, config);
    const viewer = await buildUser(db, config);
    const notCreator = await act(operator.token, `/api/ops/creators/${viewer.id}/suspend`);
    expect(notCreator).toMatchObject({ status: 400, body: { message: MESSAGES.notACreator } });
    expect((await act(operator.token, `/api/ops/creators/${crypto.randomUUID()}/suspend`)).status).toBe(404);
    expect((await act(operator.token, `/api/ops/creators/not-a-uuid/suspend`)).status).toBe(404);
  });

  it('holds payouts: the payout job sends nothing to a suspended creator, and pays once they are reinstated', async () => {
    const operator = await buildOperator(db, config);
    const creator = await buildCreator(db, config);
    await onboardCreator(app, sim, creator.token, `suspended-${Date.now()}@example.com`);
    await guestTip(app, sim, creator.handle, 100);
    expect((await act(operator.token, `/api/ops/creators/${creator.id}/suspend`)).status).toBe(200);
    await runPayoutCycle(app.deps, { forceStarter: true });
    const transfers = () => db('payout_transfers').where({ creator_id: creator.id }).select('id');
    expect(await transfers()).toHaveLength(0);
    await act(operator.token, `/api/ops/creators/${creator.id}/unsuspend`, {
      reason: 'Cleared after review',
    });
    await runPayoutCycle(app.deps, { forceStarter: true });
    expect(await transfers()).toHaveLength(1);
  });

  it('shows the person to an operator with the phone masked', async () => {
    const operator = await buildOperator(db, config);
    const creator = await buildCreator(db, config);
    const res = await app.request<PersonBody>('GET', `/api/ops/users/${creator.id}`, {
      token: operator.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.person).toMatchObject({
      id: creator.id,
      role: 'creator',
      maskedPhone: `••••••${creator.phone.slice(-4)}`,
      creator: { handle: creator.handle },
      suspendedAt: null,
      bannedAt: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(creator.phone);
  });
});

describe('banning a viewer', () => {
  it('ends their sessions, refuses sign-in with a neutral message, and the unban lets them sign in again', async () => {
    const operator = await buildOperator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 10_000 });
    const creator = await buildCreator(db, config);
    await db('users')
      .where({ id: viewer.id })
      .update({ password_hash: await hashPassword('secret-pass-1') });
    const login = () =>
      app.request<{ token?: string; message?: string }>('POST', '/api/auth/login', {
        body: { phone: viewer.phone, password: 'secret-pass-1' },
      });

    expect((await act(operator.token, `/api/ops/users/${viewer.id}/ban`, {})).status).toBe(400);
    const banned = await act(operator.token, `/api/ops/users/${viewer.id}/ban`);
    expect(banned.status).toBe(200);
    expect(banned.body.person).toMatchObject({ banReason: REASON });

    // The open session is gone: wallet tips and add-money are refused.
    expect((await app.request('GET', '/api/users/me', { token: viewer.token })).status).toBe(401);
    expect((await tip(viewer.token, creator)).status).toBe(401);
    const addMoney = await app.request('POST', '/api/wallet/add-money', {
      token: viewer.token,
      body: { amount: 100 },
    });
    expect(addMoney.status).toBe(401);
    // Sign-in is refused with the right password (the wrong one still hears the usual 401).
    expect(await login()).toMatchObject({ status: 403, body: { message: MESSAGES.accountRestricted } });
    const wrong = await app.request<{ message: string }>('POST', '/api/auth/login', {
      body: { phone: viewer.phone, password: 'wrong-pass-1' },
    });
    expect(wrong).toMatchObject({ status: 401, body: { message: MESSAGES.invalidCredentials } });

    expect((await act(operator.token, `/api/ops/users/${viewer.id}/ban`)).status).toBe(409);
    const unbanned = await act(operator.token, `/api/ops/users/${viewer.id}/unban`, {
      reason: 'Appeal accepted by support',
    });
    expect(unbanned.body.person).toMatchObject({ bannedAt: null, banReason: null });
    const back = await login();
    expect(back.status).toBe(200);
    expect((await tip(back.body.token ?? '', creator)).status).toBe(200);
    expect((await auditOf(viewer.id)).map((r) => [r.action, r.reason])).toEqual([
      ['viewer.ban', REASON],
      ['viewer.unban', 'Appeal accepted by support'],
    ]);
  });

  it('refuses to ban an operator (403) or a creator (400: they are suspended instead)', async () => {
    const operator = await buildOperator(db, config);
    const other = await buildOperator(db, config);
    const creator = await buildCreator(db, config);
    expect(await act(operator.token, `/api/ops/users/${other.id}/ban`)).toMatchObject({
      status: 403,
      body: { message: MESSAGES.cannotBanOperator },
    });
    expect(await act(operator.token, `/api/ops/users/${creator.id}/ban`)).toMatchObject({
      status: 400,
      body: { message: MESSAGES.cannotBanCreator },
    });
    expect((await app.request('GET', '/api/users/me', { token: other.token })).status).toBe(200);
    expect((await app.request('GET', '/api/users/me', { token: creator.token })).status).toBe(200);
    expect(await auditOf(other.id)).toEqual([]);
  });

  it('a guest payment whose contact is the banned viewer’s phone is refunded in full, never a tip', async () => {
    const operator = await buildOperator(db, config);
    const viewer = await buildUser(db, config);
    const creator = await buildCreator(db, config);
    expect((await act(operator.token, `/api/ops/users/${viewer.id}/ban`)).status).toBe(200);
    const order = await guestOrder(creator);
    expect(order.status).toBe(200);
    const orderId = order.body.order?.id ?? '';
    const paid = sim.pay({ orderId, outcome: 'success', method: 'upi', contact: `+91${viewer.phone}` });
    if (!('payment' in paid.body)) throw new Error('no payment');
    await sim.idle();
    expect(await db('tips').where({ order_id: orderId }).first()).toBeUndefined();
    expect(await db('payment_refunds').where({ payment_id: paid.body.payment.id }).first()).toMatchObject({
      status: 'processed',
    });
    // Another payer's contact is not refused.
    const other = await guestOrder(creator);
    sim.pay({
      orderId: other.body.order?.id ?? '',
      outcome: 'success',
      method: 'upi',
      contact: '+919000000001',
    });
    await sim.idle();
    expect(await db('tips').where({ order_id: other.body.order?.id }).first()).toBeDefined();
  });
});
