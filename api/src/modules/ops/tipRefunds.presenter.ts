import { maskPhone, type OpsRefund, type OpsTipDetail } from '@shabaash/shared';
import type { OperatorRefundRow, OpsTipRow, TipEarningRow } from './tipRefunds.repository.ts';

/** What the refunds of a tip took so far: pending and processed ones (a failed refund refunded nothing). */
export function refundedOf(refunds: OperatorRefundRow[]): number {
  return refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + Number(r.amount_paise), 0);
}

export function presentRefund(row: OperatorRefundRow): OpsRefund {
  return {
    id: row.id,
    amountPaise: Number(row.amount_paise),
    status: row.status,
    refundId: row.refund_id,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
  };
}

/** A tip for an operator: the sender's phone masked, guests by the name they typed, no bank detail anywhere. */
export function presentOpsTip(
  tip: OpsTipRow & { source: 'wallet' | 'guest' },
  refunds: OperatorRefundRow[],
  earning: TipEarningRow | undefined,
): OpsTipDetail {
  const amountPaise = Number(tip.amount_paise);
  const refundedPaise = refundedOf(refunds);
  const net = earning ? Number(earning.net_paise) : 0;
  const reversed = earning ? Number(earning.reversed_paise) : 0;
  return {
    id: tip.id,
    source: tip.source,
    amountPaise,
    feePaise: Number(tip.fee_paise),
    createdAt: tip.created_at.toISOString(),
    creator: { id: tip.creator_id, handle: tip.handle, displayName: tip.display_name },
    sender:
      tip.source === 'guest'
        ? { kind: 'guest', name: tip.guest_name ?? '', phone: null }
        : {
            kind: 'viewer',
            name: tip.sender_name ?? '',
            phone: tip.sender_phone ? maskPhone(tip.sender_phone) : null,
          },
    status: refundedPaise >= amountPaise ? 'refunded' : refundedPaise > 0 ? 'partly_refunded' : 'paid',
    paymentId: tip.payment_id,
    orderId: tip.order_id,
    refundedPaise,
    refundablePaise: Math.max(amountPaise - refundedPaise, 0),
    refunds: refunds.map(presentRefund),
    earning: earning
      ? { state: earning.state, netPaise: net, reversedPaise: reversed, keptPaise: net - reversed }
      : null,
  };
}
