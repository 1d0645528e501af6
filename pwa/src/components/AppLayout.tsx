import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { NavBar } from './NavBar.tsx';
import { PageLoading } from './PageLoading.tsx';
import { useT } from '../i18n/i18n.tsx';

/** Shell of every screen except the landing page: nav bar, main landmark, lazy screen outlet. */
export function AppLayout() {
  const { t } = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <NavBar />
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
