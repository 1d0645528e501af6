import type { AppDeps } from '../../deps.ts';
import type { EndpointSlots } from './endpointSlots.ts';
import { sendSigned, type SendResult } from './send.ts';
import type { Lookup } from './ssrf.ts';
import { deliveryBody } from './webhooks.presenter.ts';
import type { Sendable } from './webhooks.repository.ts';
import { targetPolicy } from './webhooks.service.ts';

export type WorkerDeps = Pick<AppDeps, 'db' | 'config' | 'logger'>;

/**
 * Where one attempt stood when its batch stopped waiting: answered, still in flight (its outcome comes later), or
 * never started because the endpoint's slots were taken.
 */
export type Attempt =
  | { kind: 'done'; result: SendResult }
  | { kind: 'sending'; result: Promise<SendResult> }
  | { kind: 'notStarted' };

/** One signed POST of a delivery (send.ts re-checks the target). */
export function sendOne(deps: WorkerDeps, d: Sendable, lookup: Lookup | undefined): Promise<SendResult> {
  const body = deliveryBody({ id: d.event_id, event: d.event, createdAt: d.event_created_at, data: d.data });
  return sendSigned(
    { url: d.url, secret: d.secret },
    { id: d.event_id, body },
    { policy: targetPolicy(deps.config), timeoutMs: deps.config.WEBHOOK_TIMEOUT_MS, lookup },
  );
}

/**
 * Sends a batch at once, at most `slots.cap` at a time per endpoint, and waits for the answers up to
 * WEBHOOK_SEND_WAIT_MS: a slow endpoint delays neither the other endpoints' sends nor, beyond that wait, the
 * batch. Deliveries to an endpoint whose slots earlier batches still hold are not started (nor waited for).
 */
export async function attemptAll(
  deps: WorkerDeps,
  items: Sendable[],
  slots: EndpointSlots,
  lookup: Lookup | undefined,
): Promise<Attempt[]> {
  const attempts: Attempt[] = items.map(() => ({ kind: 'notStarted' }));
  if (items.length === 0) return attempts;
  const full = new Set(slots.fullEndpoints());
  let waiting = true;
  const settled = items.map(async (item, i) => {
    if (full.has(item.endpoint_id)) return;
    const ran = await slots.run(
      item.endpoint_id,
      () => {
        const result = sendOne(deps, item, lookup);
        attempts[i] = { kind: 'sending', result };
        return result;
      },
      () => waiting,
    );
    if (ran && waiting) attempts[i] = { kind: 'done', result: ran.value };
  });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(settled),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, deps.config.WEBHOOK_SEND_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  waiting = false;
  return attempts;
}
