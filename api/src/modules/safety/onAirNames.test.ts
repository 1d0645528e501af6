import { beforeAll, describe, expect, it } from 'vitest';
import {
  SAFETY_MESSAGES,
  defaultWidgetSettings,
  type StreamState,
  type User,
  type WidgetState,
} from '@shabaash/shared';
import { authEmulatorUrl, createTestApp, type TestApp } from '../../../test/harness.ts';
import { getPhoneIdToken } from '../../../test/firebaseEmulator.ts';
import {
  buildCreator,
  buildUser,
  creatorAndViewer,
  randomPhone,
  seedGuestTip,
  type BuiltCreator,
} from '../../../test/factories.ts';
import { flagQueuedTips } from './safety.service.ts';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

/** Orders the Razorpay simulator holds for a creator: an order refused before payment never gets there. */
function gatewayOrders(creatorId: string): number {
  const sim = app.payments.simulator;
  if (!sim) throw new Error('the test app runs the payments simulator');
  return [...sim.orders.values()].filter(
    (order) => !Array.isArray(order.notes) && order.notes.creatorId === creatorId,
  ).length;
}

async function orderRows(creatorId: string): Promise<number> {
  const [row] = await app.deps
    .db('payment_orders')
    .where({ creator_id: creatorId })
    .count<{ n: string }[]>('* as n');
  return Number(row?.n);
}

const guestOrder = (creator: BuiltCreator, name: string) =>
  app.request<{ message?: string; field?: string }>('POST', '/api/tips/guest/order', {
    body: { ageConfirmed: true, amount: 99, name, message: 'Great stream!', creator: creator.handle },
  });

async function setSafety(creator: BuiltCreator, body: Record<string, unknown>) {
  const res = await app.request('PUT', '/api/creator/safety', { token: creator.token, body });
  expect(res.status).toBe(200);
}

async function enableSupporters(creator: BuiltCreator) {
  const res = await app.request('PUT', '/api/creator/settings', {
    token: creator.token,
    body: {
      overlayTheme: 'classic',
      font: 'Poppins',
      color: '#ff5c5c',
      sound: 'default',
      widgets: { ...defaultWidgetSettings(), supporters: { enabled: true, range: 'all' } },
    },
  });
  expect(res.status).toBeLessThan(300);
}

describe('names are filtered before payment and before they are set', () => {
  it.each([
    ['a built-in slur', 'Chutiya Fan'],
    ['small capitals', 'ᴍᴀᴅᴀʀᴄʜᴏᴅ'],
    ['Lisu look-alikes', 'ꓝꓴꓚꓗ you'],
    ["one of the creator's own words", 'Noob Master'],
  ])('a guest order named with %s is refused before any Razorpay order', async (_label, name) => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    await setSafety(creator, { blockedTerms: ['noob'] });
    const res = await guestOrder(creator, name);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: SAFETY_MESSAGES.blockedName });
    expect(gatewayOrders(creator.id)).toBe(0);
    expect(await orderRows(creator.id)).toBe(0);

    const fine = await guestOrder(creator, 'Asha 🙏');
    expect(fine.status).toBe(200);
    expect(gatewayOrders(creator.id)).toBe(1);
  });

  it('registration refuses a display name with a blocked word; no account is made', async () => {
    const phone = randomPhone();
    const firebaseToken = await getPhoneIdToken(authEmulatorUrl(), 'demo-shabaash', phone);
    const res = await app.request<{ message?: string }>('POST', '/api/auth/register', {
      body: { dateOfBirth: '1990-06-15', name: 'Bhenchod Bhai', phone, password: 'secret123', firebaseToken },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: SAFETY_MESSAGES.blockedDisplayName });
    expect(await app.deps.db('users').where({ phone }).first('id')).toBeUndefined();

    const fine = await app.request<{ user: User }>('POST', '/api/auth/register', {
      body: { dateOfBirth: '1990-06-15', name: 'Bhanu Bhai', phone, password: 'secret123', firebaseToken },
    });
    expect(fine.status).toBe(201);
  });

  it.each([
    ['display name', { displayName: 'ꜰᴜᴄᴋ Gaming', handle: 'clean-gaming' }],
    ['handle', { displayName: 'Clean Gaming', handle: 'chutiya-gaming' }],
  ])('becoming a creator refuses a %s with a blocked word', async (_label, input) => {
    const user = await buildUser(app.deps.db, app.deps.config);
    const suffix = user.id.slice(0, 6);
    const res = await app.request<{ message?: string }>('POST', '/api/creator/profile', {
      token: user.token,
      body: { ...input, handle: `${input.handle}-${suffix}` },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: SAFETY_MESSAGES.blockedDisplayName });
    expect(await app.deps.db('creators').where({ user_id: user.id }).first('user_id')).toBeUndefined();
  });
});

describe('a name set before never reaches the air unapproved', () => {
  it('a trusted sender whose name carries a blocked word is held in the queue, not auto-live, and flagged', async () => {
    const { creator, viewer } = await creatorAndViewer(app.deps, 100_000);
    await setSafety(creator, { reviewMode: 'auto_live_trusted', autoLiveMinAmount: 10 });
    const first = await app.request<{ tip: { id: string } }>('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 20, message: 'first', creator: creator.handle },
    });
    await app.request('PATCH', `/api/creator/chats/${first.body.tip.id}/status`, {
      token: creator.token,
      body: { status: 'read' },
    });
    // A name from before names were filtered.
    await app.deps.db('users').where({ id: viewer.id }).update({ name: 'Randi Rona' });
    const second = await app.request<{ tip: { id: string; status: string } }>('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 20, message: 'hello again', creator: creator.handle },
    });
    expect(second.status).toBe(200);
    expect(second.body.tip.status).toBe('unread');
    expect(await flagQueuedTips(app.deps.db, creator.id)).toEqual([second.body.tip.id]);
  });

  it('the supporters widget and the top tip show "Anonymous" for a blocked name, with its amount', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    await setSafety(creator, { blockedTerms: ['noob'] });
    await enableSupporters(creator);
    await app.request('POST', '/api/creator/stream/start', { token: creator.token });
    await seedGuestTip(app.deps.db, creator.id, {
      guestName: '🅵🆄🅲🅺 you',
      amountPaise: 50_000,
      status: 'read',
    });
    // Both on air: only the blocked word keeps a name off the widget (a queued tip's name waits anyway).
    await seedGuestTip(app.deps.db, creator.id, {
      guestName: 'noob slayer',
      amountPaise: 30_000,
      status: 'read',
    });
    await seedGuestTip(app.deps.db, creator.id, { guestName: 'Asha', amountPaise: 20_000, status: 'read' });

    const widgets = await app.request<WidgetState>(
      'GET',
      `/api/overlay/widgets?key=${encodeURIComponent(creator.overlayKey)}`,
    );
    expect(widgets.status).toBe(200);
    expect(widgets.body.supporters.map((s) => [s.name, s.amountPaise])).toEqual([
      ['Anonymous', 50_000],
      ['Anonymous', 30_000],
      ['Asha', 20_000],
    ]);

    const stream = await app.request<StreamState>('GET', '/api/creator/stream', { token: creator.token });
    expect(stream.body.totals.topTip).toMatchObject({ name: 'Anonymous', amountPaise: 50_000 });
  });
});
