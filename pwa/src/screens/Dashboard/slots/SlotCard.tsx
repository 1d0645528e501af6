import { useId, type ReactNode } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { useT, type MessageKey } from '../../../i18n/i18n.tsx';

/** A dashboard slot: a card named by its title, busy (aria-busy) while its data first loads. */
export function SlotCard({
  title,
  busy,
  className,
  children,
}: {
  title: string;
  busy: boolean;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      className={className ? `card ${className}` : 'card'}
      aria-labelledby={`${id}-title`}
      aria-busy={busy}
    >
      <h2 id={`${id}-title`} className="card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A slot's list: its load error, "Loading…", its empty text, or the list of its rows. */
export function SlotList<T>({
  query,
  texts: [failed, empty],
  className,
  children,
}: {
  query: { data?: readonly T[] | undefined; isError: boolean; error: unknown };
  /** What to say when the list could not load (and the server said nothing better), and when it is empty. */
  texts: readonly [failed: MessageKey, empty: MessageKey];
  className: string;
  children: (item: T) => ReactNode;
}) {
  const { t } = useT();
  if (query.isError && !query.data)
    return (
      <p className="form-status form-status-error" role="alert">
        {errorMessage(query.error, t(failed))}
      </p>
    );
  if (!query.data) return <p className="muted">{t('page.loading')}</p>;
  if (query.data.length === 0) return <p className="muted empty-text">{t(empty)}</p>;
  return <ul className={className}>{query.data.map(children)}</ul>;
}
