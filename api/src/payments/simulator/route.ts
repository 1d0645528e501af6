import { randomInt } from 'node:crypto';
import { badRequestError, unixNow, type RazorpayErrorBody, type SimPayment } from './entities.ts';
import { createRouteAccounts } from './routeAccounts.ts';
import {
  err,
  isRecord,
  notesOf,
  ok,
  rid,
  str,
  type RouteAnswer,
  type RouteContext,
  type SimLinkedAccount,
  type SimProduct,
  type SimSettlement,
  type SimTransfer,
} from './routeEntities.ts';

export { DEFAULT_ROUTE_SWITCHES } from './routeEntities.ts';
export type { RouteContext, RouteEventName, RouteSwitches } from './routeEntities.ts';

/**
 * Razorpay Route in the simulator: onboarding (routeAccounts.ts), transfers from payments and direct transfers,
 * reversals, settlements with UTRs, refunds and lost disputes — with the shapes, errors and webhooks of
 * Razorpay's documentation.
 */
export function createRouteSimulator(ctx: RouteContext) {
  const onboarding = createRouteAccounts(ctx);
  const accounts = onboarding.accounts;
  const transfers = new Map<string, SimTransfer>();
  const settlements = new Map<string, SimSettlement>();
  const unsettled: SimTransfer[] = [];

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
    const answered = onboarding.handle(method, path, b);
    if (answered) return answered;
    let m: RegExpExecArray | null;
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
    products: onboarding.products as ReadonlyMap<string, SimProduct>,
    transfers: transfers as ReadonlyMap<string, SimTransfer>,
    handle,
    refund,
    loseDispute,
    seedActivatedAccount: onboarding.seedActivatedAccount,
    /** Settles every processed transfer held back by `holdSettlements`. */
    settleHeld() {
      for (const t of unsettled.splice(0)) settle(t);
    },
  };
}

export type RouteSimulator = ReturnType<typeof createRouteSimulator>;
