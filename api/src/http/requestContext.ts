import type { Middleware } from 'koa';
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@shabaash/shared';
import type { Logger } from '../logger.ts';
import { AppError, translateDbError } from './errors.ts';

declare module 'koa' {
  interface DefaultState {
    requestId: string;
    log: Logger;
  }
}

/** Request id, a per-request child logger, one access-log line, and the single error envelope. */
export function requestContext(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const requestId = requestIdOf(ctx.get('x-request-id'));
    ctx.state.requestId = requestId;
    lazyChildLogger(ctx.state, logger, requestId);
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
        throw new AppError('NOT_FOUND', MESSAGES.notFound);
      }
    } catch (err) {
      const known = err instanceof AppError ? err : translateDbError(err);
      if (known) {
        ctx.status = known.status;
        ctx.body = {
          message: known.message,
          code: known.code,
          ...(known.field ? { field: known.field } : {}),
        };
        if (known.status >= 500) ctx.state.log.error({ err }, 'request failed');
      } else {
        ctx.state.log.error({ err }, 'unhandled error');
        ctx.status = 500;
        ctx.body = { message: MESSAGES.internal, code: 'INTERNAL', requestId };
      }
    } finally {
      if (logger.isLevelEnabled('info')) logAccess(ctx.state.log, ctx.method, ctx.path, ctx.status, started);
    }
  };
}

/** The client's X-Request-Id when it is a plausible id, else a new one (every response carries it back). */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
}

/** The access-log line of one request (at `info`): method, path without secrets, status, milliseconds since `started`. */
export function logAccess(log: Logger, method: string, path: string, status: number, started: number): void {
  log.info(
    { method, path: pathForLog(path), status, ms: Math.round(performance.now() - started) },
    'request',
  );
}

/**
 * `state.log`, the request's child logger, made on first use: a hot read that logs nothing (the access line is
 * below LOG_LEVEL, no error) never pays for pino's child (its bindings serialised per request).
 */
function lazyChildLogger(state: { log: Logger }, logger: Logger, requestId: string): void {
  let child: Logger | undefined;
  Object.defineProperty(state, 'log', {
    configurable: true,
    enumerable: true,
    get: () => (child ??= logger.child({ reqId: requestId })),
    set: (value: Logger) => {
      child = value;
    },
  });
}

/** Path segments that are secrets (the parental consent and withdrawal links' tokens) never reach a log line. */
const SECRET_PATH = /^(\/api\/consent\/(?:link|withdraw)\/)[^/]+/;

/** The request path as the log keeps it: a link's token replaced by `:token`. */
export function pathForLog(path: string): string {
  return path.replace(SECRET_PATH, '$1:token');
}
