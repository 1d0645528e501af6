import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../../test/harness.ts';
import { buildCreator, buildUser, seedGuestTip } from '../../test/factories.ts';
import { sampleOf, scrapeMetrics, TEST_METRICS_TOKEN } from '../../test/metrics.ts';
import { TestSocket } from '../../test/realtime/testSocket.ts';
import { scrapeRefusal } from './metrics.routes.ts';
import { registerDbGauge } from './registry.ts';

const app = await createTestApp({
  realtime: true,
  env: { METRICS_TOKEN: TEST_METRICS_TOKEN, LEADS_LIMIT_PER_IP_PER_MINUTE: '1' },
});
const { db, config } = app.deps;

/** Every family GET /metrics must carry (docs/OPERATIONS.md, "Metrics and alerts"). */
const FAMILIES = [
  'shabaash_tips_total',
  'shabaash_guest_payments_total',
  'shabaash_tip_delivery_seconds',
  'shabaash_open_sockets',
  'shabaash_webhook_deliveries_due',
  'shabaash_webhook_backlog_age_seconds',
  'shabaash_webhook_deliveries_retrying',
  'shabaash_webhook_endpoints_disabled',
  'shabaash_payout_transfers',
  'shabaash_alerts_unacknowledged',
  'shabaash_reconciliation_differences',
  'shabaash_disputes_open',
  'shabaash_fees_covered_tips',
  'shabaash_fees_covered_paise',
  'shabaash_timer_events_total',
  'shabaash_moderator_actions_total',
  'shabaash_tier_sound_uploads_total',
  'shabaash_youtube_connections_total',
  'shabaash_youtube_live_polls_total',
  'shabaash_youtube_live_quota_units_total',
  'shabaash_youtube_live_states_total',
  'shabaash_timers_running',
  'shabaash_timer_seconds_added',
  'shabaash_db_pool_pending_acquires',
  'shabaash_db_pool_used',
  'shabaash_db_pool_free',
  'shabaash_db_pool_acquire_seconds',
  'shabaash_rate_limit_refusals_total',
  'shabaash_tds_exports_total',
  'shabaash_part_up',
  'nodejs_eventloop_lag_p99_seconds',
];

const scrape = () => scrapeMetrics(app.url);

const DEPLOY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../deploy');

