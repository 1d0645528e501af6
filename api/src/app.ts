import type http from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import type { AppDeps } from './deps.ts';
import { bodyParser } from './http/body.ts';
import { requestContext } from './http/requestContext.ts';
import { cspSourcesFor, securityHeaderEntries, securityHeaders, type HeaderEntry } from './http/security.ts';
import { withHotReads } from './modules/tips/recentTips.hot.ts';
import { inlineScriptHashes, serveStatic } from './http/static.ts';
import { authenticate } from './http/auth.ts';
import { principalOf, verifySessionToken } from './modules/sessions/sessions.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { compressJson } from './http/compress.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { consentRoutes } from './modules/consent/consent.routes.ts';
import { leadsRoutes } from './modules/leads/leads.routes.ts';
import { creatorProfileRoutes } from './modules/creators/profile.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { tipsRoutes } from './modules/tips/tips.routes.ts';
import { chatsRoutes } from './modules/chats/chats.routes.ts';
import { moderatorsRoutes } from './modules/moderators/moderators.routes.ts';
import { overlayRoutes } from './modules/creators/overlay.routes.ts';
import { analyticsRoutes } from './modules/creators/analytics.routes.ts';
import { safetyRoutes } from './modules/safety/safety.routes.ts';
import { openApiRoutes } from './openapi/openapi.routes.ts';
import { apiTokensRoutes } from './modules/apiTokens/apiTokens.routes.ts';
import { apiTokenAuth } from './modules/apiTokens/apiTokens.auth.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { speechRoutes } from './modules/show/speech.routes.ts';
import { showRoutes } from './modules/show/show.routes.ts';
import { tierSoundsRoutes } from './modules/show/tierSounds.routes.ts';
import { payoutsRoutes } from './modules/payouts/payouts.routes.ts';
import { streamRoutes } from './modules/stream/stream.routes.ts';
import { timerRoutes } from './modules/timer/timer.routes.ts';
import { opsRoutes } from './modules/ops/ops.routes.ts';
import { metricsRoutes } from './metrics/metrics.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { youtubeRoutes } from './modules/youtube/youtube.routes.ts';

export interface AppOptions {
  /** Built PWA to serve at `/`; omitted in API-only tests. */
  staticDir?: string;
  /** The Razorpay simulator's browser routes (/sandbox/*), mounted in sandbox mode only. */
  sandboxRouter?: Router | null;
}

/** The security headers of every response: the CSP's sources for this config, and the built PWA's inline scripts. */
export function responseSecurityHeaders(deps: AppDeps, options: AppOptions = {}): HeaderEntry[] {
  const csp = cspSourcesFor(deps.config);
  const inlineHashes = options.staticDir ? inlineScriptHashes(options.staticDir) : [];
  return securityHeaderEntries(csp.connect, [...csp.script, ...inlineHashes], csp.frame);
}

/** What the HTTP server runs (main, the test harness): the hot read (modules/tips/recentTips.hot.ts), then the Koa app. */
export function createRequestListener(deps: AppDeps, options: AppOptions = {}): http.RequestListener {
  const headers = responseSecurityHeaders(deps, options);
  return withHotReads(deps, headers, createApp(deps, options, headers).callback());
}

/** The Koa app: every route. */
export function createApp(
  deps: AppDeps,
  options: AppOptions = {},
  headers: readonly HeaderEntry[] = responseSecurityHeaders(deps, options),
): Koa {
  // Only the entries our own proxies appended are trusted; anything to their left is the client's own text.
  const app = new Koa({ proxy: deps.config.TRUST_PROXY, maxIpsCount: deps.config.TRUST_PROXY_HOPS });
  app.silent = true;
  const api = new Router({ prefix: '/api' });
  for (const routes of [
    healthRoutes(deps),
    configRoutes(deps),
    authRoutes(deps),
    usersRoutes(deps),
    consentRoutes(deps),
    privacyRoutes(deps),
    leadsRoutes(deps),
    creatorProfileRoutes(deps),
    safetyRoutes(deps),
    walletRoutes(deps),
    paymentsRoutes(deps),
    tipsRoutes(deps),
    chatsRoutes(deps),
    moderatorsRoutes(deps),
    overlayRoutes(deps),
    analyticsRoutes(deps),
    openApiRoutes(deps),
    apiTokensRoutes(deps),
    webhooksRoutes(deps),
    speechRoutes(deps),
    showRoutes(deps),
    tierSoundsRoutes(deps),
    payoutsRoutes(deps),
    streamRoutes(deps),
    timerRoutes(deps),
    opsRoutes(deps),
    reportsRoutes(deps),
    youtubeRoutes(deps),
  ]) {
    api.use(routes.routes());
  }
  app.use(requestContext(deps.logger));
  app.use(securityHeaders(headers));
  // GET /metrics (Prometheus), before the session middleware: its bearer token is METRICS_TOKEN, not a session.
  app.use(metricsRoutes(deps).routes());
  app.use(compressJson());
  app.use(bodyParser());
  app.use(authenticate(deps, { verifySessionToken, principalOf }));
  app.use(apiTokenAuth(deps));
  app.use(api.routes());
  // One allowedMethods for every route (405 with Allow, OPTIONS): one per module router would be a layer that
  // matches every path, run on every request.
  app.use(api.allowedMethods({ throw: false }));
  if (options.sandboxRouter) app.use(options.sandboxRouter.routes());
  if (options.staticDir) app.use(serveStatic(options.staticDir));
  return app;
}
