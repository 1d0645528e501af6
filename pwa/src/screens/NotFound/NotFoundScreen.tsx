import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/useAuth.ts';
import { homePathFor } from '../../auth/homePath.ts';

/** The 404 page of SPEC §2 for any unmapped path. */
export function NotFoundScreen() {
  const { user } = useAuth();
  return (
    <section className="page container not-found" aria-labelledby="not-found-title">
      <div className="not-found-signal" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <h1 id="not-found-title" className="page-title">
        We lost that signal.
      </h1>
      <p className="muted">
        Error code: <code>404_UNMAPPED_ROUTE</code>
      </p>
      <div className="button-row">
        <Link to="/" className="button button-primary">
          Take me home
        </Link>
        {user ? (
          <Link to={homePathFor(user.role)} className="button button-secondary">
            Open my dashboard
          </Link>
        ) : (
          <Link to="/login" className="button button-secondary">
            Login instead
          </Link>
        )}
      </div>
    </section>
  );
}
