import { useId, useState, type FormEvent } from 'react';
import { operatorReasonSchema, type HeldCreator, type OpsTransfer } from '@shabaash/shared';
import { FormStatus } from '../../components/FormStatus.tsx';
import { ServerText } from '../../components/ServerText.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useCreatorPayoutsHold, useOpsPayouts, useRetryTransfer } from '../../hooks/ops/payouts.ts';
import { errorText } from '../../i18n/errors.ts';
import { dateTime, money } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.tsx';
import './disputesPayouts.css';

/**
 * A reason (required, operatorReasonSchema) and a submit button; `extra` fields (a creator id) come first. Calls
 * `onSubmit` with the trimmed reason once it is valid, and clears the form when it succeeded.
 */
function ReasonForm({
  submitLabel,
  pending,
  error,
  onSubmit,
  withCreatorId = false,
}: {
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (values: { reason: string; creatorId: string }) => Promise<unknown>;
  withCreatorId?: boolean;
}) {
  const { t } = useT();
  const id = useId();
  const [reason, setReason] = useState('');
  const [creatorId, setCreatorId] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = operatorReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setInvalid(t('ops.payouts.reasonRequired'));
      return;
    }
    setInvalid(null);
    try {
      await onSubmit({ reason: parsed.data, creatorId: creatorId.trim() });
      setReason('');
      setCreatorId('');
    } catch {
      // The mutation's error is shown below.
    }
  }
  return (
    <form className="ops-actions" onSubmit={(e) => void handleSubmit(e)} noValidate>
      {withCreatorId ? (
        <TextField
          id={`${id}-creator`}
          label={t('ops.payouts.creatorId')}
          value={creatorId}
          onChange={(e) => setCreatorId(e.target.value)}
          required
          autoComplete="off"
        />
      ) : null}
      <TextField
        id={`${id}-reason`}
        label={t('ops.payouts.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        aria-invalid={invalid ? true : undefined}
        autoComplete="off"
      />
      <button type="submit" className="button" disabled={pending}>
        {submitLabel}
      </button>
      <FormStatus error={invalid ?? error} />
    </form>
  );
}

function TransferCard({ transfer }: { transfer: OpsTransfer }) {
  const { t } = useT();
  const retry = useRetryTransfer();
  return (
    <li className="ops-item" aria-labelledby={`transfer-${transfer.id}`}>
      <h4 id={`transfer-${transfer.id}`} className="ops-item-title">
        {money(transfer.amountPaise)} · @{transfer.creator.handle}
        <span className="ops-chip">
          {transfer.state === 'failed' ? t('ops.payouts.failed') : t('ops.payouts.heldByDispute')}
        </span>
      </h4>
      <dl className="ops-facts">
        <dt>{t('ops.payouts.why')}</dt>
        <dd>{transfer.reason ? <ServerText text={transfer.reason} /> : '—'}</dd>
        <dt>{t('ops.payouts.created')}</dt>
        <dd>{dateTime(transfer.createdAt)}</dd>
        {transfer.razorpayTransferId ? (
          <>
            <dt>{t('ops.payouts.razorpayId')}</dt>
            <dd className="ops-id">{transfer.razorpayTransferId}</dd>
          </>
        ) : null}
      </dl>
      {transfer.retryTransferId ? (
        <p className="muted">{t('ops.payouts.retried')}</p>
      ) : transfer.retryable ? (
        <div className="ops-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={retry.isPending || retry.isSuccess}
            onClick={() => retry.mutate(transfer.id)}
          >
            {t('ops.payouts.retry')}
          </button>
          <FormStatus
            error={retry.isError ? errorText(retry.error) : null}
            success={retry.isSuccess ? t('ops.payouts.retrySent') : null}
          />
        </div>
      ) : null}
    </li>
  );
}

function HeldCreatorCard({ held }: { held: HeldCreator }) {
  const { t } = useT();
  const release = useCreatorPayoutsHold();
  return (
    <li className="ops-item" aria-labelledby={`held-${held.creator.id}`}>
      <h4 id={`held-${held.creator.id}`} className="ops-item-title">
        @{held.creator.handle} · {held.creator.displayName}
      </h4>
      <dl className="ops-facts">
        <dt>{t('ops.payouts.heldSince')}</dt>
        <dd>{dateTime(held.heldAt)}</dd>
        <dt>{t('ops.payouts.why')}</dt>
        <dd>{held.reason}</dd>
        <dt>{t('ops.payouts.waiting')}</dt>
        <dd>{money(held.availablePaise)}</dd>
      </dl>
      <ReasonForm
        submitLabel={t('ops.payouts.release')}
        pending={release.isPending}
        error={release.isError ? errorText(release.error) : null}
        onSubmit={({ reason }) => release.mutateAsync({ creatorId: held.creator.id, hold: false, reason })}
      />
    </li>
  );
}

/** The operators' payouts: failed and held transfers (Retry), creators on hold (Release), and a hold form. */
export function PayoutsSection() {
  const { t } = useT();
  const payouts = useOpsPayouts();
  const hold = useCreatorPayoutsHold();
  return (
    <section className="ops-section" aria-labelledby="ops-payouts-title">
      <h2 id="ops-payouts-title">{t('ops.payouts.title')}</h2>
      {payouts.isPending ? (
        <p className="muted" role="status">
          {t('ops.payouts.loading')}
        </p>
      ) : payouts.isError ? (
        <>
          <FormStatus error={errorText(payouts.error, t('ops.payouts.loadFailed'))} />
          <button type="button" className="button" onClick={() => void payouts.refetch()}>
            {t('ops.payouts.tryAgain')}
          </button>
        </>
      ) : (
        <>
          <h3>{t('ops.payouts.transfers')}</h3>
          {payouts.data.transfers.length === 0 ? (
            <p className="muted">{t('ops.payouts.noTransfers')}</p>
          ) : (
            <ul className="ops-list">
              {payouts.data.transfers.map((tr) => (
                <TransferCard key={`${tr.state}-${tr.id}`} transfer={tr} />
              ))}
            </ul>
          )}
          <h3>{t('ops.payouts.heldCreators')}</h3>
          {payouts.data.heldCreators.length === 0 ? (
            <p className="muted">{t('ops.payouts.noHeldCreators')}</p>
          ) : (
            <ul className="ops-list">
              {payouts.data.heldCreators.map((h) => (
                <HeldCreatorCard key={h.creator.id} held={h} />
              ))}
            </ul>
          )}
        </>
      )}
      <h3>{t('ops.payouts.holdTitle')}</h3>
      <p className="muted">{t('ops.payouts.holdHint')}</p>
      <ReasonForm
        withCreatorId
        submitLabel={t('ops.payouts.hold')}
        pending={hold.isPending}
        error={hold.isError ? errorText(hold.error) : null}
        onSubmit={({ creatorId, reason }) => hold.mutateAsync({ creatorId, hold: true, reason })}
      />
      {hold.isSuccess ? <FormStatus success={t('ops.payouts.holdDone')} /> : null}
    </section>
  );
}
