import type { Tds194oSettings } from '@shabaash/shared';
import { MESSAGES, type OpsRefund, type OpsTipDetail } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/knex.ts';
import { AppError, badRequest, conflict, upstreamFailed } from '../../http/errors.ts';
import { IDEMPOTENCY_KEY_REUSED, requestFingerprint } from '../../http/idempotency.ts';
import { payoutsChanged } from '../payouts/payouts.notify.ts';
import {
  requestTransferReversal,
  reverseTipEarning,
  type PendingReversal,
} from '../payouts/reversals.service.ts';
import { walletSpace } from '../sync/spaces.ts';
import { postLedgerEntry } from '../wallet/ledger.ts';
import { recordOperatorAction } from './audit.ts';
import { presentOpsTip, presentRefund, refundedOf } from './tipRefunds.presenter.ts';
import {
  findOpsTip,
  findRefundByKey,
  findTipEarning,
  insertOperatorRefund,
  listTipRefunds,
  settleOperatorRefund,
  type OperatorRefundRow,
  type OpsTipRow,
} from './tipRefunds.repository.ts';

/** A tip as an operator sees it: refunds so far and the creator's earning for it. 404 when there is none. */
export async function opsTipDetail(db: Executor, tipId: string): Promise<OpsTipDetail> {
  if (!/^[0-9a-f-]{36}$/i.test(tipId)) throw new AppError('NOT_FOUND', MESSAGES.tipNotFound);
  const tip = await findOpsTip(db, tipId);
  if (!tip) throw new AppError('NOT_FOUND', MESSAGES.tipNotFound);
  refuseYouTubeTip(tip);
  return presentOpsTip(tip, await listTipRefunds(db, tipId), await findTipEarning(db, tipId));
}

/** A Super Chat was paid on YouTube: no money of it is here to show, refund or reverse (409). */
function refuseYouTubeTip<T extends OpsTipRow>(tip: T): asserts tip is T & { source: 'wallet' | 'guest' } {
  if (tip.source === 'youtube') throw conflict(MESSAGES.youtubeTipNoMoney);
}

/** What the audit row keeps before and after a refund: what the tip has refunded, and the creator's earning. */
async function refundState(tx: Executor, tipId: string) {
  const earning = await findTipEarning(tx, tipId);
  return {
    refundedPaise: refundedOf(await listTipRefunds(tx, tipId)),
    earning: earning
      ? { state: earning.state, keptPaise: Number(earning.net_paise) - Number(earning.reversed_paise) }
      : null,
  };
}

interface RefundRequest {
  operatorId: string;
  tipId: string;
  amountPaise: number;
  reason: string;
  idempotencyKey: string;
}

/**
 * Inside one transaction, with the tip row locked: replays the refund already made with this Idempotency-Key (409
 * when the key came with another request), refuses more than is left unrefunded, and records the new refund
 * (`processed` for a wallet tip, `pending` for a guest tip until Razorpay answers).
 */
async function recordRefund(
  tx: Executor,
  request: RefundRequest,
): Promise<{ row: OperatorRefundRow; tip: OpsTipRow; fresh: boolean; before: unknown }> {
  const tip = await findOpsTip(tx, request.tipId, { lock: true });
  if (!tip) throw new AppError('NOT_FOUND', MESSAGES.tipNotFound);
  refuseYouTubeTip(tip);
  const hash = requestFingerprint('opsRefundTip', {
    tipId: request.tipId,
    amountPaise: request.amountPaise,
    reason: request.reason,
  });
  const earlier = await findRefundByKey(tx, request.operatorId, request.idempotencyKey);
  if (earlier) {
    if (earlier.request_hash !== hash) throw conflict(IDEMPOTENCY_KEY_REUSED);
    return { row: earlier, tip, fresh: false, before: null };
  }
  const before = await refundState(tx, tip.id);
  if (request.amountPaise > Number(tip.amount_paise) - before.refundedPaise)
    throw badRequest(MESSAGES.refundTooLarge, 'amount');
  if (tip.source === 'guest' && !tip.payment_id) throw conflict(MESSAGES.refundNotAccepted);
  if (tip.source === 'wallet' && !tip.sender_id) throw conflict(MESSAGES.refundNotAccepted);
  const row = await insertOperatorRefund(tx, {
    tip_id: tip.id,
    source: tip.source,
    payment_id: tip.payment_id,
    amount_paise: request.amountPaise,
    status: tip.source === 'wallet' ? 'processed' : 'pending',
    operator_id: request.operatorId,
    idempotency_key: request.idempotencyKey,
    request_hash: hash,
    reason: request.reason,
  });
  return { row, tip, fresh: true, before };
}

