import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from './auth/AuthProvider.tsx';
import { RequireAuth } from './components/auth/RequireAuth.tsx';
import { AppLayout } from './components/AppLayout.tsx';
import { DeferredOfflineLayer } from './components/DeferredOfflineLayer.tsx';
import { PageLoading } from './components/PageLoading.tsx';
import { createQueryClient } from './api/queryClient.ts';
import { WalletOnly } from './components/WalletOnly.tsx';

// Every screen is its own chunk so the landing, login and guest pages ship only what they use.
const LandingScreen = lazy(() =>
  import('./screens/Landing/LandingScreen.tsx').then((m) => ({ default: m.LandingScreen })),
);
const LoginScreen = lazy(() =>
  import('./screens/Login/LoginScreen.tsx').then((m) => ({ default: m.LoginScreen })),
);
const RegisterScreen = lazy(() =>
  import('./screens/Register/RegisterScreen.tsx').then((m) => ({ default: m.RegisterScreen })),
);
const ForgotPasswordScreen = lazy(() =>
  import('./screens/ForgotPassword/ForgotPasswordScreen.tsx').then((m) => ({
    default: m.ForgotPasswordScreen,
  })),
);
const GuestTipScreen = lazy(() =>
  import('./screens/GuestTip/GuestTipScreen.tsx').then((m) => ({ default: m.GuestTipScreen })),
);
const OverlayStudioScreen = lazy(() =>
  import('./screens/OverlayStudio/OverlayStudioScreen.tsx').then((m) => ({ default: m.OverlayStudioScreen })),
);
const DashboardScreen = lazy(() =>
  import('./screens/Dashboard/DashboardScreen.tsx').then((m) => ({ default: m.DashboardScreen })),
);
const AddMoneyScreen = lazy(() =>
  import('./screens/AddMoney/AddMoneyScreen.tsx').then((m) => ({ default: m.AddMoneyScreen })),
);
const CreatorScreen = lazy(() =>
  import('./screens/Creator/CreatorScreen.tsx').then((m) => ({ default: m.CreatorScreen })),
);
const ModerateScreen = lazy(() =>
  import('./screens/Moderate/ModerateScreen.tsx').then((m) => ({ default: m.ModerateScreen })),
);
const ChatControlScreen = lazy(() =>
  import('./screens/ChatControl/ChatControlScreen.tsx').then((m) => ({ default: m.ChatControlScreen })),
);
const DevelopersScreen = lazy(() =>
  import('./screens/Developers/DevelopersScreen.tsx').then((m) => ({ default: m.DevelopersScreen })),
);
const PrivacyScreen = lazy(() =>
  import('./screens/Privacy/PrivacyScreen.tsx').then((m) => ({ default: m.PrivacyScreen })),
);
const PayoutsScreen = lazy(() =>
  import('./screens/Payouts/PayoutsScreen.tsx').then((m) => ({ default: m.PayoutsScreen })),
);
const YouTubeCallbackScreen = lazy(() =>
  import('./screens/Creator/YouTubeCallbackScreen.tsx').then((m) => ({ default: m.YouTubeCallbackScreen })),
);
const StatementScreen = lazy(() =>
  import('./screens/Payouts/StatementScreen.tsx').then((m) => ({ default: m.StatementScreen })),
);
// The operator console: its own chunk, never imported from the landing page's path.
const OpsScreen = lazy(() => import('./screens/Ops/OpsScreen.tsx').then((m) => ({ default: m.OpsScreen })));
const ConsentScreen = lazy(() =>
  import('./screens/Consent/ConsentScreen.tsx').then((m) => ({ default: m.ConsentScreen })),
);
const WithdrawConsentScreen = lazy(() =>
  import('./screens/Consent/WithdrawConsentScreen.tsx').then((m) => ({ default: m.WithdrawConsentScreen })),
);
const NotFoundScreen = lazy(() =>
  import('./screens/NotFound/NotFoundScreen.tsx').then((m) => ({ default: m.NotFoundScreen })),
);

/** Every route with its guard. Render inside a router and <AppProviders>. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/"
        element={
          <Suspense fallback={<PageLoading />}>
            <LandingScreen />
          </Suspense>
        }
      />
      <Route element={<AppLayout />}>
        <Route path="/register" element={<RegisterScreen />} />
        <Route path="/login" element={<LoginScreen />} />
        <Route path="/forgot-password" element={<ForgotPasswordScreen />} />
        <Route path="/guest-tip" element={<GuestTipScreen />} />
        <Route path="/overlay" element={<OverlayStudioScreen />} />
        <Route path="/developers" element={<DevelopersScreen />} />
        <Route path="/privacy" element={<PrivacyScreen />} />
        <Route path="/consent/withdraw/:token" element={<WithdrawConsentScreen />} />
        <Route path="/consent/:token" element={<ConsentScreen />} />
        <Route path="/ops/*" element={<OpsScreen />} />
        <Route element={<RequireAuth />}>
          <Route path="/dashboard" element={<DashboardScreen />} />
          <Route path="/moderate" element={<ModerateScreen />} />
          <Route
            path="/add-money"
            element={
              <WalletOnly>
                <AddMoneyScreen />
              </WalletOnly>
            }
          />
        </Route>
        <Route element={<RequireAuth role="creator" />}>
          <Route path="/creator" element={<CreatorScreen />} />
          <Route path="/creator/chat-control" element={<ChatControlScreen />} />
          <Route path="/creator/payouts" element={<PayoutsScreen />} />
          <Route path="/creator/youtube/callback" element={<YouTubeCallbackScreen />} />
          <Route path="/creator/payouts/statement/:month" element={<StatementScreen />} />
        </Route>
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}

/** React Query and the session, shared by the app and by tests (which bring their own router). */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

/** The app's one React Query client (boot.tsx seeds it with what a static page already read). */
export const appQueryClient = createQueryClient();

/**
 * Providers plus the deferred offline layer around a router. The browser (BrowserRouter) and the build-time
 * prerender (StaticRouter, src/prerender/render.tsx) render the same frame, so prerendered HTML hydrates.
 */
export function AppFrame({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <DeferredOfflineLayer />
      {children}
    </AppProviders>
  );
}

/** The whole app in a browser router. */
export function App() {
  return (
    <AppFrame queryClient={appQueryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppFrame>
  );
}
