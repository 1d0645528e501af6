import { afterAll, describe, expect, it } from 'vitest';
import {
  defaultTimerSettings,
  webhookPayloadSchemas,
  type CreatorTimer,
  type WebhookEndpoint,
} from '@shabaash/shared';
import { buildCreator, type BuiltCreator } from '../../../test/factories.ts';
import { createPaymentsTestApp } from '../../../test/razorpay.ts';
import { startReceiver } from '../../../test/webhookReceiver.ts';
import { connectChannel, superChat } from '../../../test/youtube.ts';
import { runWebhooksOnce } from '../webhooks/webhooks.worker.ts';
import { ingestYouTubeEvents } from './ingest.ts';

const { app } = await createPaymentsTestApp();
const db = app.deps.db;
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
});

async function connectedCreator(): Promise<BuiltCreator & { channelId: string }> {
  const creator = await buildCreator(db, app.deps.config);
  return { ...creator, channelId: await connectChannel(db, creator.id) };
}
const dollars = (comment: string) =>
  superChat({ comment, amountMicros: 5_000_000, currency: 'USD', displayAmount: '$5.00' });

describe('a Super Chat goes everywhere a tip goes', () => {
  it('adds time to the subathon timer when it counts, and none when it does not', async () => {
    const creator = await connectedCreator();
    await app.request('PUT', '/api/creator/timer/settings', {
      token: creator.token,
      body: { ...defaultTimerSettings(), startMinutes: 10, secondsPerRupee: 2 },
    });
    await app.request('POST', '/api/creator/timer/start', { token: creator.token });
    const added = async () =>
      (await app.request<CreatorTimer>('GET', '/api/creator/timer', { token: creator.token })).body.run
        .addedSeconds;
    // INR only: ₹100 counts (200 s), $5 does not.
    await ingestYouTubeEvents(app.deps, { creatorId: creator.id, channelId: creator.channelId }, [
      superChat({ comment: 'rupees' }),
      dollars('not counted'),
    ]);
    expect(await added()).toBe(200);
    // At ₹80 a dollar, $5 counts ₹400: 800 s more.
    await app.request('PUT', '/api/creator/youtube/settings', {
      token: creator.token,
      body: { countMode: 'convert', rates: { USD: 80 } },
    });
    await ingestYouTubeEvents(app.deps, { creatorId: creator.id, channelId: creator.channelId }, [
      dollars('counted'),
    ]);
    expect(await added()).toBe(1_000);
  });

  it('reaches webhooks as youtube.superchat with its source and original amount, never as tip.created', async () => {
    const creator = await connectedCreator();
    const hook = await startReceiver();
    closers.push(() => hook.close());
    const reg = await app.request<{ endpoint: WebhookEndpoint }>('POST', '/api/creator/webhooks', {
      token: creator.token,
      body: { url: hook.url, events: ['tip.created', 'youtube.superchat'] },
    });
    expect(reg.status).toBe(200);
    await ingestYouTubeEvents(app.deps, { creatorId: creator.id, channelId: creator.channelId }, [
      dollars('hello from Texas'),
    ]);
    for (let i = 0; i < 40 && hook.handled.size < 1; i += 1) {
      await runWebhooksOnce(app.deps);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(hook.requests.map((r) => r.body.event)).toEqual(['youtube.superchat']);
    const body = webhookPayloadSchemas['youtube.superchat'].parse(hook.requests[0]?.body);
    expect(body.data).toMatchObject({
      source: 'youtube',
      kind: 'superChat',
      amountMicros: 5_000_000,
      currency: 'USD',
      displayAmount: '$5.00',
      counted: false,
      countedPaise: 0,
      tip: { message: 'hello from Texas', name: 'Ravi', external: { platform: 'youtube' } },
    });
  });
});
