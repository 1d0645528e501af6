import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { compressJson, JSON_RESPONSE_MAX_BYTES } from './compress.ts';
import { PreparedJson } from './preparedJson.ts';

const app = new Koa();
app.silent = true;
app.use(compressJson());
const prepared = new PreparedJson({
  tips: Array.from({ length: 20 }, (_, i) => ({ id: i, message: 'नमस्ते '.repeat(20) })),
});
app.use(async (ctx) => {
  if (ctx.path === '/prepared') {
    ctx.body = prepared;
    return;
  }
  const rows = Number(ctx.query.rows ?? 1);
  ctx.body = { tips: Array.from({ length: rows }, (_, i) => ({ id: i, message: 'x'.repeat(1_000) })) };
});
const server = http.createServer(app.callback());
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('list responses have a byte cap (finding 3)', () => {
  it('refuses to send a JSON body above the cap, whatever the rows hold', async () => {
    const under = await fetch(`${base}/?rows=100`);
    expect(under.status).toBe(200);
    const rows = Math.ceil(JSON_RESPONSE_MAX_BYTES / 1_000) + 10;
    const over = await fetch(`${base}/?rows=${rows}`);
    expect(over.status).toBe(500);
  });
});

describe('a prepared body (a cached read) is sent as serialised once', () => {
  it('in every encoding the client accepts, the same JSON; each encoding is made once and reused', async () => {
    const raw = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${base}/prepared`, { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, identity: (b: Buffer) => b };
    for (const encoding of ['br', 'gzip', 'identity'] as const) {
      const first = await raw(encoding);
      const second = await raw(encoding);
      expect(first.headers['content-encoding'] ?? 'identity').toBe(encoding);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(decode[encoding](first.body).toString())).toEqual(prepared.value);
      expect(second.body.equals(first.body)).toBe(true);
    }
    expect(prepared.encode('br')).toBe(prepared.encode('br'));
  });
});
