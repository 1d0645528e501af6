import { useEffect } from 'react';
import type { PaymentOrder, PaymentOrderStatus } from '@shabaash/shared';
import { useOrderStatus } from '../../hooks/useWallet.ts';
import { useT, type MessageKey } from '../../i18n/i18n.tsx';
import { money } from '../../i18n/format.ts';
import { Card } from '../../components/Card.tsx';
import { ServerText } from '../../components/ServerText.tsx';

const ORDER_STATE_TEXT = {
  created: 'addMoney.order.created',
  paid: 'addMoney.order.paid',
  failed: 'addMoney.order.failed',
} as const satisfies Record<PaymentOrderStatus['status'], MessageKey>;

function OrderStatusLine({
  orderId,
  startedAt,
  onPaid,
}: {
  orderId: string;
  startedAt: number;
  onPaid: () => void;
}) {
  const status = useOrderStatus(orderId, startedAt);
  const { t } = useT();
  const state = status.data?.status;
  // The webhook may land later than the 4 s refresh: refresh once more when the order is confirmed paid.
  useEffect(() => {
    if (state === 'paid') onPaid();
  }, [state, onPaid]);
  if (!status.data) return <dd>{t('addMoney.order.checking')}</dd>;
  const { failureReason } = status.data;
  return (
    <dd data-order-status={status.data.status}>
      {t(ORDER_STATE_TEXT[status.data.status])}
      {status.data.status === 'failed' && failureReason ? (
        <>
          {' '}
          <ServerText text={failureReason} />
        </>
      ) : null}
    </dd>
  );
}

/** The order confirmation box: id, amount, currency and the order's live status. */
export function OrderConfirmation({
  order,
  startedAt,
  onPaid,
}: {
  order: PaymentOrder;
  startedAt: number;
  onPaid: () => void;
}) {
  const { t } = useT();
  return (
    <Card title={t('addMoney.order.title')} className="order-box">
      <dl className="order-details">
        <div>
          <dt>{t('addMoney.order.id')}</dt>
          <dd className="order-id">{order.id}</dd>
        </div>
        <div>
          <dt>{t('addMoney.order.amount')}</dt>
          <dd className="order-amount">{money(order.amount)}</dd>
        </div>
        <div>
          <dt>{t('addMoney.order.currency')}</dt>
          <dd>{order.currency}</dd>
        </div>
        <div aria-live="polite">
          <dt>{t('addMoney.order.status')}</dt>
          <OrderStatusLine orderId={order.id} startedAt={startedAt} onPaid={onPaid} />
        </div>
      </dl>
    </Card>
  );
}
