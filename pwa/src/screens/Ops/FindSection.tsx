import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SEARCH_MIN_CHARS, type OpsSearchResult } from '@shabaash/shared';
import { Card } from '../../components/Card.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useOpsSearch } from '../../hooks/ops/console.ts';
import { dateTime, money } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.tsx';
import { serverMessage } from '../../api/client.ts';

/**
 * Find: one box for a handle, a name, the last 4 digits of a phone, a payment id (pay_…) or an order id
 * (order_…). The query lives in the address (?q=), so Back returns to the same results.
 */
export function FindSection() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const search = useOpsSearch(q);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setParams(typed.trim() ? { q: typed.trim() } : {}, { replace: true });
  };

  return (
    <Card title={t('ops.find.title')} hint={t('ops.find.hint')}>
      <form className="form" role="search" onSubmit={handleSubmit}>
        <TextField
          id="ops-find"
          label={t('ops.find.label')}
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          minLength={SEARCH_MIN_CHARS}
          maxLength={100}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button button-primary button-block">
          {t('ops.find.submit')}
        </button>
      </form>
      {search.isError ? <FormStatus error={serverMessage(search.error, t('ops.loadFailed'))} /> : null}
      {search.isFetching && !search.data ? (
        <p role="status" className="muted">
          {t('page.loading')}
        </p>
      ) : null}
      {search.data && q ? <Results result={search.data} /> : null}
    </Card>
  );
}

function Results({ result }: { result: OpsSearchResult }) {
  const { t } = useT();
  if (result.users.length === 0 && result.tips.length === 0) return <p role="status">{t('ops.find.none')}</p>;
  return (
    <div className="stack" role="status">
      {result.tips.length > 0 ? (
        <section aria-labelledby="ops-find-tips">
          <h3 id="ops-find-tips">{t('ops.find.tips')}</h3>
          <ul className="ops-list">
            {result.tips.map((tip) => (
              <li key={tip.id} className="ops-row">
                <Link to={`/ops/tips/${tip.id}`}>
                  {t('ops.find.tipLine', { amount: money(tip.amountPaise), handle: tip.creatorHandle })}
                </Link>
                <span className="small">
                  {tip.source === 'guest'
                    ? t('ops.tip.guestSender', { name: tip.senderName })
                    : tip.senderName}
                  {' · '}
                  {dateTime(tip.createdAt)}
                </span>
                {tip.paymentId ? <code className="small">{tip.paymentId}</code> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {result.users.length > 0 ? (
        <section aria-labelledby="ops-find-people">
          <h3 id="ops-find-people">{t('ops.find.people')}</h3>
          <ul className="ops-list">
            {result.users.map((user) => (
              <li key={user.id} className="ops-row">
                <Link to={`/ops/people/${user.id}`}>
                  <strong>{user.name}</strong>
                </Link>
                <span className="small">
                  {t(`ops.role.${user.role}`)}
                  {user.handle ? ` · @${user.handle}` : ''}
                  {user.phone ? ` · ${user.phone}` : ''}
                  {user.deleted ? ` · ${t('ops.find.deleted')}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
