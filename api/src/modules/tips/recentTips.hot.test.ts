/**
 * The hot read (modules/tips/recentTips.hot.ts): `GET /api/tips/recent` answered before Koa must be indistinguishable from
 * Koa's answer — status, body bytes and every header but the date — and every request it cannot answer with a
 * 200 or a 304 must reach Koa and get Koa's answer.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.ts';
import { buildCreator, buildUser } from '../../../test/factories.ts';
import { createApp, responseSecurityHeaders } from '../../app.ts';
import { withHotReads } from './recentTips.hot.ts';

const app = await createTestApp();
const { deps } = app;
const koa = createApp(deps).callback();
let koaCalls = 0;
const hot = withHotReads(deps, responseSecurityHeaders(deps), (req, res) => {
  koaCalls++;
  return koa(req, res);
});

async function listen(handler: http.RequestListener): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
const hotServer = await listen(hot);
const koaServer = await listen(koa);
afterAll(async () => {
  hotServer.server.close();
  koaServer.server.close();
  await app.close();
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request, its answer exactly as sent (no decompression, every header). */
function raw(base: string, path: string, headers: Record<string, string>, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The answer with the headers that differ between any two responses (the date; a new request id) set aside. */
function comparable({ status, headers, body }: Raw, keepRequestId: boolean) {
  const { date: _date, 'x-request-id': requestId, ...rest } = headers;
  return { status, headers: { ...rest, ...(keepRequestId ? { 'x-request-id': requestId } : {}) }, body };
}

/** The same request to both servers: answers whether the hot path answered it (Koa not called). */
async function both(path: string, headers: Record<string, string>, method = 'GET') {
  const before = koaCalls;
  const fromHot = await raw(hotServer.url, path, headers, method);
  const answeredHot = koaCalls === before;
  const fromKoa = await raw(koaServer.url, path, headers, method);
  const keepRequestId = 'x-request-id' in headers;
  expect(comparable(fromHot, keepRequestId)).toEqual(comparable(fromKoa, keepRequestId));
  expect(fromHot.headers['x-request-id']).toMatch(/^[\w-]{8,64}$/);
  return { answeredHot, fromHot };
}

describe('GET /api/tips/recent before Koa', () => {
  it('answers a viewer’s read itself, with the bytes and headers Koa sends, compressed or not', async () => {
    const creator = await buildCreator(deps.db, deps.config);
    const viewer = await buildUser(deps.db, deps.config, { balancePaise: 100_000 });
    for (let i = 0; i < 8; i++) {
      const sent = await app.request('POST', '/api/tips/send', {
        token: viewer.token,
        body: {
          amount: 1,
          message: `Tip ${i}: ${'a long message to make the body worth compressing '.repeat(2)}`,
          creator: creator.handle,
        },
      });
      expect(sent.status).toBe(200);
    }
    const path = `/api/tips/recent?creator=${creator.handle}`;
    const auth = { authorization: `Bearer ${viewer.token}` };
    const variants: Array<Record<string, string>> = [
      {},
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'gzip, deflate, br' },
      { 'x-request-id': 'phone-request-0001' },
    ];
    for (const extra of variants) {
      const { answeredHot, fromHot } = await both(path, { ...auth, ...extra });
      expect(answeredHot).toBe(true);
      expect(fromHot.status).toBe(200);
      const encoding = fromHot.headers['content-encoding'];
      const json =
        encoding === 'br'
          ? zlib.brotliDecompressSync(fromHot.body)
          : encoding === 'gzip'
            ? zlib.gunzipSync(fromHot.body)
            : fromHot.body;
      expect((JSON.parse(json.toString()) as { tips: unknown[] }).tips).toHaveLength(8);
      if ('accept-encoding' in extra) expect(encoding).toBeDefined();
    }
    // A client holding the current ETag: 304, no body, from the hot path too.
    const etag = (await raw(hotServer.url, path, auth)).headers.etag as string;
    const { answeredHot, fromHot } = await both(path, { ...auth, 'if-none-match': etag });
    expect(answeredHot).toBe(true);
    expect(fromHot.status).toBe(304);
    expect(fromHot.body).toHaveLength(0);
  });

  it('hands every read it cannot answer 200 or 304 to Koa, which answers it as before', async () => {
    const creator = await buildCreator(deps.db, deps.config);
    const viewer = await buildUser(deps.db, deps.config);
    const gone = await buildUser(deps.db, deps.config);
    const path = `/api/tips/recent?creator=${creator.handle}`;
    expect((await app.request('POST', '/api/auth/logout', { token: gone.token })).status).toBe(200);
    const cases: Array<[string, Record<string, string>, number]> = [
      [path, {}, 401], // no token
      [path, { authorization: 'Bearer not-a-token' }, 401],
      [path, { authorization: `Bearer ${gone.token}` }, 401], // a revoked session
      [`/api/tips/recent?creator=nobody_${Date.now()}`, { authorization: `Bearer ${viewer.token}` }, 404],
      ['/api/tips/recent?creator=', { authorization: `Bearer ${viewer.token}` }, 400],
    ];
    for (const [casePath, headers, status] of cases) {
      const { answeredHot, fromHot } = await both(casePath, headers);
      expect({ casePath, status: fromHot.status, answeredHot }).toEqual({
        casePath,
        status,
        answeredHot: false,
      });
    }
    // Another method on the same path, and other paths, never stop at the hot path.
    const head = await both(path, { authorization: `Bearer ${viewer.token}` }, 'HEAD');
    expect(head.answeredHot).toBe(false);
    const config = await both('/api/config', {});
    expect(config).toMatchObject({ answeredHot: false, fromHot: { status: 200 } });
  });
});
