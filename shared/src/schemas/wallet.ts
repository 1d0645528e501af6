import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { rupeeAmountSchema } from './common.ts';

/** The wallet: balance, ledger transactions, payment orders and top-ups. */

export const walletSchema = z.object({ balance: z.number(), balancePaise: z.number().int() });
export type Wallet = z.infer<typeof walletSchema>;

export const walletTransactionSchema = z.object({
  _id: z.string(),
  type: z.enum(['credit', 'debit']),
  amount: z.number(),
  amountPaise: z.number().int(),
  description: z.string(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const walletTransactionsResponseSchema = z.object({
  transactions: z.array(walletTransactionSchema),
  version: z.number().int(),
  /** True when `?since=` had more changes than `limit`: pull again from the returned version. */
  hasMore: z.boolean().optional(),
});

export const paymentOrderSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;
export const orderResponseSchema = z.object({ order: paymentOrderSchema });

export const paymentOrderStatusSchema = z.object({
  id: z.string(),
  status: z.enum(['created', 'paid', 'failed']),
  /** In paise, like every payment order amount. */
  amount: z.number().int(),
  currency: z.string(),
  failureReason: z.string().nullable(),
});
export type PaymentOrderStatus = z.infer<typeof paymentOrderStatusSchema>;

export const addMoneyInputSchema = z.object({ amount: rupeeAmountSchema(LIMITS.topUpMinRupees) });

/** GET /wallet/transactions: newest first, `limit` (default 50, at most 200); `since` = changes after that wallet version. */
export const walletTransactionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  since: z.coerce.number().int().min(0).optional(),
});
