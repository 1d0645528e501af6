import { randomInt } from 'node:crypto';
import {
  badRequestError,
  unixNow,
  type RazorpayErrorBody,
  type RazorpayNotes,
  type SimPayment,
} from './entities.ts';

/**
 * Razorpay Route in the simulator: linked accounts (`/v2/accounts`), stakeholders, the `route` product
 * configuration with its review states, transfers from payments and direct transfers, reversals, settlements
 * with UTRs, refunds and lost disputes — with the shapes, errors and webhooks of Razorpay's documentation.
 */

export type RouteEventName =
  | 'product.route.under_review'
  | 'product.route.needs_clarification'
  | 'product.route.activated'
  | 'transfer.processed'
  | 'transfer.failed'
  | 'settlement.processed'
  | 'refund.processed'
  | 'payment.dispute.lost';

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
}

export const DEFAULT_ROUTE_SWITCHES: RouteSwitches = {
  routeNeedsClarification: false,
  routeFailTransfers: false,
  holdSettlements: false,
  routeStepMs: 10,
  apiLatencyMs: 0,
};

type Id = 'acc' | 'sth' | 'acc_prd' | 'trf' | 'rvrsl' | 'setl' | 'rfnd' | 'disp';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const rid = (prefix: Id) =>
  `${prefix}_${Array.from({ length: 14 }, () => ALNUM[randomInt(ALNUM.length)]).join('')}`;

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;

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
  on_hold_until: null;
  settlement_status: 'pending' | 'settled' | null;
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

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const notesOf = (v: unknown): RazorpayNotes =>
  isRecord(v) && Object.keys(v).length > 0
    ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]))
    : [];
const err = (description: string, field?: string) => ({
  status: 400,
  body: badRequestError(description, field),
});
const ok = (body: unknown) => ({ status: 200, body });

