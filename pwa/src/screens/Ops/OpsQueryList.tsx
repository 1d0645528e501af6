import type { ReactNode } from 'react';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useT } from '../../i18n/i18n.tsx';

/** What a list needs of its query (a TanStack Query result). */
interface ListQuery<D> {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: D | undefined;
}

/**
 * One list an operator reads from one query: "Loading…" while it loads, its error, the empty line when it has no
 * item, else the items as an `ops-list`.
 */
export function OpsQueryList<D, T extends { id: string }>({
  query,
  items,
  empty,
  children,
}: {
  query: ListQuery<D>;
  items: (data: D) => readonly T[];
  empty: string;
  children: (item: T) => ReactNode;
}) {
  const { t } = useT();
  if (query.isPending) return <p role="status">{t('page.loading')}</p>;
  if (query.isError || query.data === undefined) return <FormStatus error={query.error?.message ?? null} />;
  const list = items(query.data);
  if (list.length === 0) return <p className="muted">{empty}</p>;
  return <ul className="ops-list">{list.map(children)}</ul>;
}
