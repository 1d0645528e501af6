import { Link, useNavigate, useParams } from 'react-router-dom';
import type { OpsTipDetail } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { DetailList } from '../../components/DetailList.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useOpsTip } from '../../hooks/ops/console.ts';
import { dateTime, money } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.tsx';
import { RefundForm } from './RefundForm.tsx';

/** /ops/tips/:id: a tip with its sender (masked phone or guest), refunds so far, the creator's earning, and Refund. */
export function TipDetail() {
  const { t } = useT();
  const { id = '' } = useParams();
  const navigate = useNavigate(); // Back returns to the results (the address keeps ?q=)
  const query = useOpsTip(id);
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <FormStatus error={serverMessage(query.error, t('ops.loadFailed'))} />;
  const { tip } = query.data;
  return (
    <div className="stack">
      <button
        type="button"
        className="button button-ghost button-small ops-back"
        onClick={() => navigate(-1)}
      >
        {t('ops.tip.back')}
      </button>
      <Card title={t('ops.tip.title', { amount: money(tip.amountPaise), handle: tip.creator.handle })}>
        <TipFacts tip={tip} />
      </Card>
      <EarningCard tip={tip} />
      <Card title={t('ops.refund.title')} hint={t('ops.refund.hint')}>
        {tip.refundablePaise > 0 ? (
          <RefundForm tip={tip} />
        ) : (
          <p role="status">{t('ops.refund.nothingLeft')}</p>
        )}
        {tip.refunds.length > 0 ? <RefundList tip={tip} /> : null}
        <Link to={`/ops/audit?targetKind=tip&targetId=${tip.id}`}>{t('ops.tip.auditLink')}</Link>
      </Card>
    </div>
  );
}

function TipFacts({ tip }: { tip: OpsTipDetail }) {
  const { t } = useT();
  const sender =
    tip.sender.kind === 'guest'
      ? t('ops.tip.guestSender', { name: tip.sender.name })
      : [tip.sender.name, tip.sender.phone].filter(Boolean).join(' · ');
  return (
    <DetailList
      className="ops-details"
      items={[
        { term: t('ops.tip.amount'), value: money(tip.amountPaise) },
        { term: t('ops.tip.creator'), value: `${tip.creator.displayName} (@${tip.creator.handle})` },
        { term: t('ops.tip.sender'), value: sender },
        { term: t('ops.tip.source'), value: t(`ops.source.${tip.source}`) },
        { term: t('ops.tip.status'), value: t(`ops.status.${tip.status}`), testId: 'ops-tip-status' },
        { term: t('ops.tip.paymentId'), value: tip.paymentId ?? '—' },
        { term: t('ops.tip.refunded'), value: money(tip.refundedPaise), testId: 'ops-tip-refunded' },
        { term: t('ops.tip.when'), value: dateTime(tip.createdAt) },
      ]}
    />
  );
}

/** The creator's earning for this tip: what they keep of it and where it stands (withheld or reversed by refunds). */
function EarningCard({ tip }: { tip: OpsTipDetail }) {
  const { t } = useT();
  const { earning } = tip;
  return (
    <Card title={t('ops.earning.title')}>
      {earning ? (
        <DetailList
          className="ops-details"
          items={[
            {
              term: t('ops.earning.state'),
              value: t(`ops.earning.${earning.state}`),
              testId: 'ops-earning-state',
            },
            { term: t('ops.earning.net'), value: money(earning.netPaise) },
            {
              term: t('ops.earning.reversed'),
              value: money(earning.reversedPaise),
              testId: 'ops-earning-reversed',
            },
            { term: t('ops.earning.kept'), value: money(earning.keptPaise), testId: 'ops-earning-kept' },
          ]}
        />
      ) : (
        <p>{t('ops.earning.none')}</p>
      )}
    </Card>
  );
}

function RefundList({ tip }: { tip: OpsTipDetail }) {
  const { t } = useT();
  return (
    <section aria-labelledby="ops-refunds-title">
      <h3 id="ops-refunds-title">{t('ops.refund.listTitle')}</h3>
      <ul className="ops-list">
        {tip.refunds.map((refund) => (
          <li key={refund.id} className="ops-row">
            <strong>
              {money(refund.amountPaise)} · {t(`ops.refund.status.${refund.status}`)}
            </strong>
            <span className="small">{refund.reason}</span>
            <span className="small muted">
              {dateTime(refund.createdAt)}
              {refund.refundId ? ` · ${refund.refundId}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
