import Koa from 'koa';
import Router from '@koa/router';
import type { AppDeps } from './deps.ts';
import { bodyParser } from './http/body.ts';
import { requestContext } from './http/requestContext.ts';
import { securityHeaders } from './http/security.ts';
import { serveStatic } from './http/static.ts';
import { healthRoutes } from './modules/health/health.routes.ts';

export interface AppOptions {
  /** Built PWA to serve at `/`; omitted in API-only tests. */
  staticDir?: string;
}

/** The Koa app factory used by main.ts and by the tests. */
export function createApp(deps: AppDeps, options: AppOptions = {}): Koa {
  const app = new Koa({ proxy: deps.config.TRUST_PROXY });
  app.silent = true;
  const api = new Router({ prefix: '/api' });
  for (const routes of [healthRoutes(deps)]) {
    api.use(routes.routes(), routes.allowedMethods());
  }
  app.use(requestContext(deps.logger));
  app.use(securityHeaders());
  app.use(bodyParser());
  app.use(api.routes());
  app.use(api.allowedMethods({ throw: false }));
  if (options.staticDir) app.use(serveStatic(options.staticDir));
  return app;
}
