import type { PaymentOrderStatus } from '@shabaash/shared';
import type { PaymentOrderRow } from './payments.repository.ts';

/** What the screens need to show a payment as pending, failed or received (amount in paise, like orders). */
export type OrderStatusDto = PaymentOrderStatus;

/** payment_orders row → status DTO (no names, messages or payer details). */
export function presentOrderStatus(row: PaymentOrderRow): OrderStatusDto {
  return {
    id: row.id,
    status: row.status,
    amount: Number(row.amount_paise),
    currency: row.currency,
    failureReason: row.status === 'failed' ? row.failure_reason : null,
  };
}
