import { randomInt } from 'node:crypto';
import { badRequestError, type RazorpayNotes, type SimPayment } from './entities.ts';

/** The Route simulator's entities (as Razorpay documents them), switches, context and small helpers. */

export type RouteEventName =
  | 'product.route.under_review'
  | 'product.route.needs_clarification'
  | 'product.route.activated'
  | 'transfer.processed'
  | 'transfer.failed'
  | 'settlement.processed'
  | 'refund.processed'
  | DisputeEventName;

/** Razorpay's dispute webhooks (payload: the payment and the dispute). */
export type DisputeEventName =
  | 'payment.dispute.created'
  | 'payment.dispute.under_review'
  | 'payment.dispute.action_required'
  | 'payment.dispute.won'
  | 'payment.dispute.lost'
  | 'payment.dispute.closed';

/** The Route switches (part of SimulatorSwitches). */
export interface RouteSwitches {
  /** The first review of a linked account's route product asks for clarification. */
  routeNeedsClarification: boolean;
  /** Transfers fail (transfer.failed) instead of being processed. */
  routeFailTransfers: boolean;
  /** Settlements wait for `settle()` instead of following each processed transfer. */
  holdSettlements: boolean;
  /** Milliseconds before a review decision, a transfer's processing and a settlement. */
  routeStepMs: number;
  /** Every API answer waits this long (the bench's ~50 ms per call). */
  apiLatencyMs: number;
  /** A Route call is carried out at once, then its answer waits this long (a crash between call and commit). */
  routeAnswerDelayMs: number;
}

export const DEFAULT_ROUTE_SWITCHES: RouteSwitches = {
  routeNeedsClarification: false,
  routeFailTransfers: false,
  holdSettlements: false,
  routeStepMs: 10,
  apiLatencyMs: 0,
  routeAnswerDelayMs: 0,
};

type Id = 'acc' | 'sth' | 'acc_prd' | 'trf' | 'rvrsl' | 'setl' | 'rfnd' | 'disp';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const rid = (prefix: Id) =>
  `${prefix}_${Array.from({ length: 14 }, () => ALNUM[randomInt(ALNUM.length)]).join('')}`;

export const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export interface SimLinkedAccount {
  id: string;
  type: 'route';
  status: 'created' | 'activated' | 'suspended';
  email: string;
  phone: string;
  legal_business_name: string;
  business_type: string;
  reference_id: string | null;
  contact_name: string;
  profile: unknown;
  legal_info?: unknown;
  notes: RazorpayNotes;
  created_at: number;
}

export interface SimProduct {
  id: string;
  account_id: string;
  product_name: 'route';
  activation_status: 'requested' | 'needs_clarification' | 'under_review' | 'activated';
  requested_configuration: { payment_methods: [] };
  active_configuration: { settlements: Record<string, string> | null; payment_capture: null };
  requirements: Array<{
    field_reference: string;
    resolution_url: string;
    status: string;
    reason_code: string;
  }>;
  tnc_accepted: boolean;
  reviews: number;
  requested_at: number;
}

export interface SimTransfer {
  id: string;
  entity: 'transfer';
  status: 'pending' | 'processed' | 'failed' | 'reversed' | 'partially_reversed';
  source: string;
  recipient: string;
  amount: number;
  currency: 'INR';
  amount_reversed: number;
  fees: number;
  tax: number;
  notes: RazorpayNotes;
  linked_account_notes: string[];
  on_hold: boolean;
  on_hold_until: number | null;
  settlement_status: 'pending' | 'on_hold' | 'settled' | null;
  recipient_settlement_id: string | null;
  created_at: number;
  processed_at: number | null;
  error: {
    code: string | null;
    description: string | null;
    reason: string | null;
    field: null;
    step: null;
    id: string;
    source: null;
    metadata: null;
  };
}

export interface SimSettlement {
  id: string;
  entity: 'settlement';
  amount: number;
  status: 'processed';
  fees: number;
  tax: number;
  utr: string;
  created_at: number;
}

/** A refund as Razorpay reports it (`GET /v1/refunds/:id`). */
export interface SimRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: 'INR';
  payment_id: string;
  notes: RazorpayNotes;
  receipt: null;
  acquirer_data: { arn: null };
  created_at: number;
  batch_id: null;
  status: 'processed';
  speed_processed: 'normal';
  speed_requested: 'normal';
}

export interface RouteContext {
  switches: RouteSwitches;
  /** The platform's own account (the source of direct transfers). */
  platformAccountId: string;
  payments: ReadonlyMap<string, SimPayment>;
  /** Sends one signed webhook; `accountId` is the envelope's account_id (the linked account for Route events). */
  emit(name: RouteEventName, accountId: string, payload: Record<string, { entity: unknown }>): void;
  /** Runs `work` later, tracked so `idle()` waits for it. */
  later(ms: number, work: () => void): void;
}

export type RouteAnswer = { status: number; body: unknown } | null;

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
export const notesOf = (v: unknown): RazorpayNotes =>
  isRecord(v) && Object.keys(v).length > 0
    ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]))
    : [];
export const err = (description: string, field?: string) => ({
  status: 400,
  body: badRequestError(description, field),
});
export const ok = (body: unknown) => ({ status: 200, body });

/** A dispute as Razorpay's Disputes API and webhooks show it (the evidence object is left out). */
export interface SimDispute {
  id: string;
  entity: 'dispute';
  payment_id: string;
  amount: number;
  currency: 'INR';
  /** What Razorpay took from the merchant's balance: 0 until the dispute is lost. */
  amount_deducted: number;
  reason_code: string;
  reason_description: string;
  /** Unix seconds: the evidence deadline. */
  respond_by: number;
  status: 'open' | 'under_review' | 'won' | 'lost' | 'closed';
  phase: 'fraud' | 'retrieval' | 'chargeback' | 'pre_arbitration' | 'arbitration';
  created_at: number;
}
