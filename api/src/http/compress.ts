import type { Middleware } from 'koa';
import { PreparedJson, type Encoding } from './preparedJson.ts';

/** JSON bodies smaller than this go as they are (compressing them costs more than it saves). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * No JSON response may exceed this: lists are bounded by their row limits and short fields (pictures are URLs),
 * so a bigger body is a bug, answered 500 and logged instead of sent.
 */
export const JSON_RESPONSE_MAX_BYTES = 2_000_000;

/**
 * The encoding a JSON body goes in: brotli or gzip when it is at least `minBytes` and the client accepts one
 * (`acceptsEncodings`: Koa's ctx.acceptsEncodings, or `accepts(req).encodings` before Koa), else identity.
 */
export function encodingFor(
  json: PreparedJson,
  acceptsEncodings: (...encodings: string[]) => string | false,
  minBytes = COMPRESS_MIN_BYTES,
): Encoding | 'identity' {
  if (json.bytes.length < minBytes) return 'identity';
  const chosen = acceptsEncodings('br', 'gzip', 'identity');
  return chosen === 'br' || chosen === 'gzip' ? chosen : 'identity';
}

/**
 * Serialises JSON bodies and compresses those above COMPRESS_MIN_BYTES with brotli or gzip, as the client
 * accepts. A PreparedJson body (a cached read) is already serialised and keeps its encodings between requests.
 */
export function compressJson(minBytes = COMPRESS_MIN_BYTES): Middleware {
  return async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || 'pipe' in body) return;
    const json = body instanceof PreparedJson ? body : new PreparedJson(body);
    if (json.bytes.length > JSON_RESPONSE_MAX_BYTES) {
      throw new Error(`JSON response of ${json.bytes.length} bytes for ${ctx.path} is over the byte cap`);
    }
    ctx.vary('Accept-Encoding');
    const encoding = encodingFor(json, (...encodings) => ctx.acceptsEncodings(...encodings), minBytes);
    ctx.type = ctx.type || 'application/json';
    if (encoding !== 'identity') {
      ctx.body = await json.encode(encoding);
      ctx.set('Content-Encoding', encoding);
    } else {
      ctx.body = json.bytes;
    }
  };
}
