import { PROVIDER_REASONS } from '@shabaash/shared';
import { unixNow } from './entities.ts';
import { createRouteAccounts } from './routeAccounts.ts';
import {
  err,
  isRecord,
  ok,
  type RouteAnswer,
  type RouteContext,
  type SimLinkedAccount,
  type SimProduct,
  type SimRefund,
  type SimSettlement,
  type SimTransfer,
} from './routeEntities.ts';
import { createRouteDisputes } from './routeDisputes.ts';
import { refundPayment } from './routeRefunds.ts';
import { createRouteSettlements } from './routeSettlements.ts';
import { newTransfer, reverseTransfer } from './routeTransfers.ts';

export { DEFAULT_ROUTE_SWITCHES } from './routeEntities.ts';
export type { RouteContext, RouteEventName, RouteSwitches, SimDispute } from './routeEntities.ts';
export type { DisputeDecision } from './routeDisputes.ts';

/**
 * Razorpay Route in the simulator: onboarding (routeAccounts.ts), transfers from payments and direct transfers,
 * reversals, settlement holds, settlements with UTRs, refunds and disputes (routeDisputes.ts) — with the shapes,
 * errors and webhooks of Razorpay's documentation.
 */
export function createRouteSimulator(ctx: RouteContext) {
  const onboarding = createRouteAccounts(ctx);
  const accounts = onboarding.accounts;
  const transfers = new Map<string, SimTransfer>();
  const { settlements, scheduleSettlement, editHold, settleHeld } = createRouteSettlements(ctx);
  const disputes = createRouteDisputes(ctx);
  const refunds = new Map<string, SimRefund>();

  function process(transfer: SimTransfer) {
    const fail = ctx.switches.routeFailTransfers;
    ctx.later(ctx.switches.routeStepMs, () => {
      if (fail) {
        Object.assign(transfer.error, {
          code: 'BAD_REQUEST_ERROR',
          description: PROVIDER_REASONS.bankDown,
          reason: 'beneficiary_bank_down',
        });
        transfer.status = 'failed';
        ctx.emit('transfer.failed', transfer.recipient, { transfer: { entity: transfer } });
        return;
      }
      transfer.status = 'processed';
      transfer.processed_at = unixNow();
      transfer.settlement_status = transfer.on_hold ? 'on_hold' : 'pending';
      ctx.emit('transfer.processed', transfer.recipient, { transfer: { entity: transfer } });
      scheduleSettlement(transfer);
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
      const t = newTransfer(accounts, paymentId, isRecord(item) ? item : {});
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
    const t = newTransfer(accounts, ctx.platformAccountId, body);
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

  /** Answers a Route API path, or null when it is not one. */
  /** Refunds a payment and keeps the refund (GET /v1/refunds lists it). */
  function refund(paymentId: string, amount?: number): NonNullable<RouteAnswer> {
    const answer = refundPayment(ctx, paymentId, amount);
    if (answer.status === 200) {
      const entity = answer.body as SimRefund;
      refunds.set(entity.id, entity);
    }
    return answer;
  }

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
      return reverseTransfer(transfers.get(m[1] ?? ''), b);
    if (method === 'GET' && (m = /^\/v1\/transfers\/([^/]+)$/.exec(path))) {
      const t = transfers.get(m[1] ?? '');
      return t ? ok(t) : err('The id provided does not exist');
    }
    if (method === 'PATCH' && (m = /^\/v1\/transfers\/([^/]+)$/.exec(path)))
      return editHold(transfers.get(m[1] ?? ''), b);
    if (method === 'GET' && (m = /^\/v1\/disputes\/([^/]+)$/.exec(path))) {
      const d = disputes.fetch(m[1] ?? '');
      return d ? ok(d) : err('The id provided does not exist');
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
    settlements: settlements as ReadonlyMap<string, SimSettlement>,
    refunds: refunds as ReadonlyMap<string, SimRefund>,
    /** Refunds a captured payment (as the dashboard or `payments.refund` does) and sends refund.processed. */
    refund,
    /** A chargeback lost before the merchant heard of it: sends payment.dispute.lost only. */
    loseDispute: (paymentId: string) => disputes.loseAtOnce(paymentId),
    /** Disputes: `raise` on a captured payment, then `review`, `actionRequired`, `decide` (signed webhooks each). */
    disputes,
    seedActivatedAccount: onboarding.seedActivatedAccount,
    /** Settles every processed transfer held back by `holdSettlements`. */
    settleHeld,
    /** Whether a transfer's settlement is on hold at Route. */
    isOnHold: (transferId: string) => transfers.get(transferId)?.on_hold === true,
  };
}

export type RouteSimulator = ReturnType<typeof createRouteSimulator>;
