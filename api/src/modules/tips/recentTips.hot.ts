import type http from 'node:http';
import accepts from 'accepts';
import { endpoints } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { verifySessionToken } from '../sessions/sessions.service.ts';
import { recentTips } from './tips.service.ts';
import { bearerToken } from '../../http/auth.ts';
import { encodingFor } from '../../http/compress.ts';
import { etagMatches } from '../../http/conditional.ts';
import { checkContractOutput, parsedQuery } from '../../http/contract.ts';
import type { PreparedJson } from '../../http/preparedJson.ts';
import { logAccess, requestIdOf } from '../../http/requestContext.ts';
import type { HeaderEntry } from '../../http/security.ts';

/** `GET /api/tips/recent`, the API's most frequent read (every viewer's page, and on each tip it shows). */
const RECENT_TIPS_PATH = `/api${endpoints.recentTips.path}`;

/** The one query string the hot path reads itself: `creator=<handle>` in plain characters; any other goes to Koa. */
const PLAIN_CREATOR_QUERY = /^creator=([\w.-]{1,64})$/;

/**
 * The hot read answered before Koa. `GET /api/tips/recent?creator=<handle>` with a session token is answered here,
 * from the same service (tips.service.ts#recentTips: the session row and the creator's version in one shared
 * statement, then the instance's read cache) and with the same bytes and headers as the Koa stack would send
 * (recentTips.hot.test.ts compares them): Koa's context, its ~200-layer router and its middleware cost more than
 * twice the read itself (docs/PERFORMANCE.md, session 19).
 *
 * Only a 200 or a 304 is answered here. Every other request, and this one whenever its answer would be anything
 * else (no token or not a session token, another query, a revoked session, an unknown or deleted creator, an
 * error), goes to `koa` untouched, which answers it as always: nothing was written yet.
 */
export function withHotReads(
  deps: Pick<AppDeps, 'db' | 'config' | 'logger'>,
  securityHeaders: readonly HeaderEntry[],
  koa: http.RequestListener,
): http.RequestListener {
  const checkOutput = deps.config.NODE_ENV === 'test';
  const querySchema = endpoints.recentTips.query;
  /** The headers every answer carries, as writeHead's flat list of names and values. */
  const fixedHeaders: readonly string[] = [
    ...securityHeaders.flatMap(([name, value]) => [name, value]),
    'Cache-Control',
    'no-store',
    'Vary',
    'Accept-Encoding',
  ];

  /** The read's answer, or null when Koa must answer. */
  async function recentTipsRead(req: http.IncomingMessage, rawQuery: string): Promise<PreparedJson | null> {
    const handle = PLAIN_CREATOR_QUERY.exec(rawQuery)?.[1];
    const token = bearerToken(req.headers.authorization);
    if (!handle || !token) return null;
    const claims = await verifySessionToken(deps.config, token);
    if (!claims) return null;
    const query = parsedQuery(querySchema, rawQuery, () => ({ creator: handle })) as { creator?: string };
    const read = await recentTips(deps, claims, query.creator);
    if (checkOutput) checkContractOutput('recentTips', read);
    return read;
  }

  /** Answers the read (every await before the first header, so a failure leaves the response untouched for Koa). */
  async function answer(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    rawQuery: string,
    started: number,
  ): Promise<boolean> {
    const read = await recentTipsRead(req, rawQuery).catch(() => null);
    if (!read) return false;
    const encoding = encodingFor(read, (...encodings) => accepts(req).encodings(...encodings));
    const notModified = etagMatches(req.headers['if-none-match'] ?? '', read.etag);
    const bytes = notModified ? null : encoding === 'identity' ? read.bytes : await read.encode(encoding);
    const requestId = requestIdOf(req.headers['x-request-id'] as string | undefined);
    // One flat list to writeHead: no per-header setHeader (its validation and the headers object) on every read.
    const headers = [...fixedHeaders, 'X-Request-Id', requestId, 'ETag', read.etag];
    if (encoding !== 'identity') headers.push('Content-Encoding', encoding);
    if (bytes) {
      headers.push('Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(bytes.length));
      res.writeHead(200, headers);
      res.end(bytes);
    } else {
      res.writeHead(304, headers);
      res.end();
    }
    if (deps.logger.isLevelEnabled('info')) {
      logAccess(deps.logger.child({ reqId: requestId }), 'GET', RECENT_TIPS_PATH, res.statusCode, started);
    }
    return true;
  }

  return (req, res) => {
    const url = req.url ?? '';
    const mark = url.indexOf('?');
    if (req.method !== 'GET' || mark < 0 || url.slice(0, mark) !== RECENT_TIPS_PATH) {
      koa(req, res);
      return;
    }
    const started = performance.now();
    void answer(req, res, url.slice(mark + 1), started).then(
      (answered) => answered || koa(req, res),
      () => res.headersSent || koa(req, res),
    );
  };
}
