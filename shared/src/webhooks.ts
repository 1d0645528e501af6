import { z } from 'zod';
import { define } from './endpointTools.ts';
import { VALIDATION_MESSAGES } from './validationMessages.ts';
import { tipSchema } from './schemas.ts';
import { streamSessionSchema, streamTotalsSchema } from './schemas/widgets.ts';
import { timerRunSchema } from './schemas/timer.ts';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT, type WebhookEvent } from './webhookProtocol.ts';

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);

/** The most endpoints one creator may register. */
export const MAX_WEBHOOK_ENDPOINTS_PER_CREATOR = 10;

export const webhookEndpointInputSchema = z.object({
  url: z
    .string({ error: VALIDATION_MESSAGES.webhookUrl })
    .trim()
    .max(2000, { error: VALIDATION_MESSAGES.webhookUrlTooLong })
    .pipe(z.url({ protocol: /^https?$/, error: VALIDATION_MESSAGES.webhookUrlHttps })),
  events: z
    .array(webhookEventSchema, { error: VALIDATION_MESSAGES.webhookEvents })
    .min(1, { error: VALIDATION_MESSAGES.webhookEvents })
    .transform((events) => [...new Set(events)]),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

export const webhookEndpointUpdateSchema = z.object({ enabled: z.boolean() });

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  enabled: z.boolean(),
  /** Why the endpoint was disabled (it kept failing), shown to the creator; null when enabled. */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookEndpointsResponseSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
/** The one response that carries the signing secret. */
export const createdWebhookEndpointSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export const webhookDeliveriesResponseSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

/** The JSON body of a delivery: the event id (also in X-Shabaash-Event-Id), its name, when it happened, its data. */
const deliveryOf = <E extends string, D extends z.ZodType>(event: E, data: D) =>
  z.object({ id: z.string(), event: z.literal(event), createdAt: z.iso.datetime(), data });

const tipData = z.object({ tip: tipSchema });
/**
 * payout.updated: one per ledger movement of the creator's earnings (`change: 'earning'`, `kind` the movement:
 * credit, release, transfer, paid, transfer_failed, reversal, debt_recovery…, from/to the holdings), per
 * settlement (`change: 'settlement'` with the transfer and its UTR) and per payout account status
 * (`change: 'onboarding'`). Amounts in paise.
 */
export const payoutUpdatedDataSchema = z.object({
  change: z.enum(['earning', 'settlement', 'onboarding']),
  kind: z.string(),
  amountPaise: z.number().int().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  earningId: z.string().nullable(),
  transferId: z.string().nullable(),
  utr: z.string().nullable(),
  status: z.string().nullable(),
  reason: z.string().nullable(),
});

/**
 * youtube.superchat: the Super Chat or Super Sticker as it reached the Chat Loader (instead of tip.created; tip.live,
 * tip.aired and tip.deleted follow as for any tip), with its source and original amount. `countedPaise` is what it
 * counts towards the goal, timer and tiers (the tip's amountPaise; 0 when not counted).
 */
export const youtubeSuperChatDataSchema = z.object({
  source: z.literal('youtube'),
  kind: z.enum(['superChat', 'superSticker']),
  amountMicros: z.number().int(),
  currency: z.string(),
  displayAmount: z.string(),
  counted: z.boolean(),
  countedPaise: z.number().int(),
  tip: tipSchema,
});

/** Every delivery body by event, for the OpenAPI document's `webhooks`. */
export const webhookPayloadSchemas = {
  'tip.created': deliveryOf('tip.created', tipData),
  'tip.live': deliveryOf('tip.live', tipData),
  'tip.deleted': deliveryOf('tip.deleted', z.object({ id: z.string() })),
  'tip.aired': deliveryOf('tip.aired', tipData),
  'payout.updated': deliveryOf('payout.updated', payoutUpdatedDataSchema),
  'stream.started': deliveryOf('stream.started', z.object({ session: streamSessionSchema })),
  'stream.ended': deliveryOf(
    'stream.ended',
    z.object({ session: streamSessionSchema, totals: streamTotalsSchema }),
  ),
  'timer.ended': deliveryOf('timer.ended', z.object({ run: timerRunSchema })),
  'youtube.superchat': deliveryOf('youtube.superchat', youtubeSuperChatDataSchema),
  [WEBHOOK_TEST_EVENT]: deliveryOf(WEBHOOK_TEST_EVENT, z.object({ message: z.string() })),
} satisfies Record<WebhookEvent | typeof WEBHOOK_TEST_EVENT, z.ZodType>;

/** The contract of a creator's outgoing webhook endpoints and their delivery log (spread into api.ts). */
export const webhookEndpoints = define({
  webhookEndpoints: {
    output: webhookEndpointsResponseSchema,
  },
  createWebhookEndpoint: {
    input: webhookEndpointInputSchema,
    output: createdWebhookEndpointSchema,
  },
  updateWebhookEndpoint: {
    input: webhookEndpointUpdateSchema,
    output: z.object({ endpoint: webhookEndpointSchema }),
  },
  deleteWebhookEndpoint: {
    output: z.object({ id: z.string() }),
  },
  sendTestWebhook: {
    output: z.object({ delivery: webhookDeliverySchema }),
  },
  webhookDeliveries: {
    output: webhookDeliveriesResponseSchema,
  },
  resendWebhookDelivery: {
    output: z.object({ delivery: webhookDeliverySchema }),
  },
});
