import { z } from 'zod';
import { CLARIFICATION_FIELDS, CLARIFICATION_REASONS, fillMessage, STATUS_TEXTS } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/knex.ts';
import type { Logger } from '../../logger.ts';
import { setGatewayCharges } from './earnings.repository.ts';
import { insertInboxEvent, setInboxOutcome } from '../payments/payments.repository.ts';
import {
  findLinkedAccountByAccountId,
  lockLinkedAccountByAccountId,
  setLinkedAccountStatus,
  type LinkedAccountStatus,
} from './linkedAccounts.repository.ts';
import {
  applyDisputeEvent,
  disputeEntitySchema,
  DISPUTE_EVENTS,
  isDisputeEvent,
  syncRouteHold,
  type DisputeOutcome,
} from './disputes.service.ts';
import { payoutsChanged } from './payouts.notify.ts';
import { requestTransferReversal, reverseEarning, type PendingReversal } from './reversals.service.ts';
import { recordSettlement, lockTransfer } from './transfers.repository.ts';
import { applyTransferOutcome } from './transferOutcomes.ts';
import { PAYOUT_KEY_NOTE } from './transfers.service.ts';
import { countGuestPayment } from '../../metrics/guestPayments.ts';

export const PAYOUT_EVENTS = [
  'product.route.under_review',
  'product.route.needs_clarification',
  'product.route.activated',
  'transfer.processed',
  'transfer.failed',
  'settlement.processed',
  'refund.processed',
  ...DISPUTE_EVENTS,
] as const;
export type PayoutEvent = (typeof PAYOUT_EVENTS)[number];
export const isPayoutEvent = (event: string): event is PayoutEvent =>
  (PAYOUT_EVENTS as readonly string[]).includes(event);

export type PayoutOutcome =
  | 'already_processed'
  | 'status_recorded'
  | 'status_unchanged'
  | 'transfer_applied'
  | 'transfer_unchanged'
  | 'transfer_unknown'
  | 'settlement_recorded'
  | 'reversed'
  | 'nothing_to_reverse'
  | DisputeOutcome;

const notesSchema = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional();
const transferSchema = z.object({
  id: z.string(),
  status: z.string(),
  notes: notesSchema,
  recipient_settlement_id: z.string().nullish(),
  error: z.object({ description: z.string().nullish() }).nullish(),
});
const envelopeSchema = z.object({
  event: z.string(),
  account_id: z.string().optional(),
  payload: z.object({
    merchant_product: z
      .object({
        entity: z.object({
          id: z.string().optional(),
          activation_status: z.string(),
          requirements: z
            .array(z.object({ field_reference: z.string(), reason_code: z.string() }))
            .optional(),
        }),
      })
      .optional(),
    transfer: z.object({ entity: transferSchema }).optional(),
    settlement: z.object({ entity: z.object({ id: z.string(), utr: z.string().nullish() }) }).optional(),
    payment: z
      .object({ entity: z.object({ id: z.string(), amount_refunded: z.number().int().nullish() }) })
      .optional(),
    refund: z
      .object({ entity: z.object({ id: z.string(), payment_id: z.string(), amount: z.number().int() }) })
      .optional(),
    dispute: z.object({ entity: disputeEntitySchema }).optional(),
  }),
});

/** Razorpay's requirements as sentences a creator can act on (STATUS_TEXTS, which the PWA shows in Hindi too). */
export function clarificationReasons(
  reqs: Array<{ field_reference: string; reason_code: string }>,
): string[] {
  return reqs.map((r) =>
    fillMessage(CLARIFICATION_REASONS[r.reason_code] ?? STATUS_TEXTS.clarifyOther, {
      field: CLARIFICATION_FIELDS[r.field_reference] ?? r.field_reference,
      code: r.reason_code,
    }),
  );
}

const chargesSchema = z.object({
  payload: z.object({
    payment: z.object({
      entity: z.object({ id: z.string(), fee: z.number().int().nullish(), tax: z.number().int().nullish() }),
    }),
  }),
});

/** Keeps the gateway fee and tax Razorpay reported on a captured guest payment with the tip's earning (once). */
export async function recordGatewayCharges(db: Executor, body: unknown): Promise<void> {
  const parsed = chargesSchema.safeParse(body);
  const p = parsed.success ? parsed.data.payload.payment.entity : null;
  if (p && typeof p.fee === 'number') await setGatewayCharges(db, p.id, p.fee, p.tax ?? 0);
}

/**
 * Route's webhooks, in one transaction each with the inbox row (a repeated event id changes nothing):
 * product.route.* set the linked account's status; transfer.processed / transfer.failed apply the outcome once;
 * settlement.processed records the UTR (and marks a transfer paid if its transfer.processed is late);
 * refund.processed reverses the refund's proportional part of the tip's creator share once per refund;
 * payment.dispute.* open, update and decide a dispute case (disputes.service.ts: the first holds the creator's
 * earning, won releases it, lost reverses the rest of the share).
 */
