import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  webhookPayloadSchemas,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@shabaash/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildCreator, seedGuestTip, type BuiltCreator } from '../../../test/factories.ts';
import { documentedVerifier, startReceiver } from '../../../test/webhookReceiver.ts';
import { KEEP_LOG_MS, runWebhooksOnce } from './webhooks.worker.ts';
import { pruneEvents } from './webhooks.repository.ts';
import { withinOneMinuteWindow } from '../../../test/rateWindows.ts';

let app: TestApp;
const receivers: Array<{ close: () => Promise<void> }> = [];

beforeAll(async () => {
  app = await createTestApp({
    env: {
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_DISABLE_AFTER_FAILURES: '3',
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_SEND_WAIT_MS: '300',
      WEBHOOK_ENDPOINT_CONCURRENCY: '2',
    },
  });
});
afterAll(async () => {
  for (const r of receivers) await r.close();
});

/** A receiver that holds every request until `release()`, then answers 200 (a slow endpoint). */
async function heldReceiver() {
  let release = () => undefined as void;
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  const slow = await receiver(async () => {
    await answered;
    return 200;
  });
  return { slow, release };
}

async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

async function register(creator: BuiltCreator, url: string, events: WebhookEvent[]) {
  const res = await app.request<{ endpoint: WebhookEndpoint; secret: string; message?: string }>(
    'POST',
    '/api/creator/webhooks',
    { token: creator.token, body: { url, events } },
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body;
}

const seedTip = (creator: BuiltCreator, status: 'unread' | 'read' = 'unread') =>
  seedGuestTip(app.deps.db, creator.id, { status, amountPaise: 25_000, message: 'Shabaash!' });

/** Runs the worker's passes until `done` holds (each pass is what the background loop does). */
async function workUntil(done: () => boolean, { waitMs = 60, passes = 40 } = {}) {
  for (let i = 0; i < passes && !done(); i += 1) {
    await runWebhooksOnce(app.deps);
    if (!done()) await new Promise((r) => setTimeout(r, waitMs));
  }
  expect(done()).toBe(true);
}

const deliveries = async (creator: BuiltCreator, endpointId: string) =>
  (
    await app.request<{ deliveries: WebhookDelivery[] }>(
      'GET',
      `/api/creator/webhooks/${endpointId}/deliveries`,
      {
        token: creator.token,
      },
    )
  ).body.deliveries;

describe('outgoing webhooks', () => {
  it('delivers tip.created, tip.live and tip.deleted signed; the documented Node check verifies them', async () => {
    const verify = await documentedVerifier();
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const hook = await receiver();
    const { secret } = await register(creator, hook.url, ['tip.created', 'tip.live', 'tip.deleted']);
    const tipId = await seedTip(creator);
    await workUntil(() => hook.handled.size === 1);
    const live = await app.request('PATCH', `/api/creator/chats/${tipId}/status`, {
      token: creator.token,
      body: { status: 'read' },
    });
    expect(live.status).toBe(200);
    await workUntil(() => hook.handled.size === 2);
    expect(
      (await app.request('DELETE', `/api/creator/chats/${tipId}`, { token: creator.token })).status,
    ).toBe(200);
    await workUntil(() => hook.handled.size === 3);

    expect(hook.requests.map((r) => r.body.event)).toEqual(['tip.created', 'tip.live', 'tip.deleted']);
    for (const r of hook.requests) {
      expect(verify(r.rawBody, r.signature, r.timestamp, secret)).toBe(true);
      expect(verify(r.rawBody, r.signature, r.timestamp, `${secret}x`)).toBe(false);
      expect(verify(Buffer.concat([r.rawBody, Buffer.from(' ')]), r.signature, r.timestamp, secret)).toBe(
        false,
      );
      expect(r.eventIdHeader).toBe(r.body.id);
      // The body is what the OpenAPI document's `webhooks` says it is.
      webhookPayloadSchemas[r.body.event as WebhookEvent].parse(r.body);
      expect(r.body.id).toMatch(/^evt_[0-9a-f]{32}$/);
      expect(Number.isNaN(Date.parse(r.body.createdAt))).toBe(false);
    }
    expect(hook.requests[0]?.body.data).toMatchObject({
      tip: { id: tipId, amount: 250, message: 'Shabaash!' },
    });
    expect(hook.requests[2]?.body.data).toEqual({ id: tipId });
  });

  it('signs the time of each attempt with the body: the documented check refuses a replay after 5 minutes', async () => {
    const verify = await documentedVerifier();
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const hook = await receiver();
    const { secret } = await register(creator, hook.url, ['tip.created']);
    await seedTip(creator);
    await workUntil(() => hook.handled.size === 1);
    const [r] = hook.requests;
    if (!r) throw new Error('no delivery');
    const signedAt = Number(r.timestamp);
    expect(Math.abs(Date.now() / 1000 - signedAt)).toBeLessThan(60);
    expect(verify(r.rawBody, r.signature, r.timestamp, secret)).toBe(true);
    // The same captured request, replayed 5 minutes and a second later: refused.
    expect(verify(r.rawBody, r.signature, r.timestamp, secret, signedAt + 299)).toBe(true);
    expect(verify(r.rawBody, r.signature, r.timestamp, secret, signedAt + 301)).toBe(false);
    // Replayed with a fresh timestamp header instead: the signature does not cover it.
    expect(verify(r.rawBody, r.signature, String(signedAt + 301), secret, signedAt + 301)).toBe(false);
    // Without a timestamp, or with the old body-only signature: refused.
    expect(verify(r.rawBody, r.signature, undefined, secret)).toBe(false);
    const bodyOnly = createHmac('sha256', secret).update(r.rawBody).digest('hex');
    expect(verify(r.rawBody, bodyOnly, r.timestamp, secret)).toBe(false);
  });

  it('sends only the events an endpoint subscribed to, and an auto-live tip as created then live', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const liveOnly = await receiver();
    const all = await receiver();
    await register(creator, liveOnly.url, ['tip.live']);
    await register(creator, all.url, ['tip.created', 'tip.live']);
    await seedTip(creator, 'read');
    await seedTip(creator, 'unread');
    await workUntil(() => all.handled.size === 3 && liveOnly.handled.size === 1);
    expect(liveOnly.requests.map((r) => r.body.event)).toEqual(['tip.live']);
    expect(all.requests.map((r) => r.body.event).sort()).toEqual(['tip.created', 'tip.created', 'tip.live']);
  });

  it('writes a delivery answered at once a single time, with its outcome, in the transaction that moves the cursor', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const one = await receiver();
    const two = await receiver();
    await register(creator, one.url, ['tip.created']);
    await register(creator, two.url, ['tip.created']);
    await seedTip(creator);
    await runWebhooksOnce(app.deps);
    expect([one.handled.size, two.handled.size]).toEqual([1, 1]);
    // xmin is the transaction that wrote a row's current version: an update afterwards would change it.
    const { rows } = await app.deps.db.raw<{
      rows: Array<{ delivery: string; event: string; cursor: string; status: string; attempts: number }>;
    }>(
      `select d.xmin::text as delivery, e.xmin::text as event, c.xmin::text as cursor, d.status, d.attempts
       from outgoing_webhook_deliveries d join outgoing_webhook_events e on e.id = d.event_id
       join outgoing_webhook_cursors c on c.creator_id = e.creator_id where e.creator_id = ?`,
      [creator.id],
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r).toMatchObject({ status: 'delivered', attempts: 1 });
      expect([r.delivery, r.cursor]).toEqual([r.event, r.event]);
    }
  });

  it('retries after a 500 with the same event, and a receiver that dedupes by id handles each event once', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const seen = new Map<string, number>();
    const hook = await receiver((r) => {
      const n = (seen.get(r.body.id) ?? 0) + 1;
      seen.set(r.body.id, n);
      return n === 1 ? 500 : 200;
    });
    const { endpoint } = await register(creator, hook.url, ['tip.created']);
    await seedTip(creator);
    await seedTip(creator);
    await runWebhooksOnce(app.deps);
    const afterFirst = await deliveries(creator, endpoint.id);
    expect(afterFirst.map((d) => [d.status, d.attempts, d.lastStatusCode])).toEqual([
      ['pending', 1, 500],
      ['pending', 1, 500],
    ]);
    expect(afterFirst[0]?.nextAttemptAt).not.toBeNull();
    await workUntil(() => hook.handled.size === 2);
    // Nothing more goes out once delivered.
    for (let i = 0; i < 3; i += 1) await runWebhooksOnce(app.deps);
    expect(hook.requests).toHaveLength(4);
    expect([...seen.values()]).toEqual([2, 2]);
    const log = await deliveries(creator, endpoint.id);
    expect(log.map((d) => [d.status, d.attempts, d.lastStatusCode])).toEqual([
      ['delivered', 2, 200],
      ['delivered', 2, 200],
    ]);
    // The retry carried the same bytes as the first attempt.
    const [first, second] = hook.requests.filter((r) => r.body.id === log[0]?.eventId);
    expect(second?.rawBody.equals(first!.rawBody)).toBe(true);
  });

  it('sends a test event and re-sends a delivery by hand (same event id); the log shows both', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const hook = await receiver();
    const { endpoint } = await register(creator, hook.url, ['tip.live']);
    const test = await app.request<{ delivery: WebhookDelivery }>(
      'POST',
      `/api/creator/webhooks/${endpoint.id}/test`,
      { token: creator.token },
    );
    expect(test.status).toBe(200);
    expect(test.body.delivery).toMatchObject({ event: 'webhook.test', status: 'pending', attempts: 0 });
    await workUntil(() => hook.requests.length === 1);
    expect(hook.requests[0]?.body.event).toBe('webhook.test');
    const resend = await app.request<{ delivery: WebhookDelivery }>(
      'POST',
      `/api/creator/webhooks/deliveries/${test.body.delivery.id}/resend`,
      { token: creator.token },
    );
    expect(resend.body.delivery.status).toBe('pending');
    await workUntil(() => hook.requests.length === 2);
    expect(hook.requests[1]?.body.id).toBe(hook.requests[0]?.body.id);
    expect(hook.handled.size).toBe(1);
    const [log] = await deliveries(creator, endpoint.id);
    expect(log).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });

    // Another creator sees none of it and cannot re-send it.
    const other = await buildCreator(app.deps.db, app.deps.config);
    expect(
      (await app.request('GET', `/api/creator/webhooks/${endpoint.id}/deliveries`, { token: other.token }))
        .status,
    ).toBe(404);
    expect(
      (
        await app.request('POST', `/api/creator/webhooks/deliveries/${log!.id}/resend`, {
          token: other.token,
        })
      ).status,
    ).toBe(404);
  });

  it('limits "Send test event" and "Re-send" to 5 a minute per endpoint and 20 per creator, and says so', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const hook = await receiver();
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) ids.push((await register(creator, hook.url, ['tip.live'])).endpoint.id);
    const [a, b, c, d] = ids as [string, string, string, string];
    const sendTest = (endpointId: string, token = creator.token) =>
      app.request<{ delivery: WebhookDelivery; message: string; code: string }>(
        'POST',
        `/api/creator/webhooks/${endpointId}/test`,
        { token },
      );
    const statuses = async (endpointId: string, times: number) => {
      const out: number[] = [];
      for (let i = 0; i < times; i += 1) out.push((await sendTest(endpointId)).status);
      return out;
    };

    // Per endpoint: 5 test events, then a 429 that says why and when to come back; a re-send counts too.
    await withinOneMinuteWindow(app.deps.db);
    const first = await sendTest(a);
    expect([first.status, ...(await statuses(a, 4))]).toEqual([200, 200, 200, 200, 200]);
    const refused = await sendTest(a);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'RATE_LIMITED',
      message:
        'Too many test events and re-sends: at most 5 a minute to one endpoint and 20 to all of yours. Please wait a minute and try again.',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const resend = await app.request(
      'POST',
      `/api/creator/webhooks/deliveries/${first.body.delivery.id}/resend`,
      { token: creator.token },
    );
    expect(resend.status).toBe(429);
    // Per creator: 20 in all (the 7 above count), whichever endpoints they go to.
    expect(await statuses(b, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(await statuses(c, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(await statuses(d, 4)).toEqual([200, 200, 200, 429]);
    const queued = await app.deps
      .db('outgoing_webhook_deliveries')
      .whereIn('endpoint_id', ids)
      .count('* as n');
    expect(Number(queued[0]?.n)).toBe(18);

    // Another creator's attempts on an endpoint that is not theirs are 404s and use up none of its sends.
    const owner = await buildCreator(app.deps.db, app.deps.config);
    const { endpoint } = await register(owner, hook.url, ['tip.live']);
    const stranger = await buildCreator(app.deps.db, app.deps.config);
    for (let i = 0; i < 6; i += 1) expect((await sendTest(endpoint.id, stranger.token)).status).toBe(404);
    expect((await sendTest(endpoint.id, owner.token)).status).toBe(200);
  });

  it('disables an endpoint that keeps failing and tells the creator why', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const hook = await receiver(() => 503);
    const { endpoint } = await register(creator, hook.url, ['tip.created']);
    await seedTip(creator);
    for (let i = 0; i < 12 && hook.requests.length < 3; i += 1) {
      await runWebhooksOnce(app.deps);
      await new Promise((r) => setTimeout(r, 200));
    }
    const list = await app.request<{ endpoints: WebhookEndpoint[] }>('GET', '/api/creator/webhooks', {
      token: creator.token,
    });
    expect(list.body.endpoints[0]).toMatchObject({ id: endpoint.id, enabled: false });
    expect(list.body.endpoints[0]?.disabledReason).toContain('Disabled after 3 failed deliveries in a row');
    // Disabled: nothing more is sent.
    const sent = hook.requests.length;
    await seedTip(creator);
    for (let i = 0; i < 3; i += 1) await runWebhooksOnce(app.deps);
    expect(hook.requests.length).toBe(sent);
    const enabled = await app.request<{ endpoint: WebhookEndpoint }>(
      'PATCH',
      `/api/creator/webhooks/${endpoint.id}`,
      {
        token: creator.token,
        body: { enabled: true },
      },
    );
    expect(enabled.body.endpoint).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('a slow endpoint delays neither a fast endpoint of the same batch nor its record; each gets every event once', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const { slow, release } = await heldReceiver();
    const fast = await receiver();
    const slowHook = await register(creator, slow.url, ['tip.created']);
    const fastHook = await register(creator, fast.url, ['tip.created']);
    for (let i = 0; i < 3; i += 1) await seedTip(creator);
    const started = Date.now();
    await runWebhooksOnce(app.deps);
    // The pass waited WEBHOOK_SEND_WAIT_MS (300 ms) for the slow one, not its answer; the fast one had them all.
    expect(Date.now() - started).toBeLessThan(1500);
    expect(fast.handled.size).toBe(3);
    expect(slow.handled.size).toBe(0);
    // Two slots per endpoint: two sends wait on the slow endpoint, the third was never started.
    expect(slow.requests).toHaveLength(2);
    const fastLog = await deliveries(creator, fastHook.endpoint.id);
    expect(fastLog.map((d) => [d.status, d.attempts, d.lastStatusCode])).toEqual(
      Array(3).fill(['delivered', 1, 200]),
    );
    expect((await deliveries(creator, slowHook.endpoint.id)).map((d) => d.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    // The slow endpoint answers: its sends in flight are recorded, and the one never started goes next.
    release();
    await workUntil(() => slow.handled.size === 3);
    await expect
      .poll(async () => (await deliveries(creator, slowHook.endpoint.id)).map((d) => d.status))
      .toEqual(['delivered', 'delivered', 'delivered']);
    expect(slow.requests).toHaveLength(3);
    expect(fast.requests).toHaveLength(3);
  });

  it('answers that come after their batch stopped waiting are marked delivered together, in one statement', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const { slow, release } = await heldReceiver();
    const hook = await register(creator, slow.url, ['tip.created']);
    for (let i = 0; i < 2; i += 1) await seedTip(creator);
    const marks: string[] = [];
    const count = (q: { sql: string }) => {
      if (/set status = 'delivered'/.test(q.sql)) marks.push(q.sql);
    };
    app.deps.db.on('query', count);
    try {
      await runWebhooksOnce(app.deps);
      // Both sends are in flight past the pass's wait (300 ms); they answer at the same moment.
      expect(slow.requests).toHaveLength(2);
      release();
      await expect
        .poll(async () => (await deliveries(creator, hook.endpoint.id)).map((d) => [d.status, d.attempts]))
        .toEqual([
          ['delivered', 1],
          ['delivered', 1],
        ]);
    } finally {
      app.deps.db.off('query', count);
    }
    expect(marks).toHaveLength(1);
    expect(slow.handled.size).toBe(2);
  });

  it('gives up on a delivery after 24 hours of retries', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const hook = await receiver(() => 500);
    const { endpoint } = await register(creator, hook.url, ['tip.created']);
    await seedTip(creator);
    await runWebhooksOnce(app.deps);
    await app.deps
      .db('outgoing_webhook_deliveries')
      .where({ endpoint_id: endpoint.id })
      .update({
        created_at: app.deps.db.raw(`now() - interval '24 hours'`),
        next_attempt_at: app.deps.db.raw('now()'),
      });
    await runWebhooksOnce(app.deps);
    const [log] = await deliveries(creator, endpoint.id);
    expect(log).toMatchObject({ status: 'failed', attempts: 2, lastStatusCode: 500, nextAttemptAt: null });
  });

  it('keeps a week of delivery log: older events with nothing left to send are pruned, pending ones stay', async () => {
    const creator = await buildCreator(app.deps.db, app.deps.config);
    const hook = await receiver();
    const { endpoint } = await register(creator, hook.url, ['tip.created']);
    await seedTip(creator);
    await seedTip(creator);
    await workUntil(() => hook.handled.size === 2);
    const [waiting, done] = await deliveries(creator, endpoint.id);
    // One of them is waiting for a retry; both events are eight days old.
    await app.deps
      .db('outgoing_webhook_deliveries')
      .where({ id: waiting!.id })
      .update({
        status: 'pending',
        next_attempt_at: app.deps.db.raw(`now() + interval '1 hour'`),
      });
    await app.deps
      .db('outgoing_webhook_events')
      .where({ creator_id: creator.id })
      .update({ created_at: app.deps.db.raw(`now() - interval '8 days'`) });
    await pruneEvents(app.deps.db, KEEP_LOG_MS);
    const after = await deliveries(creator, endpoint.id);
    expect(after.map((d) => d.id)).toEqual([waiting!.id]);
    expect(after.map((d) => d.id)).not.toContain(done!.id);
  });
});
