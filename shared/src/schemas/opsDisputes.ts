import { z } from 'zod';
import { define } from '../endpointTools.ts';

// The operator console's disputes area: one case per Razorpay dispute, with the creator's held earning.

/** What a case did to the creator's matching earning (the server's hold states). */
export const disputeHoldStateSchema = z.enum([
  'none',
  'held',
  'route_hold_requested',
  'route_held',
  'settled',
  'released',
  'route_release_requested',
  'reversed',
]);
export type DisputeHoldState = z.infer<typeof disputeHoldStateSchema>;

export const disputeCaseSchema = z.object({
  id: z.string(),
  razorpayDisputeId: z.string(),
  paymentId: z.string(),
  amountPaise: z.number().int(),
  currency: z.string(),
  amountDeductedPaise: z.number().int(),
  reasonCode: z.string(),
  reasonDescription: z.string().nullable(),
  phase: z.string(),
  /** Razorpay's status: open, under_review, action_required, won, lost, closed. */
  status: z.string(),
  /** Null while open; won (hold released) or lost (creator's share reversed). */
  outcome: z.enum(['won', 'lost']).nullable(),
  /** The evidence deadline (ISO time); null when Razorpay gave none. */
  respondBy: z.string().nullable(),
  openedAt: z.string(),
  decidedAt: z.string().nullable(),
  hold: z.object({
    state: disputeHoldStateSchema,
    heldPaise: z.number().int(),
    note: z.string().nullable(),
  }),
  tip: z
    .object({
      id: z.string(),
      amountPaise: z.number().int(),
      senderName: z.string().nullable(),
      message: z.string(),
      createdAt: z.string(),
    })
    .nullable(),
  creator: z.object({ id: z.string(), handle: z.string(), displayName: z.string() }).nullable(),
  earning: z.object({ state: z.string(), netPaise: z.number().int() }).nullable(),
  transfer: z
    .object({ razorpayTransferId: z.string().nullable(), status: z.string(), settled: z.boolean() })
    .nullable(),
});
export type DisputeCase = z.infer<typeof disputeCaseSchema>;

export const disputeListQuerySchema = z.object({
  /** open: undecided only; decided: decided only; all (default): open first, then decided. */
  state: z.enum(['open', 'decided', 'all']).default('all'),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

export const disputeListSchema = z.object({
  disputes: z.array(disputeCaseSchema),
  openCount: z.number().int(),
});

export const disputeDetailSchema = z.object({
  dispute: disputeCaseSchema,
  /** The dispute webhooks received for its payment, oldest first. */
  events: z.array(z.object({ event: z.string(), outcome: z.string(), receivedAt: z.string() })),
});

/** The disputes area's endpoints (spread into the contract in api.ts). */
export const opsDisputesEndpoints = define({
  opsDisputes: {
    query: disputeListQuerySchema,
    output: disputeListSchema,
  },
  opsDispute: {
    output: disputeDetailSchema,
  },
});
