import crypto from 'node:crypto';
import {
  fillMessage,
  MAX_WEBHOOK_ENDPOINTS_PER_CREATOR,
  STATUS_TEXTS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@shabaash/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/knex.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { creatorSpace } from '../sync/spaces.ts';
import { checkTarget, type Lookup, type TargetPolicy } from './ssrf.ts';
import { presentDelivery, presentEndpoint } from './webhooks.presenter.ts';
import {
  countEndpoints,
  deleteEndpoint,
  findDelivery,
  findDeliveryEndpoint,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  lockCreatorEndpoints,
  requeueDelivery,
  setEndpointEnabled,
} from './webhooks.repository.ts';
import { ensureCursor, insertEvents } from './outbox.repository.ts';

/** Loopback receivers are allowed in sandbox only (a developer's bot on the same machine). */
export const targetPolicy = (config: Config): TargetPolicy => ({ allowLoopback: config.paymentsSandbox });

export async function listWebhookEndpoints(db: Db, creatorId: string): Promise<WebhookEndpoint[]> {
  return (await listEndpoints(db, creatorId)).map(presentEndpoint);
}

/** Registers an endpoint after the SSRF check; the signing secret is returned here once. */
export async function createWebhookEndpoint(
  deps: { db: Db; config: Config; lookup?: Lookup },
  creatorId: string,
  input: { url: string; events: WebhookEvent[] },
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  await checkTarget(input.url, targetPolicy(deps.config), deps.lookup);
  return deps.db.transaction(async (tx) => {
    await lockCreatorEndpoints(tx, creatorId);
    if ((await countEndpoints(tx, creatorId)) >= MAX_WEBHOOK_ENDPOINTS_PER_CREATOR) {
      throw conflict(fillMessage(STATUS_TEXTS.tooManyWebhooks, { max: MAX_WEBHOOK_ENDPOINTS_PER_CREATOR }));
    }
    const secret = `whsec_${crypto.randomBytes(32).toString('base64url')}`;
    const row = await insertEndpoint(tx, { creatorId, url: input.url, secret, events: input.events });
    await ensureCursor(tx, creatorId, creatorSpace(creatorId));
    return { endpoint: presentEndpoint(row), secret };
  });
}

export async function setWebhookEndpointEnabled(
  db: Db,
  creatorId: string,
  id: string,
  enabled: boolean,
): Promise<WebhookEndpoint> {
  const row = await setEndpointEnabled(db, creatorId, id, enabled);
  if (!row) throw notFound('Webhook endpoint');
  return presentEndpoint(row);
}

export async function deleteWebhookEndpoint(db: Db, creatorId: string, id: string): Promise<string> {
  if (!(await deleteEndpoint(db, creatorId, id))) throw notFound('Webhook endpoint');
  return id;
}

/** The id of the creator's endpoint `endpointId`; 404 when it is not theirs. */
export async function ownEndpoint(db: Db, creatorId: string, endpointId: string): Promise<string> {
  if (!(await findEndpoint(db, creatorId, endpointId))) throw notFound('Webhook endpoint');
  return endpointId;
}

/** The endpoint a delivery of the creator's went to; 404 when the delivery is not theirs. */
export async function endpointOfDelivery(db: Db, creatorId: string, deliveryId: string): Promise<string> {
  const endpointId = await findDeliveryEndpoint(db, creatorId, deliveryId);
  if (!endpointId) throw notFound('Delivery');
  return endpointId;
}

async function deliveryOf(db: Db, id: string): Promise<WebhookDelivery> {
  const row = await findDelivery(db, id);
  if (!row) throw notFound('Delivery');
  return presentDelivery(row);
}

/** Queues a signed webhook.test event to this one endpoint; the worker sends it like any other. */
export async function sendTestEvent(db: Db, creatorId: string, endpointId: string): Promise<WebhookDelivery> {
  if (!(await findEndpoint(db, creatorId, endpointId))) throw notFound('Webhook endpoint');
  const event = {
    id: `evt_${crypto.randomBytes(16).toString('hex')}`,
    creatorId,
    event: WEBHOOK_TEST_EVENT,
    data: { message: 'A test event from Shabaash. Your endpoint received and can verify it.' },
  };
  const [delivery] = await db.transaction((tx) => insertEvents(tx, [event], endpointId));
  if (!delivery) throw new Error('test event queued no delivery');
  return deliveryOf(db, delivery.id);
}

export async function deliveriesOf(
  db: Db,
  creatorId: string,
  endpointId: string,
): Promise<WebhookDelivery[]> {
  if (!(await findEndpoint(db, creatorId, endpointId))) throw notFound('Webhook endpoint');
  return (await listDeliveries(db, endpointId)).map(presentDelivery);
}

/** Manual re-send: the same event (same id and body) goes out again now. */
export async function resendDelivery(
  db: Db,
  creatorId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const id = await requeueDelivery(db, creatorId, deliveryId);
  if (!id) throw notFound('Delivery');
  return deliveryOf(db, id);
}
