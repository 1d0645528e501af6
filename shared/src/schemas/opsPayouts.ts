import { z } from 'zod';
import { define } from '../endpointTools.ts';
import { operatorReasonSchema } from './ops.ts';

// The operator console's payouts area: failed and held transfers, retries, and holds on a creator's payouts.

const creatorRefSchema = z.object({ id: z.string(), handle: z.string(), displayName: z.string() });

export const opsTransferSchema = z.object({
  id: z.string(),
  creator: creatorRefSchema,
  amountPaise: z.number().int(),
  kind: z.enum(['payment', 'direct']),
  /** failed: Razorpay refused or failed it; held: a dispute holds its settlement at Route. */
  state: z.enum(['failed', 'held']),
  reason: z.string().nullable(),
  razorpayTransferId: z.string().nullable(),
  createdAt: z.string(),
  /** A failed transfer whose earnings are still waiting (a retry would send them). */
  retryable: z.boolean(),
  /** The transfer a retry made, once retried. */
  retryTransferId: z.string().nullable(),
  /** The dispute case holding it (held transfers). */
  disputeId: z.string().nullable(),
});
export type OpsTransfer = z.infer<typeof opsTransferSchema>;

export const heldCreatorSchema = z.object({
  creator: creatorRefSchema,
  heldAt: z.string(),
  reason: z.string(),
  availablePaise: z.number().int(),
});
export type HeldCreator = z.infer<typeof heldCreatorSchema>;

export const opsPayoutsSchema = z.object({
  transfers: z.array(opsTransferSchema),
  heldCreators: z.array(heldCreatorSchema),
});
export type OpsPayouts = z.infer<typeof opsPayoutsSchema>;

export const transferRetrySchema = z.object({
  /** The failed transfer. */
  transferId: z.string(),
  /** The transfer the retry made (the same on a repeated call). */
  retryTransferId: z.string(),
  status: z.string(),
  amountPaise: z.number().int(),
});

export const payoutsHoldInputSchema = z.object({ reason: operatorReasonSchema }).strict();

export const payoutsHoldStateSchema = z.object({
  creatorId: z.string(),
  held: z.boolean(),
  heldAt: z.string().nullable(),
  reason: z.string().nullable(),
});

/** The payouts area's endpoints (spread into the contract in api.ts). */
export const opsPayoutsEndpoints = define({
  opsPayouts: { output: opsPayoutsSchema },
  opsTransferRetry: {
    output: transferRetrySchema,
  },
  opsPayoutsHold: {
    input: payoutsHoldInputSchema,
    output: payoutsHoldStateSchema,
  },
  opsPayoutsRelease: {
    input: payoutsHoldInputSchema,
    output: payoutsHoldStateSchema,
  },
});
