import type { Middleware } from 'koa';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** JSON bodies smaller than this go as they are (compressing them costs more than it saves). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * No JSON response may exceed this: lists are bounded by their row limits and short fields (pictures are URLs),
 * so a bigger body is a bug, answered 500 and logged instead of sent.
 */
export const JSON_RESPONSE_MAX_BYTES = 2_000_000;

/** Serialises JSON bodies and compresses those above COMPRESS_MIN_BYTES with brotli or gzip, as the client accepts. */
export function compressJson(minBytes = COMPRESS_MIN_BYTES): Middleware {
  return async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || 'pipe' in body) return;
    const json = Buffer.from(JSON.stringify(body));
    if (json.length > JSON_RESPONSE_MAX_BYTES) {
      throw new Error(`JSON response of ${json.length} bytes for ${ctx.path} is over the byte cap`);
    }
    ctx.vary('Accept-Encoding');
    const encoding = json.length >= minBytes ? ctx.acceptsEncodings('br', 'gzip', 'identity') : 'identity';
    ctx.type = ctx.type || 'application/json';
    if (encoding === 'br') {
      ctx.body = await brotli(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    } else if (encoding === 'gzip') {
      ctx.body = await gzip(json, { level: 6 });
    } else {
      ctx.body = json;
      return;
    }
    ctx.set('Content-Encoding', encoding);
  };
}
