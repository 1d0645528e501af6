import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/useAuth.ts';
import { homePathFor } from '../../auth/homePath.ts';
import { richText, useT } from '../../i18n/i18n.tsx';

/** The 404 page of SPEC §2 for any unmapped path. */
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
        <Link to="/" className="button button-primary">
          {t('notFound.home')}
        </Link>
        {user ? (
          <Link to={homePathFor(user.role)} className="button button-secondary">
            {t('notFound.dashboard')}
          </Link>
        ) : (
          <Link to="/login" className="button button-secondary">
            {t('notFound.login')}
          </Link>
        )}
      </div>
    </section>
  );
}
