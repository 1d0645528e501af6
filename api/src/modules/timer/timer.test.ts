import { afterAll, describe, expect, it } from 'vitest';
import {
  defaultTimerSettings,
  webhookPayloadSchemas,
  type CreatorTimer,
  type TimerSettings,
  type WebhookEndpoint,
  type WidgetState,
} from '@shabaash/shared';
import {
  buildCreator,
  buildOperator,
  buildUser,
  seedGuestTip,
  type BuiltCreator,
} from '../../../test/factories.ts';
import { guestTip, walletTip } from '../../../test/payouts.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { startReceiver } from '../../../test/webhookReceiver.ts';
import { runWebhooksOnce } from '../webhooks/webhooks.worker.ts';
import { endDueTimers } from './timer.service.ts';

const { app, sim, bus } = await createPaymentsTestApp({ GUEST_ORDER_LIMIT_PER_IP_PER_MINUTE: '100000' });
const db = app.deps.db;
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
});

const timer = (c: BuiltCreator) => app.request<CreatorTimer>('GET', '/api/creator/timer', { token: c.token });
const act = (c: BuiltCreator, action: 'start' | 'pause' | 'resume') =>
  app.request<CreatorTimer>('POST', `/api/creator/timer/${action}`, { token: c.token });
const save = (c: BuiltCreator, settings: Partial<TimerSettings>) =>
  app.request<CreatorTimer>('PUT', '/api/creator/timer/settings', {
    token: c.token,
    body: { ...defaultTimerSettings(), ...settings },
  });
const pushLive = (c: BuiltCreator, tipId: string, status: 'read' | 'unread' = 'read') =>
  app.request('PATCH', `/api/creator/chats/${tipId}/status`, { token: c.token, body: { status } });
const endsAtMs = (t: CreatorTimer) => Date.parse(t.run.endsAt ?? '');
/** Moves a running timer's end into the past, as if its time ran out. */
const runOut = (c: BuiltCreator) =>
  db('subathon_timers')
    .where({ creator_id: c.id })
    .update({ ends_at: db.raw("clock_timestamp() - interval '1 second'") });

