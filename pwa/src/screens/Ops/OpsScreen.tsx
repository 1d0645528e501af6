import type { ComponentType } from 'react';
import { Link, Navigate, NavLink, Outlet, Route, Routes, useParams } from 'react-router-dom';
import { useAuth } from '../../hooks/useAuth.ts';
import { homePathFor } from '../../auth/homePath.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useT, type MessageKey } from '../../i18n/i18n.tsx';
import { AuditSection } from './AuditSection.tsx';
import { DisputesSection } from './DisputesSection.tsx';
import { FindSection } from './FindSection.tsx';
import { LeadsSection } from './LeadsSection.tsx';
import { MoneySection } from './MoneySection.tsx';
import { PayoutsSection } from './PayoutsSection.tsx';
import { PeopleSection } from './PeopleSection.tsx';
import { ReconciliationSection } from './ReconciliationSection.tsx';
import { ReportsSection } from './ReportsSection.tsx';
import { OpsLogin } from './OpsLogin.tsx';
import { TipDetail } from './TipDetail.tsx';
import './ops.css';

/** One section of the console: its path under /ops, its name in the navigation, and its component (no props). */
interface OpsSection {
  path: string;
  label: MessageKey;
  Section: ComponentType;
}

/** The console's sections, in the navigation's order. Adding a section is one line here. */
export const OPS_SECTIONS: readonly OpsSection[] = [
  { path: 'find', label: 'ops.nav.find', Section: FindSection },
  { path: 'money', label: 'ops.nav.money', Section: MoneySection },
  { path: 'reconciliation', label: 'ops.nav.recon', Section: ReconciliationSection },
  { path: 'disputes', label: 'ops.nav.disputes', Section: DisputesSection },
  { path: 'payouts', label: 'ops.nav.payouts', Section: PayoutsSection },
  { path: 'people', label: 'ops.nav.people', Section: PeopleSection },
  { path: 'reports', label: 'ops.nav.reports', Section: ReportsSection },
  { path: 'leads', label: 'ops.nav.leads', Section: LeadsSection },
  { path: 'audit', label: 'ops.nav.audit', Section: AuditSection },
];

/**
 * /ops/* (operators only): /ops/login (password + OTP, every time), then the console's sections. The session is
 * the app's own; a signed-in viewer or creator sees that this area is not theirs, and the server refuses them anyway.
 */
export function OpsScreen() {
  return (
    <Routes>
      <Route path="login" element={<OpsLogin />} />
      <Route element={<OperatorGate />}>
        <Route element={<OpsLayout />}>
          <Route index element={<Navigate to={OPS_SECTIONS[0]?.path ?? 'find'} replace />} />
          {OPS_SECTIONS.map(({ path, Section }) => (
            <Route key={path} path={path} element={<Section />} />
          ))}
          <Route path="tips/:id" element={<TipDetail />} />
          <Route path="people/:id" element={<PersonById />} />
          <Route path="*" element={<Navigate to="/ops" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}

/** /ops/people/:id (a person found by search): the People section opened on them. */
function PersonById() {
  const { id = '' } = useParams();
  return <PeopleSection key={id} userId={id} />;
}

/** Operators pass; nobody signed in goes to /ops/login; anyone else is told this is not their area. */
function OperatorGate() {
  const { user, loading } = useAuth();
  if (loading) return <PageLoading />;
  if (!user) return <Navigate to="/ops/login" replace />;
  if (user.role !== 'operator') return <NotAnOperator role={user.role} />;
  return <Outlet />;
}

function NotAnOperator({ role }: { role: string }) {
  const { t } = useT();
  return (
    <section className="card ops-refused" aria-labelledby="ops-refused-title">
      <h1 className="page-title" id="ops-refused-title">
        {t('ops.notOperator.title')}
      </h1>
      <p>{t('ops.notOperator.body')}</p>
      <Link className="button button-primary" to={homePathFor(role)}>
        {t('ops.notOperator.back')}
      </Link>
    </section>
  );
}

/** The console's frame, phone first: title, sign-out, and the sections as a row of tabs that scrolls sideways. */
function OpsLayout() {
  const { t } = useT();
  const { user, logout } = useAuth();
  return (
    <div className="ops">
      <header className="ops-header">
        <div>
          <p className="eyebrow">{t('ops.eyebrow')}</p>
          <h1 className="page-title">{t('ops.title')}</h1>
        </div>
        <div className="ops-who">
          <span className="muted small">{user?.name}</span>
          <button type="button" className="button button-ghost button-small" onClick={() => void logout()}>
            {t('ops.signOut')}
          </button>
        </div>
      </header>
      <nav className="ops-nav" aria-label={t('ops.nav.label')}>
        {OPS_SECTIONS.map(({ path, label }) => (
          <NavLink key={path} to={`/ops/${path}`} className="ops-tab">
            {t(label)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
