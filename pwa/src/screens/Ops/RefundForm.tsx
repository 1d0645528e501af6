import { useState, type FormEvent } from 'react';
import { paiseToRupees, type OpsTipDetail } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { FormSubmit } from '../../components/FormStatus.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useRefundTip } from '../../hooks/ops/console.ts';
import { money } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.tsx';

/**
 * Refund all or part of a tip, with a reason (required: the audit log keeps it). Half and All fill the amount; the
 * server checks it against what is left and answers the tip as it now stands.
 */
export function RefundForm({ tip }: { tip: OpsTipDetail }) {
  const { t } = useT();
  const refund = useRefundTip(tip.id);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);

  const fill = (paise: number) => setAmount(String(paiseToRupees(paise)));

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    try {
      const result = await refund.mutateAsync({ amount: Number(amount), reason });
      setDone(t('ops.refund.done', { amount: money(result.refund.amountPaise) }));
      setAmount('');
      setReason('');
    } catch {
      // shown below from refund.error
    }
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <TextField
        id="ops-refund-amount"
        label={t('ops.refund.amount')}
        hint={t('ops.refund.left', { amount: money(tip.refundablePaise) })}
        inputMode="decimal"
        autoComplete="off"
        required
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <div className="button-row">
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => fill(Math.floor(tip.refundablePaise / 2))}
        >
          {t('ops.refund.half')}
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => fill(tip.refundablePaise)}
        >
          {t('ops.refund.all')}
        </button>
      </div>
      <div className="field">
        <label htmlFor="ops-refund-reason">{t('ops.refund.reason')}</label>
        <textarea
          id="ops-refund-reason"
          required
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <FormSubmit
        error={refund.isError ? serverMessage(refund.error, t('ops.refund.failed')) : null}
        success={done}
        disabled={refund.isPending}
      >
        {refund.isPending ? t('ops.refund.busy') : t('ops.refund.submit')}
      </FormSubmit>
    </form>
  );
}
