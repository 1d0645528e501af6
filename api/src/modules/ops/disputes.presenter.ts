import type { DisputeCase } from '@shabaash/shared';
import type { DisputeCaseRow } from '../payouts/disputes.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A case row (with its tip, creator, earning and transfer) → the operators' DTO. No phone or bank detail is in it. */
export function presentDisputeCase(row: DisputeCaseRow): DisputeCase {
  return {
    id: row.id,
    razorpayDisputeId: row.razorpay_dispute_id,
    paymentId: row.payment_id,
    amountPaise: Number(row.amount_paise),
    currency: row.currency,
    amountDeductedPaise: Number(row.amount_deducted_paise),
    reasonCode: row.reason_code,
    reasonDescription: row.reason_description,
    phase: row.phase,
    status: row.status,
    outcome: row.outcome,
    respondBy: iso(row.respond_by),
    openedAt: row.opened_at.toISOString(),
    decidedAt: iso(row.decided_at),
    hold: { state: row.hold_state, heldPaise: Number(row.held_paise), note: row.hold_note },
    tip:
      row.tip_id && row.tip_created_at
        ? {
            id: row.tip_id,
            amountPaise: Number(row.tip_amount_paise),
            senderName: row.tip_sender_name,
            message: row.tip_message ?? '',
            createdAt: row.tip_created_at.toISOString(),
          }
        : null,
    creator:
      row.creator_id && row.creator_handle
        ? { id: row.creator_id, handle: row.creator_handle, displayName: row.creator_display_name ?? '' }
        : null,
    earning:
      row.earning_state !== null
        ? { state: row.earning_state, netPaise: Number(row.earning_net_paise) }
        : null,
    transfer:
      row.transfer_status !== null
        ? {
            razorpayTransferId: row.razorpay_transfer_id,
            status: row.transfer_status,
            settled: row.transfer_settled_at !== null,
          }
        : null,
  };
}
