import type { DisputeCase, DisputeHoldState } from '@shabaash/shared';
import { FormStatus } from '../../components/FormStatus.tsx';
import { ServerText } from '../../components/ServerText.tsx';
import { useOpsDisputes } from '../../hooks/ops/disputes.ts';
import { errorText } from '../../i18n/errors.ts';
import { dateTime, money } from '../../i18n/format.ts';
import { useT, type MessageKey } from '../../i18n/i18n.tsx';
import './disputesPayouts.css';

const STATUS_TEXT: Record<string, MessageKey> = {
  open: 'ops.disputes.status.open',
  under_review: 'ops.disputes.status.underReview',
  action_required: 'ops.disputes.status.actionRequired',
  won: 'ops.disputes.status.won',
  lost: 'ops.disputes.status.lost',
  closed: 'ops.disputes.status.closed',
};

const HOLD_TEXT: Record<DisputeHoldState, MessageKey> = {
  none: 'ops.disputes.hold.none',
  held: 'ops.disputes.hold.held',
  route_hold_requested: 'ops.disputes.hold.routeHoldRequested',
  route_held: 'ops.disputes.hold.routeHeld',
  settled: 'ops.disputes.hold.settled',
  released: 'ops.disputes.hold.released',
  route_release_requested: 'ops.disputes.hold.routeReleaseRequested',
  reversed: 'ops.disputes.hold.reversed',
};

/** The evidence deadline, in IST, as the first thing an operator reads about an open case. */
function Deadline({ dispute }: { dispute: DisputeCase }) {
  const { t } = useT();
  if (dispute.outcome) return null;
  if (!dispute.respondBy) return <p className="ops-deadline">{t('ops.disputes.noDeadline')}</p>;
  const overdue = new Date(dispute.respondBy).getTime() < Date.now();
  return (
    <p
      className={overdue ? 'ops-deadline ops-deadline-overdue' : 'ops-deadline'}
      data-testid="dispute-deadline"
    >
      <strong>{t('ops.disputes.respondBy', { deadline: dateTime(dispute.respondBy) })}</strong>
      {overdue ? ` · ${t('ops.disputes.overdue')}` : null}
    </p>
  );
}

function DisputeCard({ dispute }: { dispute: DisputeCase }) {
  const { t } = useT();
  const status = STATUS_TEXT[dispute.status];
  return (
    <li className="ops-item" aria-labelledby={`dispute-${dispute.id}`}>
      <h3 id={`dispute-${dispute.id}`} className="ops-item-title">
        {money(dispute.amountPaise)} ·{' '}
        {dispute.creator ? `@${dispute.creator.handle}` : t('ops.disputes.noCreator')}
        <span className={`ops-chip ops-chip-${dispute.outcome ?? 'open'}`}>
          {status ? t(status) : dispute.status}
        </span>
      </h3>
      <Deadline dispute={dispute} />
      <dl className="ops-facts">
        <dt>{t('ops.disputes.heldEarning')}</dt>
        <dd data-testid="dispute-hold">
          {t(HOLD_TEXT[dispute.hold.state], { amount: money(dispute.hold.heldPaise) })}
          {dispute.hold.note ? (
            <span className="muted small">
              {' — '}
              <ServerText text={dispute.hold.note} />
            </span>
          ) : null}
        </dd>
        {dispute.tip ? (
          <>
            <dt>{t('ops.disputes.tip')}</dt>
            <dd>
              {t('ops.disputes.tipFrom', {
                amount: money(dispute.tip.amountPaise),
                name: dispute.tip.senderName ?? t('ops.disputes.guest'),
              })}
              {dispute.tip.message ? <q className="ops-message">{dispute.tip.message}</q> : null}
            </dd>
          </>
        ) : null}
        <dt>{t('ops.disputes.reason')}</dt>
        <dd>
          {dispute.reasonDescription ? <ServerText text={dispute.reasonDescription} /> : dispute.reasonCode}
          {dispute.phase ? ` (${dispute.phase})` : null}
        </dd>
        <dt>{t('ops.disputes.payment')}</dt>
        <dd className="ops-id">
          {dispute.paymentId} · {dispute.razorpayDisputeId}
        </dd>
        <dt>{t('ops.disputes.opened')}</dt>
        <dd>{dateTime(dispute.openedAt)}</dd>
        {dispute.decidedAt ? (
          <>
            <dt>{t('ops.disputes.decided')}</dt>
            <dd>{dateTime(dispute.decidedAt)}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

/** The operators' disputes: open cases first, nearest evidence deadline first (IST), with the held earning. */
export function DisputesSection() {
  const { t } = useT();
  const disputes = useOpsDisputes();
  return (
    <section className="ops-section" aria-labelledby="ops-disputes-title">
      <h2 id="ops-disputes-title">{t('ops.disputes.title')}</h2>
      {disputes.isPending ? (
        <p className="muted" role="status">
          {t('ops.disputes.loading')}
        </p>
      ) : disputes.isError ? (
        <>
          <FormStatus error={errorText(disputes.error, t('ops.disputes.loadFailed'))} />
          <button type="button" className="button" onClick={() => void disputes.refetch()}>
            {t('ops.disputes.retry')}
          </button>
        </>
      ) : disputes.data.disputes.length === 0 ? (
        <p className="muted">{t('ops.disputes.empty')}</p>
      ) : (
        <>
          <p className="muted" role="status">
            {t('ops.disputes.openCount', { count: disputes.data.openCount })}
          </p>
          <ul className="ops-list">
            {disputes.data.disputes.map((d) => (
              <DisputeCard key={d.id} dispute={d} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
