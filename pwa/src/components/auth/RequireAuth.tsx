import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../hooks/useAuth.ts';

/**
 * Route guard: while loading shows Loading...; with no user redirects to /login; a non-creator
 * on a creator-only route (`role="creator"`) is redirected to /dashboard. Renders children or <Outlet />.
 */
export function RequireAuth({ role, children }: { role?: 'creator'; children?: ReactNode }) {
  const { user, loading, isCreator } = useAuth();
  const location = useLocation();
  if (loading) {
    return (
      <p className="page-loading" role="status">
        Loading...
      </p>
    );
  }
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (role === 'creator' && !isCreator) return <Navigate to="/dashboard" replace />;
  return children ?? <Outlet />;
}
