import { randomInt } from 'node:crypto';
import { PROVIDER_REASONS } from '@shabaash/shared';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay-style id: `prefix_` + 14 alphanumerics (e.g. `order_EKwxwAgItmmXdp`). */
export function razorpayId(prefix: 'order' | 'pay' | 'evt' | 'acc'): string {
  let s = '';
  for (let i = 0; i < 14; i++) s += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return `${prefix}_${s}`;
}

/** Unix seconds, as every Razorpay `created_at`. */
export const unixNow = (): number => Math.floor(Date.now() / 1000);

/** Razorpay serialises empty notes as `[]` (a PHP quirk) and filled notes as an object. */
export type RazorpayNotes = Record<string, string> | [];

export interface SimOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: 'INR';
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: RazorpayNotes;
  created_at: number;
}

export type PaymentMethod = 'upi' | 'card';

export interface SimPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'created' | 'authorized' | 'captured' | 'failed' | 'refunded';
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: PaymentMethod;
  amount_refunded: number;
  refund_status: null;
  captured: boolean;
  description: string | null;
  card_id: string | null;
  card?: {
    id: string;
    entity: 'card';
    name: string;
    last4: string;
    network: string;
    type: 'credit' | 'debit';
    issuer: string | null;
    international: boolean;
    emi: boolean;
  };
  bank: null;
  wallet: null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: RazorpayNotes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
}

/** Razorpay's error body. */
export interface RazorpayErrorBody {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: Record<string, string>;
    field?: string;
  };
}

/** A request error exactly as Razorpay words it (`BAD_REQUEST_ERROR`, source business, step payment_initiation). */
export function badRequestError(description: string, field?: string): RazorpayErrorBody {
  return {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      ...(field ? { field } : {}),
    },
  };
}

/** The answer to wrong Basic credentials (HTTP 401). */
export const AUTH_FAILED: RazorpayErrorBody = {
  error: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Authentication failed',
    source: 'NA',
    step: 'NA',
    reason: 'NA',
    metadata: {},
  },
};

/** Failure details per method, worded like Razorpay's payment.failed errors. */
export const FAILURES: Record<
  PaymentMethod,
  { code: string; description: string; source: string; step: string; reason: string }
> = {
  upi: {
    code: 'BAD_REQUEST_ERROR',
    description: PROVIDER_REASONS.upiDeclined,
    source: 'customer',
    step: 'payment_authentication',
    reason: 'payment_declined',
  },
  card: {
    code: 'BAD_REQUEST_ERROR',
    description: PROVIDER_REASONS.cardDeclined,
    source: 'bank',
    step: 'payment_authorization',
    reason: 'card_declined',
  },
};

/** Validates a create-order body the way Razorpay does; returns the error body or null. */
export function validateOrderInput(body: Record<string, unknown>): RazorpayErrorBody | null {
  const { amount, currency, receipt, notes } = body;
  if (amount === undefined || amount === null || amount === '')
    return badRequestError('The amount field is required.', 'amount');
  if (typeof amount !== 'number' || !Number.isInteger(amount))
    return badRequestError('The amount must be an integer.', 'amount');
  if (amount < 100) return badRequestError('Order amount less than minimum amount allowed', 'amount');
  if (currency !== undefined && currency !== 'INR')
    return badRequestError('The requested currency is not supported.', 'currency');
  if (receipt !== undefined && receipt !== null) {
    if (typeof receipt !== 'string') return badRequestError('The receipt must be a string.', 'receipt');
    if (receipt.length > 40)
      return badRequestError('The receipt may not be greater than 40 characters.', 'receipt');
  }
  if (notes !== undefined && notes !== null) {
    if (typeof notes !== 'object') return badRequestError('The notes must be an array.', 'notes');
    const entries = Object.entries(notes);
    if (entries.length > 15)
      return badRequestError('Number of fields in notes should be less than or equal to 15', 'notes');
    if (entries.some(([, v]) => String(v).length > 256)) {
      return badRequestError('Notes value should be less than or equal to 256 characters', 'notes');
    }
  }
  return null;
}
