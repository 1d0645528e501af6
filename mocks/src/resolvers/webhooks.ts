import { WEBHOOK_TEST_EVENT, type WebhookDelivery, type WebhookEndpoint } from '@shabaash/shared';
import { MockHttpError, type MockContext } from '../context.ts';
import { newId, type MockState } from '../state.ts';

function endpointOf(state: MockState, creatorId: string | undefined, id: string | undefined) {
  const found = state.webhooks.find((e) => e.id === id && e.creatorId === creatorId);
  if (!found) throw new MockHttpError('NOT_FOUND', 'Webhook endpoint not found.');
  return found;
}

const publicEndpoint = ({ creatorId: _c, deliveries: _d, ...endpoint }: MockState['webhooks'][number]) =>
  endpoint;

/** Outgoing webhooks over the in-memory state: a test event is "delivered" at once with a 200. */
export const webhookResolvers = {
  webhookEndpoints: ({ state, user }: MockContext<'webhookEndpoints'>) => ({
    endpoints: state.webhooks.filter((e) => e.creatorId === user?.id).map(publicEndpoint),
  }),
  createWebhookEndpoint: ({ state, user, input }: MockContext<'createWebhookEndpoint'>) => {
    const endpoint: WebhookEndpoint = {
      id: newId(state, 'd'),
      url: input.url,
      events: input.events,
      enabled: true,
      disabledReason: null,
      createdAt: new Date().toISOString(),
    };
    state.webhooks.push({ ...endpoint, creatorId: user?.id ?? '', deliveries: [] });
    return { endpoint, secret: `whsec_mock${newId(state, 'd')}` };
  },
  updateWebhookEndpoint: ({ state, user, params, input }: MockContext<'updateWebhookEndpoint'>) => {
    const endpoint = endpointOf(state, user?.id, params.id);
    endpoint.enabled = input.enabled;
    endpoint.disabledReason = null;
    return { endpoint: publicEndpoint(endpoint) };
  },
  deleteWebhookEndpoint: ({ state, user, params }: MockContext<'deleteWebhookEndpoint'>) => {
    const endpoint = endpointOf(state, user?.id, params.id);
    state.webhooks.splice(state.webhooks.indexOf(endpoint), 1);
    return { id: endpoint.id };
  },
  sendTestWebhook: ({ state, user, params }: MockContext<'sendTestWebhook'>) => {
    const endpoint = endpointOf(state, user?.id, params.id);
    const now = new Date().toISOString();
    const delivery: WebhookDelivery = {
      id: newId(state, 'd'),
      eventId: `evt_${newId(state, 'd')}`,
      event: WEBHOOK_TEST_EVENT,
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      createdAt: now,
      deliveredAt: now,
      nextAttemptAt: null,
    };
    endpoint.deliveries.unshift(delivery);
    return { delivery };
  },
  webhookDeliveries: ({ state, user, params }: MockContext<'webhookDeliveries'>) => ({
    deliveries: endpointOf(state, user?.id, params.id).deliveries,
  }),
  resendWebhookDelivery: ({ state, user, params }: MockContext<'resendWebhookDelivery'>) => {
    const delivery = state.webhooks
      .filter((e) => e.creatorId === user?.id)
      .flatMap((e) => e.deliveries)
      .find((d) => d.id === params.id);
    if (!delivery) throw new MockHttpError('NOT_FOUND', 'Delivery not found.');
    delivery.attempts += 1;
    return { delivery };
  },
};
