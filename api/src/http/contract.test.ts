import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shabaash/shared';
import { contractRouter } from './contract.ts';
import { requestContext } from './requestContext.ts';
import { bodyParser } from './body.ts';
import { createLogger } from '../logger.ts';

const servers: http.Server[] = [];
afterAll(() => servers.forEach((s) => s.close()));

/** A bare Koa app around one contract router (no database: the handlers answer by themselves). */
async function serve(
  nodeEnv: 'test' | 'production',
  register: (r: ReturnType<typeof contractRouter>) => void,
) {
  const contract = contractRouter({ NODE_ENV: nodeEnv });
  register(contract);
  const app = new Koa();
  app.silent = true;
  app.use(requestContext(createLogger('silent')));
  app.use(bodyParser());
  app.use(async (ctx, next) => {
    ctx.state.loadPrincipal = async () => null;
    await next();
  });
  app.use(contract.router.routes());
  const server = http.createServer(app.callback());
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return (path: string, init?: RequestInit) =>
    fetch(`${base.replace(/\/api$/, '')}${path}`, init).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
}

describe('routes registered from the contract', () => {
  it("serve the endpoint's method and path, and answer what the handler returns", async () => {
    const call = await serve('test', ({ route }) =>
      route('health', () => ({ status: 'ok' as const, db: 'ok' as const, version: 'x', parts: {} })),
    );
    expect(await call('/health')).toEqual({
      status: 200,
      body: { status: 'ok', db: 'ok', version: 'x', parts: {} },
    });
  });

  it('under tests, a response that drifts from the output schema fails with a 500', async () => {
    const drift = { status: 'ok', db: 'ok' } as never; // version missing
    const call = await serve('test', ({ route }) => route('health', () => drift));
    expect((await call('/health')).status).toBe(500);
    const prod = await serve('production', ({ route }) => route('health', () => drift));
    expect(await prod('/health')).toEqual({ status: 200, body: { status: 'ok', db: 'ok' } });
  });

  it("parse the input with the endpoint's schema (400 with its message) and apply its auth", async () => {
    const call = await serve('test', ({ route }) => {
      route('createLead', ({ input }) => ({ message: input.phone }));
      route('me', () => ({ user: null }) as never);
    });
    const bad = await call('/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '12' }),
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: MESSAGES.invalidLeadPhone },
    });
    expect((await call('/users/me')).status).toBe(401);
  });

  it('answer a CSV endpoint as a CSV download and an audio endpoint as its bytes, each with its type', async () => {
    const contract = contractRouter({ NODE_ENV: 'test' });
    const app = new Koa();
    app.silent = true;
    app.use(requestContext(createLogger('silent')));
    app.use(async (ctx, next) => {
      ctx.state.loadPrincipal = async () => null;
      await next();
    });
    contract.route('creatorTipsCsv', () => ({ filename: 'tips.csv', rows: [['a', '=1']] }), {
      auth: async (_c, next) => next(),
    });
    contract.route('overlayTestSpeech', () => ({ contentType: 'audio/wav', bytes: Buffer.from('RIFF') }));
    app.use(contract.router.routes());
    const server = http.createServer(app.callback());
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const csv = await fetch(`${base}/creator/export.csv`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="tips.csv"');
    expect(await csv.text()).toBe('"a","\'=1"\r\n'); // (fetch drops the byte order mark)
    const audio = await fetch(`${base}/overlay/test-speech?key=k`);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    expect(await audio.text()).toBe('RIFF');
  });
});