/** The Route half of the simulator; `handle` answers Route paths and returns null for anything else. */
export function createRouteSimulator(ctx: RouteContext) {
  const accounts = new Map<string, SimLinkedAccount>();
  const products = new Map<string, SimProduct>();
  const transfers = new Map<string, SimTransfer>();
  const settlements = new Map<string, SimSettlement>();
  const unsettled: SimTransfer[] = [];

  const productEvent = (p: SimProduct) => {
    const name = `product.route.${p.activation_status}` as RouteEventName;
    ctx.emit(name, p.account_id, {
      merchant_product: {
        entity: {
          id: p.id,
          merchant_id: p.account_id.slice(4),
          activation_status: p.activation_status,
          requirements: p.requirements,
        },
      },
    });
  };

  function review(p: SimProduct) {
    p.activation_status = 'under_review';
    p.requirements = [];
    productEvent(p);
    ctx.later(ctx.switches.routeStepMs, () => {
      p.reviews += 1;
      if (ctx.switches.routeNeedsClarification && p.reviews === 1) {
        p.activation_status = 'needs_clarification';
        p.requirements = [
          {
            field_reference: 'settlements.beneficiary_name',
            resolution_url: `/accounts/${p.account_id}/products/${p.id}`,
            status: 'required',
            reason_code: 'document_name_mismatch',
          },
        ];
      } else {
        p.activation_status = 'activated';
        const account = accounts.get(p.account_id);
        if (account) account.status = 'activated';
      }
      productEvent(p);
    });
  }

  function createAccount(body: Record<string, unknown>): NonNullable<RouteAnswer> {
    for (const field of ['email', 'phone', 'legal_business_name', 'contact_name', 'business_type'])
      if (!str(body[field])) return err(`The ${field} field is required.`, field);
    if (body.type !== 'route') return err('The type field is invalid.', 'type');
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(str(body.email)))
      return err('The email must be a valid email address.', 'email');
    if (!/^\d{8,15}$/.test(str(body.phone))) return err('The phone format is invalid.', 'phone');
    const clash = [...accounts.values()].find((a) => a.email === str(body.email));
    if (clash) return err(`Merchant email already exists for account - ${clash.id.slice(4)}`, 'email');
    const legal = isRecord(body.legal_info) ? body.legal_info : undefined;
    if (legal?.pan !== undefined && !PAN.test(str(legal.pan))) return err('The pan field is invalid.', 'pan');
    const account: SimLinkedAccount = {
      id: rid('acc'),
      type: 'route',
      status: 'created',
      email: str(body.email),
      phone: str(body.phone),
      legal_business_name: str(body.legal_business_name),
      business_type: str(body.business_type),
      reference_id: str(body.reference_id) || null,
      contact_name: str(body.contact_name),
      profile: body.profile ?? null,
      legal_info: legal,
      notes: notesOf(body.notes),
      created_at: unixNow(),
    };
    accounts.set(account.id, account);
    return ok(account);
  }

  function createStakeholder(accountId: string, body: Record<string, unknown>): NonNullable<RouteAnswer> {
    if (!accounts.has(accountId)) return err('The id provided does not exist');
    if (!str(body.name)) return err('The name field is required.', 'name');
    const kyc = isRecord(body.kyc) ? body.kyc : {};
    if (!PAN.test(str(kyc.pan))) return err('The pan field is invalid.', 'kyc.pan');
    return ok({
      entity: 'stakeholder',
      id: rid('sth'),
      name: str(body.name),
      email: str(body.email),
      relationship: body.relationship ?? { director: true },
      phone: body.phone ?? {},
      notes: notesOf(body.notes),
      kyc: { pan: `XXXXX${str(kyc.pan).slice(5, 9)}X` },
      addresses: body.addresses ?? {},
    });
  }

  function requestProduct(accountId: string, body: Record<string, unknown>): NonNullable<RouteAnswer> {
    if (!accounts.has(accountId)) return err('The id provided does not exist');
    if (body.product_name !== 'route') return err('The product name field is invalid.', 'product_name');
    const product: SimProduct = {
      id: rid('acc_prd'),
      account_id: accountId,
      product_name: 'route',
      activation_status: 'needs_clarification',
      requested_configuration: { payment_methods: [] },
      active_configuration: { settlements: null, payment_capture: null },
      requirements: [
        'settlements.account_number',
        'settlements.ifsc_code',
        'settlements.beneficiary_name',
      ].map((field_reference) => ({
        field_reference,
        resolution_url: `/accounts/${accountId}/products/{product_id}`,
        status: 'required',
        reason_code: 'field_missing',
      })),
      tnc_accepted: body.tnc_accepted === true,
      reviews: 0,
      requested_at: unixNow(),
    };
    products.set(product.id, product);
    return ok(presentProduct(product));
  }

  function editProduct(
    accountId: string,
    productId: string,
    body: Record<string, unknown>,
  ): NonNullable<RouteAnswer> {
    const product = products.get(productId);
    if (!product || product.account_id !== accountId) return err('The id provided does not exist');
    const s = isRecord(body.settlements) ? body.settlements : null;
    if (s) {
      if (!/^\d{9,18}$/.test(str(s.account_number)))
        return err('The account number is invalid.', 'settlements.account_number');
      if (!IFSC.test(str(s.ifsc_code))) return err('The ifsc code is invalid.', 'settlements.ifsc_code');
      if (!str(s.beneficiary_name))
        return err('The beneficiary name field is required.', 'settlements.beneficiary_name');
      product.active_configuration.settlements = {
        account_number: `XXXXXX${str(s.account_number).slice(-4)}`,
        ifsc_code: str(s.ifsc_code),
        beneficiary_name: str(s.beneficiary_name),
      };
    }
    if (body.tnc_accepted === true) product.tnc_accepted = true;
    if (
      product.activation_status !== 'activated' &&
      product.tnc_accepted &&
      product.active_configuration.settlements
    )
      review(product);
    return ok(presentProduct(product));
  }

  const presentProduct = (p: SimProduct) => {
    const { reviews: _reviews, ...rest } = p;
    return rest;
  };

  function newTransfer(source: string, t: Record<string, unknown>): SimTransfer | RazorpayErrorBody {
    const account = accounts.get(str(t.account));
    if (!account) return badRequestError('The id provided does not exist', 'account');
    if (account.status !== 'activated')
      return badRequestError(
        'Transfer cannot be processed as the linked account is not activated',
        'account',
      );
    if (typeof t.amount !== 'number' || !Number.isInteger(t.amount) || t.amount < 100)
      return badRequestError('The amount must be at least INR 1.00.', 'amount');
    if (t.currency !== 'INR') return badRequestError('The currency field is required.', 'currency');
    const id = rid('trf');
    return {
      id,
      entity: 'transfer',
      status: 'pending',
      source,
      recipient: account.id,
      amount: t.amount,
      currency: 'INR',
      amount_reversed: 0,
      fees: Math.round(t.amount * 0.0025),
      tax: Math.round((Math.round(t.amount * 0.0025) * 18) / 118),
      notes: notesOf(t.notes),
      linked_account_notes: [],
      on_hold: t.on_hold === true || t.on_hold === 1,
      on_hold_until: null,
      settlement_status: null,
      recipient_settlement_id: null,
      created_at: unixNow(),
      processed_at: null,
      error: {
        code: null,
        description: null,
        reason: null,
        field: null,
        step: null,
        id,
        source: null,
        metadata: null,
      },
    };
  }

  function settle(transfer: SimTransfer) {
    const settlement: SimSettlement = {
      id: rid('setl'),
      entity: 'settlement',
      amount: transfer.amount,
      status: 'processed',
      fees: 0,
      tax: 0,
      utr: String(randomInt(10 ** 11, 10 ** 12 - 1)),
      created_at: unixNow(),
    };
    settlements.set(settlement.id, settlement);
    transfer.recipient_settlement_id = settlement.id;
    transfer.settlement_status = 'settled';
    ctx.emit('settlement.processed', transfer.recipient, { settlement: { entity: settlement } });
  }

  function process(transfer: SimTransfer) {
    const fail = ctx.switches.routeFailTransfers;
    ctx.later(ctx.switches.routeStepMs, () => {
      if (fail) {
        Object.assign(transfer.error, {
          code: 'BAD_REQUEST_ERROR',
          description: 'Beneficiary bank is down. Retry the transfer after some time.',
          reason: 'beneficiary_bank_down',
        });
        transfer.status = 'failed';
        ctx.emit('transfer.failed', transfer.recipient, { transfer: { entity: transfer } });
        return;
      }
      transfer.status = 'processed';
      transfer.processed_at = unixNow();
      transfer.settlement_status = 'pending';
      ctx.emit('transfer.processed', transfer.recipient, { transfer: { entity: transfer } });
      if (ctx.switches.holdSettlements) unsettled.push(transfer);
      else ctx.later(ctx.switches.routeStepMs, () => settle(transfer));
    });
  }

  function transferFromPayment(paymentId: string, body: Record<string, unknown>): NonNullable<RouteAnswer> {
    const payment = ctx.payments.get(paymentId);
    if (!payment) return err('The id provided does not exist');
    if (payment.status !== 'captured')
      return err('Transfer is not allowed on a payment that is not captured', 'payment_id');
    const list = Array.isArray(body.transfers) ? body.transfers : [];
    if (list.length === 0) return err('The transfers field is required.', 'transfers');
    const made: SimTransfer[] = [];
    let sum = [...transfers.values()]
      .filter((t) => t.source === paymentId && t.status !== 'failed')
      .reduce((s, t) => s + t.amount, 0);
    for (const item of list) {
      const t = newTransfer(paymentId, isRecord(item) ? item : {});
      if (!('entity' in t)) return { status: 400, body: t };
      sum += t.amount;
      if (sum > payment.amount - payment.amount_refunded)
        return err('The sum of amount requested for transfer is greater than the captured amount', 'amount');
      made.push(t);
    }
    for (const t of made) {
      transfers.set(t.id, t);
      process(t);
    }
    return ok({ entity: 'collection', count: made.length, items: made });
  }

  function directTransfer(body: Record<string, unknown>): NonNullable<RouteAnswer> {
    const t = newTransfer(ctx.platformAccountId, body);
    if (!('entity' in t)) return { status: 400, body: t };
    transfers.set(t.id, t);
    process(t);
    return ok(t);
  }

  function listTransfers(query: URLSearchParams, paymentId?: string): NonNullable<RouteAnswer> {
    const count = Math.min(100, Number(query.get('count')) || 10);
    const skip = Number(query.get('skip')) || 0;
    const from = Number(query.get('from')) || 0;
    const to = Number(query.get('to')) || Number.MAX_SAFE_INTEGER;
    const setl = query.get('recipient_settlement_id');
    const items = [...transfers.values()]
      .filter((t) => (paymentId ? t.source === paymentId : true))
      .filter((t) => t.created_at >= from && t.created_at <= to)
      .filter((t) => (setl ? t.recipient_settlement_id === setl : true))
      .reverse()
      .slice(skip, skip + count);
    return ok({ entity: 'collection', count: items.length, items });
  }

  function reverse(transferId: string, body: Record<string, unknown>): NonNullable<RouteAnswer> {
    const t = transfers.get(transferId);
    if (!t) return err('The id provided does not exist');
    if (t.status !== 'processed' && t.status !== 'partially_reversed')
      return err('Reversal is not allowed for a transfer that is not processed', 'transfer_id');
    const amount = body.amount === undefined ? t.amount - t.amount_reversed : body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0)
      return err('The amount must be an integer.', 'amount');
    if (amount > t.amount - t.amount_reversed)
      return err('The reversal amount provided is greater than amount not reversed', 'amount');
    t.amount_reversed += amount;
    t.status = t.amount_reversed === t.amount ? 'reversed' : 'partially_reversed';
    return ok({
      id: rid('rvrsl'),
      entity: 'reversal',
      transfer_id: t.id,
      amount,
      fee: 0,
      tax: 0,
      currency: 'INR',
      notes: notesOf(body.notes),
      initiator_id: t.recipient,
      customer_refund_id: null,
      created_at: unixNow(),
    });
  }

  /** Refunds a captured payment (as the dashboard or `payments.refund` does) and sends refund.processed. */
  function refund(paymentId: string, amount?: number): NonNullable<RouteAnswer> {
    const payment = ctx.payments.get(paymentId) as
      (SimPayment & { amount_refunded: number; refund_status: unknown }) | undefined;
    if (!payment) return err('The id provided does not exist');
    const value = amount ?? payment.amount - payment.amount_refunded;
    if (payment.status !== 'captured' && payment.status !== 'refunded')
      return err('The payment has not been captured', 'payment_id');
    if (value <= 0 || value > payment.amount - payment.amount_refunded)
      return err('The refund amount provided is greater than amount captured', 'amount');
    payment.amount_refunded += value;
    Object.assign(payment, {
      refund_status: payment.amount_refunded === payment.amount ? 'full' : 'partial',
    });
    if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
    const entity = {
      id: rid('rfnd'),
      entity: 'refund',
      amount: value,
      currency: 'INR',
      payment_id: paymentId,
      notes: [],
      receipt: null,
      acquirer_data: { arn: null },
      created_at: unixNow(),
      batch_id: null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: 'normal',
    };
    ctx.emit('refund.processed', '', { refund: { entity }, payment: { entity: structuredClone(payment) } });
    return ok(entity);
  }

  /** A chargeback lost by the merchant: sends payment.dispute.lost. */
  function loseDispute(paymentId: string) {
    const payment = ctx.payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    const dispute = {
      id: rid('disp'),
      entity: 'dispute',
      payment_id: paymentId,
      amount: payment.amount,
      currency: 'INR',
      amount_deducted: payment.amount,
      reason_code: 'chargeback',
      respond_by: unixNow() + 7 * 86_400,
      status: 'lost',
      phase: 'chargeback',
      created_at: unixNow(),
    };
    ctx.emit('payment.dispute.lost', '', {
      payment: { entity: structuredClone(payment) },
      dispute: { entity: dispute },
    });
    return dispute;
  }

  /** Answers a Route API path, or null when it is not one. */
  function handle(method: string, path: string, body: unknown, query: URLSearchParams): RouteAnswer {
    const b = isRecord(body) ? body : {};
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v2/accounts') return createAccount(b);
    if (method === 'GET' && (m = /^\/v2\/accounts\/([^/]+)$/.exec(path))) {
      const a = accounts.get(m[1] ?? '');
      return a ? ok(a) : err('The id provided does not exist');
    }
    if (method === 'POST' && (m = /^\/v2\/accounts\/([^/]+)\/stakeholders$/.exec(path)))
      return createStakeholder(m[1] ?? '', b);
    if (method === 'POST' && (m = /^\/v2\/accounts\/([^/]+)\/products$/.exec(path)))
      return requestProduct(m[1] ?? '', b);
    if ((m = /^\/v2\/accounts\/([^/]+)\/products\/([^/]+)$/.exec(path))) {
      if (method === 'PATCH') return editProduct(m[1] ?? '', m[2] ?? '', b);
      const p = products.get(m[2] ?? '');
      return p && p.account_id === m[1] ? ok(presentProduct(p)) : err('The id provided does not exist');
    }
    if ((m = /^\/v1\/payments\/([^/]+)\/transfers$/.exec(path)))
      return method === 'POST' ? transferFromPayment(m[1] ?? '', b) : listTransfers(query, m[1]);
    if (method === 'POST' && (m = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path)))
      return refund(m[1] ?? '', typeof b.amount === 'number' ? b.amount : undefined);
    if (path === '/v1/transfers') return method === 'POST' ? directTransfer(b) : listTransfers(query);
    if (method === 'POST' && (m = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path)))
      return reverse(m[1] ?? '', b);
    if (method === 'GET' && (m = /^\/v1\/transfers\/([^/]+)$/.exec(path))) {
      const t = transfers.get(m[1] ?? '');
      return t ? ok(t) : err('The id provided does not exist');
    }
    if (method === 'GET' && (m = /^\/v1\/settlements\/([^/]+)$/.exec(path))) {
      const s = settlements.get(m[1] ?? '');
      return s ? ok(s) : err('The id provided does not exist');
    }
    return null;
  }

  return {
    accounts: accounts as ReadonlyMap<string, SimLinkedAccount>,
    products: products as ReadonlyMap<string, SimProduct>,
    transfers: transfers as ReadonlyMap<string, SimTransfer>,
    handle,
    refund,
    loseDispute,
    /** An activated linked account made without the onboarding calls (the bench seeds thousands). */
    seedActivatedAccount(email: string): string {
      const account: SimLinkedAccount = {
        id: rid('acc'),
        type: 'route',
        status: 'activated',
        email,
        phone: '9000000000',
        legal_business_name: email,
        business_type: 'individual',
        reference_id: null,
        contact_name: email,
        profile: null,
        notes: [],
        created_at: unixNow(),
      };
      accounts.set(account.id, account);
      return account.id;
    },
    /** Settles every processed transfer held back by `holdSettlements`. */
    settleHeld() {
      for (const t of unsettled.splice(0)) settle(t);
    },
  };
}

export type RouteSimulator = ReturnType<typeof createRouteSimulator>;
