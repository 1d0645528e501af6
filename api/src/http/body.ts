import type { Middleware, Next, ParameterizedContext } from 'koa';
import { MESSAGES } from '@shabaash/shared';
import { AppError } from './errors.ts';

/** A 1,000,000-byte image as a base64 data string is ~1.34 MB; JSON framing adds a little. */
export const BODY_LIMIT_BYTES = 1_400_000;

declare module 'koa' {
  interface Request {
    body?: unknown;
    rawBody?: Buffer;
  }
}

/** Reads the raw body (kept for webhook signatures) with a size limit, then parses JSON (only JSON: 415 otherwise). */
export function bodyParser(limitBytes = BODY_LIMIT_BYTES): Middleware {
  // GET and HEAD pass straight on (not async: no promise of its own per read).
  return (ctx, next) => (BODY_METHODS.has(ctx.method) ? readJsonBody(ctx, next, limitBytes) : next());
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function readJsonBody(ctx: ParameterizedContext, next: Next, limitBytes: number): Promise<void> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limitBytes) throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.bodyTooLarge);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) {
      ctx.set('Connection', 'close');
      throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.bodyTooLarge);
    }
    chunks.push(chunk);
  }
  const raw = Buffer.concat(chunks);
  // JSON only: a cross-site HTML form (text/plain, urlencoded, multipart) can then never reach a route.
  if (raw.length > 0 && !ctx.is('application/json')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.jsonOnly);
  }
  ctx.request.rawBody = raw;
  if (raw.length === 0) {
    ctx.request.body = {};
  } else {
    try {
      ctx.request.body = JSON.parse(raw.toString('utf8')) as unknown;
    } catch {
      throw new AppError('INVALID_JSON', MESSAGES.invalidJson);
    }
  }
  return next();
}
