import { useT } from '../i18n/i18n.tsx';

/** Placeholder while a lazy screen or the session loads (Loading...). */
export function PageLoading() {
  const { t } = useT();
  return (
    <p className="page-loading" role="status">
      {t('page.loading')}
    </p>
  );
}