/**
 * Reverses the creator's share of the refund (the same proportional rule as a refund Razorpay reports) and writes
 * the audit row, in the caller's transaction. `reference` names the refund: Razorpay's refund id for a guest tip,
 * so the refund.processed webhook that follows finds its reversal made and reverses nothing more.
 */
async function reverseShareAndAudit(
  tx: Executor,
  request: RefundRequest,
  refund: { reference: string; refundId: string; before: unknown },
  tds: Tds194oSettings | null,
): Promise<PendingReversal | null> {
  const after = await refundState(tx, request.tipId);
  const reversed = await reverseTipEarning(
    tx,
    request.tipId,
    { reason: 'refund', refundId: refund.reference, refundedPaise: after.refundedPaise, sourceEventId: null },
    tds,
  );
  await recordOperatorAction(tx, {
    operatorId: request.operatorId,
    action: 'tip.refund',
    targetKind: 'tip',
    targetId: request.tipId,
    before: refund.before,
    after: {
      ...(await refundState(tx, request.tipId)),
      refundId: refund.refundId,
      amountPaise: request.amountPaise,
    },
    reason: request.reason,
  });
  return reversed.pending;
}

/**
 * Refunds a tip in full or in part for an operator: a wallet tip back to the viewer's wallet through the ledger,
 * a guest tip through a Razorpay refund. The creator's share is withheld or reversed as for a provider refund,
 * once, and one audit row records it. A repeated request with the same Idempotency-Key refunds nothing more and
 * answers the first refund (`replayed`).
 */
export async function refundTip(
  deps: AppDeps,
  request: RefundRequest,
): Promise<{ tip: OpsTipDetail; refund: OpsRefund; replayed: boolean }> {
  let pending: PendingReversal | null = null;
  const recorded = await deps.db.transaction(async (tx) => {
    const result = await recordRefund(tx, request);
    if (!result.fresh || result.tip.source !== 'wallet' || !result.tip.sender_id) return result;
    const reference = `operator_refund:${result.row.id}`;
    await postLedgerEntry(tx, {
      userId: result.tip.sender_id,
      type: 'credit',
      kind: 'refund',
      amountPaise: request.amountPaise,
      description: `Refund of a tip to @${result.tip.handle}`,
      reference,
    });
    pending = await reverseShareAndAudit(
      tx,
      request,
      {
        reference,
        refundId: reference,
        before: result.before,
      },
      deps.config.legal.tds194o,
    );
    return result;
  });
  // Replaying a refund Razorpay refused answers as the first time did: nothing was refunded.
  if (!recorded.fresh && recorded.row.status === 'failed') throw upstreamFailed(MESSAGES.refundNotAccepted);
  let row = recorded.row;
  if (recorded.fresh && recorded.tip.source === 'guest' && recorded.tip.payment_id) {
    row = await refundThroughRazorpay(
      deps,
      request,
      recorded.tip.payment_id,
      recorded.row,
      (p) => {
        pending = p;
      },
      recorded.before,
    );
  }
  if (recorded.fresh) {
    if (recorded.tip.source === 'wallet' && recorded.tip.sender_id)
      deps.realtime.changed([walletSpace(recorded.tip.sender_id)]);
    payoutsChanged(deps, [recorded.tip.creator_id]);
  }
  if (pending) await requestTransferReversal(deps, pending);
  return {
    tip: await opsTipDetail(deps.db, request.tipId),
    refund: presentRefund(row),
    replayed: !recorded.fresh,
  };
}

/**
 * Asks Razorpay (the SDK; the simulator in sandbox) to refund the recorded amount of the payment. Refused: the
 * refund is marked failed (nothing was refunded; its amount is free again) and the operator told. Accepted: the
 * refund is marked processed, the creator's share reversed and the audit row written, in one transaction.
 */
async function refundThroughRazorpay(
  deps: AppDeps,
  request: RefundRequest,
  paymentId: string,
  row: OperatorRefundRow,
  onPending: (pending: PendingReversal | null) => void,
  before: unknown,
): Promise<OperatorRefundRow> {
  let refundId: string;
  try {
    const refund = await deps.payments.refundPayment(paymentId, {
      amountPaise: Number(row.amount_paise),
      notes: { reason: 'operator', operator_refund_id: row.id },
    });
    refundId = refund.id;
  } catch (err) {
    deps.logger.error(
      { paymentId, refundRowId: row.id, err: String(err) },
      'operator refund refused by Razorpay',
    );
    await settleOperatorRefund(deps.db, row.id, { status: 'failed' });
    throw upstreamFailed(MESSAGES.refundNotAccepted);
  }
  return deps.db.transaction(async (tx) => {
    const settled = await settleOperatorRefund(tx, row.id, { status: 'processed', refundId });
    onPending(
      await reverseShareAndAudit(
        tx,
        request,
        { reference: refundId, refundId, before },
        deps.config.legal.tds194o,
      ),
    );
    return settled;
  });
}
