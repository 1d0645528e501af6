import { z } from 'zod';
import { define } from '../endpointTools.ts';
import { MESSAGES } from '../messages.ts';
import { fillMessage, VALIDATION_MESSAGES } from '../validationMessages.ts';
import { authResponseSchema, loginInputSchema } from './account.ts';
import { roleSchema, rupeeAmountSchema } from './common.ts';
import { operatorReasonSchema } from './ops.ts';

// The operator console's spine: the operator's sign-in (password + OTP every time), Find (people and tips) and a
// tip's detail with refunds. Phones are masked in every answer (shared/phone.ts) and no bank detail is ever sent.

/** POST /ops/login: the password and a fresh phone-verification token (one sign-in per OTP). */
export const opsLoginInputSchema = loginInputSchema.extend({
  firebaseToken: z.string().min(1, { error: MESSAGES.requestOtpFirst }),
});

export const SEARCH_MIN_CHARS = 2;

export const opsSearchQuerySchema = z.object({
  /** A handle, a name, the last 4 digits of a phone, a Razorpay payment id (pay_…) or order id (order_…). */
  q: z
    .string()
    .trim()
    .min(SEARCH_MIN_CHARS, {
      error: fillMessage(VALIDATION_MESSAGES.searchTooShort, { min: SEARCH_MIN_CHARS }),
    })
    .max(100),
});

export const opsUserHitSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: roleSchema,
  handle: z.string().nullable(),
  /** Masked: "••••••0002"; null for a deleted account. */
  phone: z.string().nullable(),
  deleted: z.boolean(),
});

export const tipSourceSchema = z.enum(['wallet', 'guest']);

export const opsTipHitSchema = z.object({
  id: z.string(),
  source: tipSourceSchema,
  amountPaise: z.number().int(),
  creatorHandle: z.string(),
  /** The viewer's name, or the guest's name as they typed it (guests have no account). */
  senderName: z.string(),
  paymentId: z.string().nullable(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
});

export const opsSearchResultSchema = z.object({
  users: z.array(opsUserHitSchema),
  tips: z.array(opsTipHitSchema),
});
export type OpsSearchResult = z.infer<typeof opsSearchResultSchema>;

export const opsRefundSchema = z.object({
  id: z.string(),
  amountPaise: z.number().int(),
  /** pending: Razorpay has not answered yet; failed: Razorpay refused it (nothing was refunded). */
  status: z.enum(['pending', 'processed', 'failed']),
  refundId: z.string().nullable(),
  reason: z.string(),
  createdAt: z.string(),
});
export type OpsRefund = z.infer<typeof opsRefundSchema>;

export const earningStateSchema = z.enum(['pending', 'available', 'in_transit', 'paid', 'reversed']);

/** The creator's earning for one tip: what they keep of it after reversals, and where it stands. */
export const opsEarningSchema = z.object({
  state: earningStateSchema,
  netPaise: z.number().int(),
  reversedPaise: z.number().int(),
  keptPaise: z.number().int(),
});

export const opsTipDetailSchema = z.object({
  id: z.string(),
  source: tipSourceSchema,
  amountPaise: z.number().int(),
  feePaise: z.number().int(),
  createdAt: z.string(),
  creator: z.object({ id: z.string(), handle: z.string(), displayName: z.string() }),
  sender: z.object({
    kind: z.enum(['viewer', 'guest']),
    name: z.string(),
    /** Masked; null for a guest. */
    phone: z.string().nullable(),
  }),
  status: z.enum(['paid', 'partly_refunded', 'refunded']),
  paymentId: z.string().nullable(),
  orderId: z.string().nullable(),
  refundedPaise: z.number().int(),
  refundablePaise: z.number().int(),
  refunds: z.array(opsRefundSchema),
  earning: opsEarningSchema.nullable(),
});
export type OpsTipDetail = z.infer<typeof opsTipDetailSchema>;

/** POST /ops/tips/:id/refund (with an Idempotency-Key): rupees at the edge, a reason always. */
export const opsRefundInputSchema = z.object({
  amount: rupeeAmountSchema(0.01),
  reason: operatorReasonSchema,
});

export const opsConsoleEndpoints = define({
  opsLogin: {
    input: opsLoginInputSchema,
    output: authResponseSchema,
  },
  opsSearch: {
    query: opsSearchQuerySchema,
    output: opsSearchResultSchema,
  },
  opsTip: {
    output: z.object({ tip: opsTipDetailSchema }),
  },
  opsRefundTip: {
    input: opsRefundInputSchema,
    output: z.object({ tip: opsTipDetailSchema, refund: opsRefundSchema }),
  },
});