describe('the subathon timer', () => {
  it('adds time once per guest tip, even when Razorpay delivers its webhooks several times', async () => {
    const creator = await buildCreator(db, app.deps.config);
    await save(creator, { startMinutes: 10, secondsPerRupee: 6 });
    const started = (await act(creator, 'start')).body;
    expect(started.run.status).toBe('running');
    sim.switches.duplicates = 3;
    try {
      await guestTip(app, sim, creator.handle, 100);
    } finally {
      sim.reset();
    }
    const after = (await timer(creator)).body;
    expect(after.run.addedSeconds).toBe(600);
    expect(endsAtMs(after) - endsAtMs(started)).toBe(600_000);
  });

  it('adds time when the tip is pushed live, once, however often it is pushed', async () => {
    const creator = await buildCreator(db, app.deps.config);
    await save(creator, { startMinutes: 10, secondsPerRupee: 2, addOn: 'live' });
    await act(creator, 'start');
    const tipId = await seedGuestTip(db, creator.id, { amountPaise: 5_000, status: 'unread' });
    expect((await timer(creator)).body.run.addedSeconds).toBe(0);
    expect((await pushLive(creator, tipId)).status).toBe(200);
    expect((await pushLive(creator, tipId, 'unread')).status).toBe(200);
    expect((await pushLive(creator, tipId)).status).toBe(200);
    expect((await timer(creator)).body.run.addedSeconds).toBe(100);
  });

  it('adds the seconds of the highest tier a tip reaches when time is per tier', async () => {
    const creator = await buildCreator(db, app.deps.config);
    const saved = await save(creator, {
      rateMode: 'tier',
      // Out of order on purpose: the server keeps them by amount.
      tierSeconds: [
        { minAmount: 500, seconds: 600 },
        { minAmount: 50, seconds: 60 },
        { minAmount: 100, seconds: 120 },
      ],
    });
    expect(saved.status).toBe(200);
    await act(creator, 'start');
    for (const amountPaise of [4_900, 5_000, 49_999, 50_000, 100_000])
      await seedGuestTip(db, creator.id, { amountPaise });
    // ₹49 reaches no tier, ₹50 → 60 s, ₹499.99 → 120 s, ₹500 and ₹1,000 → 600 s each.
    const after = (await timer(creator)).body;
    expect(after.run.addedSeconds).toBe(60 + 120 + 600 + 600);
    expect(after.settings.tierSeconds.map((tier) => tier.minAmount)).toEqual([50, 100, 500]);
    const refused = await save(creator, {
      rateMode: 'tier',
      tierSeconds: [
        { minAmount: 100, seconds: 1 },
        { minAmount: 100, seconds: 2 },
      ],
    });
    expect(refused.status).toBe(400);
  });

  it('counts only the kinds of tips the creator chose', async () => {
    const creator = await buildCreator(db, app.deps.config);
    await save(creator, { secondsPerRupee: 1, countGuestTips: false });
    await act(creator, 'start');
    await seedGuestTip(db, creator.id, { amountPaise: 10_000 });
    const viewer = await buildUser(db, app.deps.config, { balancePaise: 50_000 });
    await walletTip(app, viewer.token, creator.handle, 50);
    expect((await timer(creator)).body.run.addedSeconds).toBe(50);
  });

  it('never lets the time left go above a remaining-time cap, nor the whole run above a total cap', async () => {
    const left = await buildCreator(db, app.deps.config);
    await save(left, { startMinutes: 60, secondsPerRupee: 6, capMode: 'remaining', capMinutes: 61 });
    await act(left, 'start');
    await seedGuestTip(db, left.id, { amountPaise: 100_000 });
    const capped = (await timer(left)).body;
    expect(endsAtMs(capped) - Date.parse(capped.run.serverNow)).toBeLessThanOrEqual(61 * 60_000);
    expect(capped.run.addedSeconds).toBeGreaterThanOrEqual(59);
    expect(capped.run.addedSeconds).toBeLessThanOrEqual(60);

    const total = await buildCreator(db, app.deps.config);
    await save(total, { startMinutes: 60, secondsPerRupee: 1, capMode: 'total', capMinutes: 62 });
    await act(total, 'start');
    await seedGuestTip(db, total.id, { amountPaise: 10_000 });
    await seedGuestTip(db, total.id, { amountPaise: 10_000 });
    expect((await timer(total)).body.run.addedSeconds).toBe(120);
  });

  it('keeps the time left while paused, adds tips to it, and resumes from it', async () => {
    const creator = await buildCreator(db, app.deps.config);
    await save(creator, { startMinutes: 30, secondsPerRupee: 1 });
    await act(creator, 'start');
    const paused = (await act(creator, 'pause')).body.run;
    expect(paused.status).toBe('paused');
    expect(paused.endsAt).toBeNull();
    expect(paused.remainingMs).toBeLessThanOrEqual(30 * 60_000);
    expect(paused.remainingMs).toBeGreaterThan(30 * 60_000 - 5_000);
    await new Promise((r) => setTimeout(r, 300));
    // Paused time does not run down, and a second pause changes nothing.
    expect((await act(creator, 'pause')).body.run.remainingMs).toBe(paused.remainingMs);
    await seedGuestTip(db, creator.id, { amountPaise: 1_000 });
    expect((await timer(creator)).body.run.remainingMs).toBe((paused.remainingMs ?? 0) + 10_000);
    const resumed = (await act(creator, 'resume')).body.run;
    expect(resumed.status).toBe('running');
    const left = Date.parse(resumed.endsAt ?? '') - Date.parse(resumed.serverNow);
    expect(Math.abs(left - ((paused.remainingMs ?? 0) + 10_000))).toBeLessThan(50);
    // Start while running answers the run as it is.
    expect((await act(creator, 'start')).body.run.endsAt).toBe(resumed.endsAt);
  });

  it('announces timer.ended once, to webhooks and sockets, however many instances look for it', async () => {
    const creator = await buildCreator(db, app.deps.config);
    const hook = await startReceiver();
    closers.push(() => hook.close());
    const reg = await app.request<{ endpoint: WebhookEndpoint }>('POST', '/api/creator/webhooks', {
      token: creator.token,
      body: { url: hook.url, events: ['timer.ended'] },
    });
    expect(reg.status).toBe(200);
    await save(creator, { startMinutes: 1, endingText: 'GG, see you tomorrow' });
    await act(creator, 'start');
    await runOut(creator);
    bus.timerUpdates.length = 0;
    const counts = await Promise.all([
      endDueTimers(app.deps),
      endDueTimers(app.deps),
      endDueTimers(app.deps),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    await endDueTimers(app.deps);
    const mine = bus.timerUpdates.filter((u) => u.creatorId === creator.id && u.ended);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.run.status).toBe('ended');

    for (let i = 0; i < 40 && hook.handled.size < 1; i += 1) {
      await runWebhooksOnce(app.deps);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(hook.requests.map((r) => r.body.event)).toEqual(['timer.ended']);
    webhookPayloadSchemas['timer.ended'].parse(hook.requests[0]?.body);

    const widget = await app.request<WidgetState>(
      'GET',
      `/api/overlay/widgets?key=${encodeURIComponent(creator.overlayKey)}`,
    );
    expect(widget.body.timer).toMatchObject({ status: 'ended', endingText: 'GG, see you tomorrow' });
    // A tip after the end adds nothing.
    await seedGuestTip(db, creator.id, { amountPaise: 10_000 });
    expect((await timer(creator)).body.run.addedSeconds).toBe(0);
  });

  it('shows the operator whether a creator’s timer runs, and audits each of the creator’s actions', async () => {
    const creator = await buildCreator(db, app.deps.config);
    const operator = await buildOperator(db, app.deps.config);
    const seen = async () =>
      (
        await app.request<{ person: { timer?: { status: string; endsAt: string | null } } }>(
          'GET',
          `/api/ops/users/${creator.id}`,
          { token: operator.token },
        )
      ).body.person.timer;
    expect(await seen()).toEqual({ status: 'idle', endsAt: null });
    await save(creator, { startMinutes: 5 });
    const started = (await act(creator, 'start')).body;
    expect(await seen()).toEqual({ status: 'running', endsAt: started.run.endsAt });
    await act(creator, 'pause');
    await act(creator, 'pause'); // changes nothing, so no audit row
    await act(creator, 'resume');
    const audit = await db('operator_audit').where({ target_id: creator.id }).orderBy('id').pluck('action');
    expect(audit).toEqual(['timer.settings', 'timer.start', 'timer.pause', 'timer.resume']);
  });

  it('is the creator’s own: a viewer cannot start it', async () => {
    const viewer = await buildUser(db, app.deps.config);
    const res = await app.request('POST', '/api/creator/timer/start', { token: viewer.token });
    expect(res.status).toBe(403);
  });
});
