import { LinkButtons } from '../../components/LinkButtons.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { homePathFor } from '../../auth/homePath.ts';
import { richText, useT } from '../../i18n/i18n.tsx';

/** The 404 page for any unmapped path. */
export function NotFoundScreen() {
  const { user } = useAuth();
  const { t } = useT();
  return (
    <section className="page container not-found" aria-labelledby="not-found-title">
      <div className="not-found-signal" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <h1 id="not-found-title" className="page-title">
        {t('notFound.title')}
      </h1>
      <p className="muted">{richText('notFound.code', { code: (text) => <code>{text}</code> })}</p>
      <div className="button-row">
        <LinkButtons
          links={[
            { to: '/', label: 'notFound.home', variant: 'primary' },
            user
              ? { to: homePathFor(user.role), label: 'notFound.dashboard', variant: 'secondary' }
              : { to: '/login', label: 'notFound.login', variant: 'secondary' },
          ]}
        />
      </div>
    </section>
  );
}