export async function handlePayoutWebhook(
  deps: AppDeps,
  body: unknown,
  inboxId: string,
  log: Logger,
): Promise<PayoutOutcome | 'ignored'> {
  const parsed = envelopeSchema.safeParse(body);
  if (!parsed.success || !isPayoutEvent(parsed.data.event)) return 'ignored';
  const { event, payload, account_id: accountId } = parsed.data;
  // settlement.processed names no transfer: ask Razorpay which transfers it settled (a read, before the transaction).
  const settlement = payload.settlement?.entity;
  const settled = settlement
    ? await deps.payments.route.listTransfers({ recipientSettlementId: settlement.id })
    : [];
  const product = payload.merchant_product?.entity;
  let pending: PendingReversal | null = null;
  let routeHoldOf: string | null = null; // a dispute case whose Route hold or release to ask for after commit
  const touched: string[] = [];
  const outcome = await deps.db.transaction(async (tx): Promise<PayoutOutcome> => {
    const paymentId =
      payload.refund?.entity.payment_id ??
      payload.payment?.entity.id ??
      payload.dispute?.entity.payment_id ??
      null;
    const fresh = await insertInboxEvent(tx, { id: inboxId, event, paymentId, orderId: null, payload: body });
    if (!fresh) return 'already_processed';
    let result: PayoutOutcome;
    if (event.startsWith('product.route.')) {
      // Review webhooks can arrive out of order, or two at once: under the account's row lock, apply the product's
      // state as Razorpay reports it now (read after the lock, so the last to commit applies the newest state).
      const locked = accountId ? await lockLinkedAccountByAccountId(tx, accountId) : false;
      const current =
        locked && product?.id && accountId
          ? await deps.payments.route.fetchProduct(accountId, product.id)
          : undefined;
      const status = (current?.status ??
        product?.activation_status ??
        event.slice('product.route.'.length)) as LinkedAccountStatus;
      const changed = accountId
        ? await setLinkedAccountStatus(
            tx,
            accountId,
            status,
            clarificationReasons(current?.requirements ?? product?.requirements ?? []),
          )
        : false;
      result = changed ? 'status_recorded' : 'status_unchanged';
      const account = changed && accountId ? await findLinkedAccountByAccountId(tx, accountId) : undefined;
      if (account) touched.push(account.creator_id);
    } else if (event === 'transfer.processed' || event === 'transfer.failed') {
      const t = payload.transfer?.entity;
      const key = t && !Array.isArray(t.notes) ? t.notes?.[PAYOUT_KEY_NOTE] : undefined;
      const row =
        (t && (await lockTransfer(tx, { razorpayId: t.id }))) ??
        (typeof key === 'string' ? await lockTransfer(tx, { key }) : undefined);
      if (!t || !row) result = 'transfer_unknown';
      else {
        const applied = await applyTransferOutcome(tx, row, {
          status: event === 'transfer.processed' ? 'processed' : 'failed',
          razorpayId: t.id,
          reason: t.error?.description ?? (event === 'transfer.failed' ? STATUS_TEXTS.transferFailed : null),
        });
        result = applied ? 'transfer_applied' : 'transfer_unchanged';
        if (applied) touched.push(row.creator_id);
      }
    } else if (event === 'settlement.processed' && settlement) {
      for (const t of settled) {
        const key = Array.isArray(t.notes) ? undefined : (t.notes as Record<string, string>)[PAYOUT_KEY_NOTE];
        const row =
          (await lockTransfer(tx, { razorpayId: t.id })) ??
          (key ? await lockTransfer(tx, { key }) : undefined);
        if (!row) continue;
        await applyTransferOutcome(tx, row, { status: 'processed', razorpayId: t.id });
        await recordSettlement(tx, row.id, settlement.id, settlement.utr ?? null);
        touched.push(row.creator_id);
      }
      result = 'settlement_recorded';
    } else if (isDisputeEvent(event) && payload.dispute) {
      const applied = await applyDisputeEvent(
        tx,
        event,
        payload.dispute.entity,
        inboxId,
        deps.config.legal.tds194o,
      );
      pending = applied.reversal;
      routeHoldOf = applied.route?.disputeId ?? null;
      if (applied.creatorId) touched.push(applied.creatorId);
      result = applied.outcome;
    } else if (event === 'refund.processed' && paymentId) {
      const refund = payload.refund?.entity;
      const reversed = await reverseEarning(
        tx,
        paymentId,
        {
          reason: 'refund',
          refundId: refund?.id ?? null,
          // What the payment has refunded in all after this refund; a payload without it counts this refund alone.
          refundedPaise: refund ? (payload.payment?.entity.amount_refunded ?? refund.amount) : null,
          sourceEventId: inboxId,
        },
        deps.config.legal.tds194o,
      );
      pending = reversed.pending;
      if (reversed.creatorId) touched.push(reversed.creatorId);
      result = reversed.method === 'none' ? 'nothing_to_reverse' : 'reversed';
    } else result = 'nothing_to_reverse';
    await setInboxOutcome(tx, inboxId, result);
    return result;
  });
  payoutsChanged(deps, touched);
  // A refund of a tip's payment (an operator's, or one made at Razorpay's dashboard) reversed its earning.
  if (event === 'refund.processed' && outcome === 'reversed') countGuestPayment('refunded');
  if (pending) await requestTransferReversal(deps, pending);
  if (routeHoldOf) await syncRouteHold(deps, routeHoldOf);
  if (outcome !== 'already_processed') log.info({ event, outcome }, 'payout webhook');
  return outcome;
}
