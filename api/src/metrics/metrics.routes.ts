import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { probeParts } from '../modules/health/health.service.ts';
import { recordParts } from './parts.ts';
import { instrumentPool } from './pool.ts';
import { refreshDbGauges, registry } from './registry.ts';
// The database gauges register themselves when imported (each file is one family).
import './alertReceipts.ts';
import './disputes.ts';
import './feesCovered.ts';
import './timers.ts';
import './payouts.ts';
import './reconciliation.ts';
import './webhooks.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether two secrets are equal, in time independent of where they differ (and of their lengths). */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** What decides whether a scrape is answered: its Authorization header and the address it came from. */
export interface ScrapeRequest {
  authorization: string;
  /** The TCP peer (never X-Forwarded-For). */
  peer: string;
}

/**
 * Who may scrape: with METRICS_TOKEN, a request bearing it (else 401); without it, nobody in production (404) and
 * elsewhere only a request from this machine's loopback, never through a trusted proxy (else 404).
 */
export function scrapeRefusal(
  request: ScrapeRequest,
  config: Pick<AppDeps['config'], 'METRICS_TOKEN' | 'NODE_ENV' | 'TRUST_PROXY'>,
): 401 | 404 | null {
  const token = config.METRICS_TOKEN;
  if (token) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.authorization);
    return match?.[1] && sameSecret(match[1], token) ? null : 401;
  }
  if (config.NODE_ENV === 'production' || config.TRUST_PROXY) return 404;
  return LOOPBACK.has(request.peer) ? null : 404;
}

/** Scrapes run one at a time: the database gauges are shared by the whole process. */
let scraping: Promise<unknown> = Promise.resolve();

/**
 * GET /metrics (outside /api): this process's metrics in Prometheus' text format. Each scrape probes the parts
 * (shabaash_part_up) and reads the database gauges; requests themselves only count.
 */
export function metricsRoutes(deps: AppDeps): Router {
  instrumentPool(deps.db, 'api');
  const router = new Router();
  router.get('/metrics', async (ctx) => {
    const refusal = scrapeRefusal(
      { authorization: ctx.get('authorization'), peer: ctx.req.socket.remoteAddress ?? '' },
      deps.config,
    );
    if (refusal === 401) ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
    if (refusal) {
      ctx.status = refusal;
      ctx.body = refusal === 401 ? 'Unauthorized\n' : 'Not Found\n';
      return;
    }
    const scrape = scraping.then(async () => {
      const [parts, failures] = await Promise.all([probeParts(deps), refreshDbGauges(deps.db)]);
      recordParts(parts);
      if (failures.length > 0) deps.logger.debug({ failures }, 'metrics: database gauges unread');
      return registry.metrics();
    });
    scraping = scrape.catch(() => undefined);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = registry.contentType;
    ctx.body = await scrape;
  });
  return router;
}
