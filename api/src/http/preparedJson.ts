import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** The encodings compressJson sends, besides `identity`. */
export type Encoding = 'br' | 'gzip';

/**
 * A JSON response body serialised once and sent many times: a cached read (modules/sync/readCache.ts) keeps one
 * per version, so a hit costs no JSON.stringify, no hash and, for a client that accepts br or gzip, no
 * compression after the first (each encoding is made once, on first ask). `value` is what the bytes say, for
 * the contract's output check in tests. compressJson (http/compress.ts) sends it; a route returns it as is.
 */
export class PreparedJson<T = unknown> {
  readonly bytes: Buffer;
  private tag: string | null = null;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(readonly value: T) {
    this.bytes = Buffer.from(JSON.stringify(value));
  }

  /** A strong validator: a hash of the bytes, so equal ETags always mean equal bodies (made on first ask). */
  get etag(): string {
    return (this.tag ??= `"${createHash('sha1').update(this.bytes).digest('base64url').slice(0, 27)}"`);
  }

  /** The bytes in this encoding (brotli at quality 4, gzip at level 6), made on the first ask and kept. */
  encode(encoding: Encoding): Promise<Buffer> {
    let made = this.encoded.get(encoding);
    if (!made) {
      made =
        encoding === 'br'
          ? brotli(this.bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
          : gzip(this.bytes, { level: 6 });
      this.encoded.set(encoding, made);
    }
    return made;
  }
}
