import { hmacHex } from '../gateway.ts';
import { razorpayId, unixNow, type SimOrder, type SimPayment } from './entities.ts';
import { postWebhook, shuffle, sleep } from './http.ts';
import type { RouteEventName } from './routeEntities.ts';
import type { SimState, WebhookEnvelope, WebhookEventName } from './state.ts';

/** An event ready to deliver: the same id and body for every copy and retry. */
export interface PreparedEvent {
  id: string;
  name: WebhookEventName;
  body: string;
  paymentId: string;
  orderId: string;
}

/** Signed webhook delivery as Razorpay does it, shaped by the switches (delay, duplicates, reorder, parallel, retries). */
export function createWebhookSender(state: SimState) {
  /** One event prepared for delivery: its id (the same for every redelivery) and the signed body's text. */
  function event(name: WebhookEventName, payment: SimPayment, order?: SimOrder): PreparedEvent {
    const envelope: WebhookEnvelope = {
      entity: 'event',
      account_id: state.accountId,
      event: name,
      contains: order ? ['payment', 'order'] : ['payment'],
      payload: {
        payment: { entity: structuredClone(payment) },
        ...(order ? { order: { entity: structuredClone(order) } } : {}),
      },
      created_at: unixNow(),
    };
    return {
      id: razorpayId('evt'),
      name,
      body: JSON.stringify(envelope),
      paymentId: payment.id,
      orderId: payment.order_id,
    };
  }

  async function deliverOnce(e: PreparedEvent): Promise<void> {
    const signature = hmacHex(state.opts.webhookSecret, Buffer.from(e.body, 'utf8'));
    for (let attempt = 1; attempt <= Math.max(1, state.switches.maxAttempts); attempt++) {
      if (state.stopped) return;
      let status = 0;
      try {
        status = await postWebhook(state.opts.webhookUrl(), e.body, {
          'Content-Type': 'application/json',
          'User-Agent': 'Razorpay-Webhook/v1',
          'X-Razorpay-Signature': signature,
          'x-razorpay-event-id': e.id,
        });
      } catch (err) {
        state.log('razorpay simulator: webhook not delivered', { event: e.name, id: e.id, err: String(err) });
      }
      state.deliveries.push({
        event: e.name,
        id: e.id,
        paymentId: e.paymentId,
        orderId: e.orderId,
        attempt,
        status,
        at: Date.now(),
      });
      if (status >= 200 && status < 300) return;
      if (attempt < state.switches.maxAttempts)
        await sleep(state.switches.retryBackoffMs * 2 ** (attempt - 1));
    }
  }

  /** Sends one payment's events through the switches: delay, duplicates, reorder, parallel. */
  function dispatch(events: PreparedEvent[]): Promise<void> {
    const copies = events.flatMap((e) =>
      Array.from({ length: Math.max(1, Math.floor(state.switches.duplicates)) }, () => e),
    );
    const ordered = state.switches.reorder ? shuffle(copies) : copies;
    const delayMs = state.switches.delayMs;
    const parallel = state.switches.parallel;
    return state.track(
      (async () => {
        if (delayMs > 0) await sleep(delayMs);
        if (parallel) await Promise.all(ordered.map(deliverOnce));
        else for (const e of ordered) await deliverOnce(e);
      })(),
    );
  }

  /** Sends a Route event (of a linked account, or the platform's when none is given) through the switches. */
  function emitRoute(
    name: RouteEventName,
    linkedAccountId: string,
    payload: Record<string, { entity: unknown }>,
  ) {
    const envelope = {
      entity: 'event',
      account_id: linkedAccountId || state.accountId,
      event: name,
      contains: Object.keys(payload),
      payload,
      created_at: unixNow(),
    };
    const entity = (payload.payment ?? payload.transfer ?? payload.settlement)?.entity as
      { id?: string; order_id?: string } | undefined;
    void dispatch([
      {
        id: razorpayId('evt'),
        name,
        body: JSON.stringify(envelope),
        paymentId: entity?.id ?? '',
        orderId: entity?.order_id ?? '',
      },
    ]);
  }

  return { event, dispatch, emitRoute };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
