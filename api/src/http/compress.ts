import type { Middleware } from 'koa';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** JSON bodies smaller than this go as they are (compressing them costs more than it saves). */
export const COMPRESS_MIN_BYTES = 1024;

/** Serialises JSON bodies and compresses those above COMPRESS_MIN_BYTES with brotli or gzip, as the client accepts. */
export function compressJson(minBytes = COMPRESS_MIN_BYTES): Middleware {
  return async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || 'pipe' in body) return;
    const json = Buffer.from(JSON.stringify(body));
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
