import { useState } from 'react';
import type { CreatorSupporters } from '@shabaash/shared';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { errorText } from '../../i18n/errors.ts';
import { money } from '../../i18n/format.ts';
import { useCreatorSupporters, useSupporterVisibility } from '../../hooks/useCreatorSupporters.ts';

type Status = { error?: string; success?: string };

/**
 * Under the top supporters widget: its list as it is on stream, each with Hide, and the supporters hidden from it,
 * each with Show again. The server keeps the choice and tells open widgets at once.
 */
export function SupportersManager() {
  const { t } = useT();
  const supporters = useCreatorSupporters();
  const visibility = useSupporterVisibility();
  const [status, setStatus] = useState<Status>({});
  const lists: CreatorSupporters | undefined = supporters.data;

  async function change(request: { hide: string } | { show: string }, success: string) {
    setStatus({});
    try {
      await visibility.mutateAsync(request);
      setStatus({ success });
    } catch (error) {
      setStatus({ error: errorText(error, t('supporters.changeFailed')) });
    }
  }

  return (
    <section className="os-supporters" aria-labelledby="os-supporters-title">
      <h3 id="os-supporters-title" className="os-subtitle">
        {t('supporters.title')}
      </h3>
      <p className="muted small">{t('supporters.hint')}</p>
      {!lists ? (
        <p className="muted small">
          {supporters.isError ? t('supporters.loadFailed') : t('supporters.loading')}
        </p>
      ) : (
        <>
          {lists.supporters.length === 0 ? (
            <p className="muted small">{t('supporters.none')}</p>
          ) : (
            <ol className="os-supporter-list" aria-label={t('supporters.onStream')}>
              {lists.supporters.map((supporter) => (
                <li key={supporter.key} className="os-supporter-row">
                  <span>
                    {supporter.name} · {money(supporter.amountPaise)}
                  </span>
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    aria-label={t('supporters.hideName', { name: supporter.name })}
                    disabled={visibility.isPending}
                    onClick={() => void change({ hide: supporter.key }, t('supporters.hidden'))}
                  >
                    {t('supporters.hide')}
                  </button>
                </li>
              ))}
            </ol>
          )}
          {lists.hidden.length > 0 ? (
            <>
              <h4 className="os-subtitle">{t('supporters.hiddenTitle')}</h4>
              <ul className="os-supporter-list" aria-label={t('supporters.hiddenTitle')}>
                {lists.hidden.map((hidden) => (
                  <li key={hidden.id} className="os-supporter-row">
                    <span>{hidden.name}</span>
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      aria-label={t('supporters.showName', { name: hidden.name })}
                      disabled={visibility.isPending}
                      onClick={() => void change({ show: hidden.id }, t('supporters.shown'))}
                    >
                      {t('supporters.show')}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
      <FormStatus error={status.error} success={status.success} />
    </section>
  );
}
