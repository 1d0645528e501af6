import type { WebhookDelivery, WebhookEndpoint } from '@shabaash/shared';
import type { DeliveryRow, EndpointRow } from './webhooks.repository.ts';

export function presentEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.enabled ? null : row.disabled_reason,
    createdAt: row.created_at.toISOString(),
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    deliveredAt: row.delivered_at ? row.delivered_at.toISOString() : null,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
  };
}

/** The JSON body of a delivery: the same bytes on every attempt (the event's own time, not the attempt's). */
export function deliveryBody(event: { id: string; event: string; createdAt: Date; data: unknown }): string {
  return JSON.stringify({
    id: event.id,
    event: event.event,
    createdAt: event.createdAt.toISOString(),
    data: event.data,
  });
}
