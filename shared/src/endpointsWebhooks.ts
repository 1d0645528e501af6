// Zod-free, part of the endpoint table (endpoints.ts spreads it): creator webhook endpoints and their deliveries.
import type { EndpointFact } from './endpointFact.ts';

export const WEBHOOK_ROWS = {
  webhookEndpoints: {
    method: 'GET',
    path: '/creator/webhooks',
    auth: 'creator',
    summary: 'Your webhook endpoints (never secrets).',
  },
  createWebhookEndpoint: {
    method: 'POST',
    path: '/creator/webhooks',
    auth: 'creator',
    summary: 'Register an https endpoint for events; the signing secret is shown once.',
  },
  updateWebhookEndpoint: {
    method: 'PATCH',
    path: '/creator/webhooks/:id',
    auth: 'creator',
    summary: 'Enable or disable an endpoint.',
  },
  deleteWebhookEndpoint: {
    method: 'DELETE',
    path: '/creator/webhooks/:id',
    auth: 'creator',
    summary: 'Remove an endpoint.',
  },
  sendTestWebhook: {
    method: 'POST',
    path: '/creator/webhooks/:id/test',
    auth: 'creator',
    summary: 'Queue a signed webhook.test event to this endpoint.',
  },
  webhookDeliveries: {
    method: 'GET',
    path: '/creator/webhooks/:id/deliveries',
    auth: 'creator',
    summary: 'The delivery log: status, attempts, last status code.',
  },
  resendWebhookDelivery: {
    method: 'POST',
    path: '/creator/webhooks/deliveries/:id/resend',
    auth: 'creator',
    summary: 'Send a delivery again now (same event id).',
  },
} as const satisfies Record<string, EndpointFact>;
