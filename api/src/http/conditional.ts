import type { ParameterizedContext } from 'koa';
import type { PreparedJson } from './preparedJson.ts';

/** Whether an If-None-Match header (a list, weak or strong validators, or `*`) matches this ETag. */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Answers a read with its ETag, and with 304 Not Modified (no body) when the client already holds it
 * (If-None-Match); returns the body for the route to send as is. `cacheControl`: `no-store` for reads that carry
 * the caller's own data (a client may still revalidate a copy it kept itself), `no-cache` for public ones (a
 * browser keeps them and revalidates each time).
 */
export function answerConditional<T>(
  ctx: ParameterizedContext,
  read: PreparedJson<T>,
  cacheControl: 'no-store' | 'no-cache',
): PreparedJson<T> {
  ctx.set('ETag', read.etag);
  ctx.set('Cache-Control', cacheControl);
  if (etagMatches(ctx.get('If-None-Match'), read.etag)) ctx.status = 304;
  return read;
}