describe('GET /metrics', () => {
  it('refuses a scrape without the metrics token, or with another, and answers the right one in the text format', async () => {
    const bare = await fetch(`${app.url}/metrics`);
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const wrong = await fetch(`${app.url}/metrics`, {
      headers: { authorization: `Bearer ${TEST_METRICS_TOKEN.replace(/.$/, 'x')}` },
    });
    expect(wrong.status).toBe(401);
    // A session token is not the metrics token.
    const viewer = await buildUser(db, config);
    const session = await fetch(`${app.url}/metrics`, {
      headers: { authorization: `Bearer ${viewer.token}` },
    });
    expect(session.status).toBe(401);
    const ok = await fetch(`${app.url}/metrics`, {
      headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await ok.text()).toContain('# TYPE shabaash_tips_total counter');
  });

  it('without METRICS_TOKEN: 404 in production and behind a proxy, loopback only elsewhere', () => {
    const open = { ...testConfig(), METRICS_TOKEN: undefined };
    const loopback = { authorization: '', peer: '127.0.0.1' };
    expect(scrapeRefusal(loopback, open)).toBeNull();
    expect(scrapeRefusal({ authorization: '', peer: '::1' }, open)).toBeNull();
    expect(scrapeRefusal({ authorization: '', peer: '192.168.1.20' }, open)).toBe(404);
    expect(scrapeRefusal(loopback, { ...open, NODE_ENV: 'production' })).toBe(404);
    expect(scrapeRefusal(loopback, { ...open, TRUST_PROXY: true })).toBe(404);
    // With a token, even loopback needs it.
    expect(scrapeRefusal(loopback, { ...open, METRICS_TOKEN: TEST_METRICS_TOKEN })).toBe(401);
  });

  it('carries every family, the database ones included, and says each part is up', async () => {
    const families = await scrape();
    const names = families.map((f) => f.name);
    for (const name of FAMILIES) expect(names, name).toContain(name);
    for (const status of ['created', 'in_transit', 'processed', 'failed'])
      expect(families.find((f) => f.name === 'shabaash_payout_transfers')?.metrics).toContainEqual(
        expect.objectContaining({ labels: { status } }),
      );
    expect(sampleOf(families, 'shabaash_part_up', { part: 'database' })).toBe(1);
  });

  it('names in the Grafana dashboard and the alert rules only families /metrics carries', async () => {
    const names = new Set((await scrape()).map((f) => f.name));
    for (const file of ['grafana/shabaash.json', 'prometheus/alerts.yml']) {
      const text = fs.readFileSync(path.join(DEPLOY, file), 'utf8');
      const used = new Set(
        [...text.matchAll(/\b(shabaash_[a-z_]+|nodejs_[a-z0-9_]+)/g)].map((m) =>
          m[1]!.replace(/_(bucket|sum|count)$/, ''),
        ),
      );
      expect(used.size, file).toBeGreaterThan(5);
      for (const name of used) expect(names, `${file}: ${name}`).toContain(name);
    }
  });

  it('counts a sent and a refused wallet tip, and observes the sent one reaching the creator’s socket', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config, { balancePaise: 10_000 });
    const broke = await buildUser(db, config, { balancePaise: 0 });
    const socket = await TestSocket.hello(app.url, { token: creator.token });
    const before = await scrape();

    const sent = await app.request('POST', '/api/tips/send', {
      token: viewer.token,
      body: { amount: 20, message: 'Metrics!', creator: creator.handle },
    });
    expect(sent.status).toBe(200);
    await socket.waitFor((m) => m.type === 'tip:new');
    const refused = await app.request('POST', '/api/tips/send', {
      token: broke.token,
      body: { amount: 20, message: 'No money', creator: creator.handle },
    });
    expect(refused.status).toBe(402);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sampleOf(after, name, labels) - sampleOf(before, name, labels);
    expect(delta('shabaash_tips_total', { outcome: 'sent' })).toBe(1);
    expect(delta('shabaash_tips_total', { outcome: 'refused', code: 'PAYMENT_REQUIRED' })).toBe(1);
    expect(delta('shabaash_tip_delivery_seconds')).toBe(1);
    socket.ws.close();
  });

  it('shows each opened socket under its kind (creator app, viewer app, overlay), and drops it when it closes', async () => {
    const creator = await buildCreator(db, config);
    const viewer = await buildUser(db, config);
    const kinds = async () => {
      const families = await scrape();
      return Object.fromEntries(
        ['creator', 'viewer', 'overlay'].map((kind) => [
          kind,
          sampleOf(families, 'shabaash_open_sockets', { kind }),
        ]),
      );
    };
    const before = await kinds();
    const sockets = [
      await TestSocket.hello(app.url, { token: creator.token }),
      await TestSocket.hello(app.url, { token: viewer.token, creator: creator.handle }),
      await TestSocket.hello(app.url, { overlayKey: creator.overlayKey }),
    ];
    expect(await kinds()).toEqual({
      creator: before.creator! + 1,
      viewer: before.viewer! + 1,
      overlay: before.overlay! + 1,
    });
    for (const socket of sockets) socket.ws.close();
    await Promise.all(sockets.map((socket) => socket.closed));
    await expect.poll(kinds).toEqual(before);
  });

  it('counts a rate-limit refusal under the name of its limit', async () => {
    const before = sampleOf(await scrape(), 'shabaash_rate_limit_refusals_total', { rule: 'leadsPerIp' });
    const lead = { phone: '9876543210' };
    expect((await app.request('POST', '/api/leads', { body: lead })).status).toBe(201);
    expect((await app.request('POST', '/api/leads', { body: lead })).status).toBe(429);
    const after = sampleOf(await scrape(), 'shabaash_rate_limit_refusals_total', { rule: 'leadsPerIp' });
    expect(after - before).toBe(1);
  });

  it('counts a captured guest payment', async () => {
    const sim = app.payments.simulator!;
    const creator = await buildCreator(db, config);
    const before = sampleOf(await scrape(), 'shabaash_guest_payments_total', { outcome: 'captured' });
    const order = await app.request<{ order: { id: string } }>('POST', '/api/tips/guest/order', {
      body: { ageConfirmed: true, amount: 50, name: 'Asha', message: 'Hi', creator: creator.handle },
    });
    expect(order.status).toBe(200);
    expect(sim.pay({ orderId: order.body.order.id, outcome: 'success' }).status).toBe(200);
    await sim.idle();
    const after = sampleOf(await scrape(), 'shabaash_guest_payments_total', { outcome: 'captured' });
    expect(after - before).toBe(1);
  });

  it('reads the webhook backlog, payout transfers and unacknowledged alerts from the database at scrape time', async () => {
    const creator = await buildCreator(db, config);
    const before = await scrape();
    // A due delivery to an endpoint that failed once.
    const [endpoint] = await db('outgoing_webhook_endpoints')
      .insert({
        creator_id: creator.id,
        url: 'https://example.com/hook',
        secret: 's',
        events: ['tip.created'],
      })
      .returning<Array<{ id: string }>>('id');
    const eventId = `evt_${randomUUID()}`;
    await db('outgoing_webhook_events').insert({
      id: eventId,
      creator_id: creator.id,
      event: 'tip.created',
      data: {},
    });
    await db('outgoing_webhook_deliveries').insert({
      event_id: eventId,
      endpoint_id: endpoint!.id,
      attempts: 1,
      next_attempt_at: db.raw(`now() - interval '90 seconds'`),
    });
    // A failed payout transfer.
    await db('payout_transfers').insert({
      creator_id: creator.id,
      idempotency_key: `test:${randomUUID()}`,
      kind: 'direct',
      account_id: 'acc_test',
      amount_paise: 1000,
      status: 'failed',
    });
    // An overlay that acknowledged one alert, then left the next live one without a receipt for 30 s.
    const aired = await insertLiveTip(creator.id, `now() - interval '60 seconds'`);
    await db('tips')
      .where({ id: aired })
      .update({ aired_at: db.raw('now()'), aired_sound: 'played' });
    await insertLiveTip(creator.id, `now() - interval '30 seconds'`);
    // Just pushed live: within its 5 s deadline, not counted yet.
    await insertLiveTip(creator.id, 'now()');

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sampleOf(after, name, labels) - sampleOf(before, name, labels);
    expect(delta('shabaash_webhook_deliveries_due')).toBe(1);
    expect(delta('shabaash_webhook_deliveries_retrying')).toBe(1);
    expect(sampleOf(after, 'shabaash_webhook_backlog_age_seconds')).toBeGreaterThanOrEqual(89);
    expect(delta('shabaash_payout_transfers', { status: 'failed' })).toBe(1);
    expect(delta('shabaash_alerts_unacknowledged')).toBe(1);
  });

  it('reads a database gauge registered with registerDbGauge, and gives NaN for one whose read fails', async () => {
    registerDbGauge('shabaash_test_creators', 'Creators (a test gauge).', ['kind'], async (reader) => {
      const [row] = await reader('creators').count<Array<{ count: string }>>('* as count');
      return [{ labels: { kind: 'all' }, value: Number(row?.count ?? 0) }];
    });
    registerDbGauge('shabaash_test_broken', 'A read that fails.', [], () =>
      Promise.reject(new Error('no such table')),
    );
    await buildCreator(db, config);
    const families = await scrape();
    const [row] = await db('creators').count<Array<{ count: string }>>('* as count');
    expect(sampleOf(families, 'shabaash_test_creators', { kind: 'all' })).toBe(Number(row?.count));
    expect(sampleOf(families, 'shabaash_test_broken')).toBeNaN();
    expect(sampleOf(families, 'shabaash_part_up', { part: 'database' })).toBe(1);
  });

  it('still answers when the database is unreachable, with its part down', async () => {
    const lonely = await createTestApp({ env: { METRICS_TOKEN: TEST_METRICS_TOKEN } });
    await lonely.deps.db.destroy();
    const families = await scrapeMetrics(lonely.url);
    expect(sampleOf(families, 'shabaash_part_up', { part: 'database' })).toBe(0);
    expect(sampleOf(families, 'shabaash_webhook_deliveries_due')).toBeNaN();
    expect(families.find((f) => f.name === 'shabaash_payout_transfers')?.metrics ?? []).toEqual([]);
  });
});

/** A live (pushed) tip of `creatorId` whose push happened at `liveAt` (SQL), without a receipt. */
async function insertLiveTip(creatorId: string, liveAt: string): Promise<string> {
  const id = await seedGuestTip(db, creatorId, { status: 'read' });
  await db('tips')
    .where({ id })
    .update({ updated_at: db.raw(liveAt) });
  return id;
}
