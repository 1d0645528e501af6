import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, describe, expect, it } from 'vitest';
import { compressJson, JSON_RESPONSE_MAX_BYTES } from './compress.ts';

const app = new Koa();
app.silent = true;
app.use(compressJson());
app.use(async (ctx) => {
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
