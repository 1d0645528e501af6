import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import {
  BOT_SOCKET_EXAMPLE,
  endpoints,
  serverMessageSchema,
  clientMessageSchema,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  WS_CLOSE,
} from '@shabaash/shared';
import { createTestApp } from '../../test/harness.ts';

interface Served {
  openapi: string;
  paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
  webhooks: Record<
    string,
    { post?: { requestBody?: unknown; parameters?: Array<{ name: string; in: string }> } }
  >;
  'x-websocket': {
    clientMessages: { oneOf?: { properties: { type: { const: string } } }[] };
    serverMessages: { oneOf?: { properties: { type: { const: string } } }[] };
    closeCodes: Record<string, { name: string; description: string }>;
    bots: { hello: string; scope: string; exampleClient: string };
  };
}

const messageTypes = (schema: Served['x-websocket']['serverMessages']) =>
  (schema.oneOf ?? []).map((variant) => variant.properties.type.const).sort();

describe('GET /api/openapi.json', () => {
  it('serves an OpenAPI 3.1 document that the OpenAPI 3.1 schema validator accepts', async () => {
    const app = await createTestApp();
    const res = await app.request<Served>('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const result = await new Validator().validate(res.body as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // The validator is live: the same document without its required `info` is refused.
    const { info: _info, ...broken } = res.body as unknown as Record<string, unknown>;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('describes every endpoint of shared/src/api.ts with its method, path and auth', async () => {
    const app = await createTestApp();
    const { body } = await app.request<Served>('GET', '/api/openapi.json');
    const missing: string[] = [];
    for (const [name, def] of Object.entries(endpoints)) {
      const path = `/api${def.path.replace(/:([a-zA-Z]+)/g, '{$1}')}`;
      const operation = body.paths[path]?.[def.method.toLowerCase()];
      if (operation?.operationId !== name) missing.push(`${name} (${def.method} ${path})`);
      else
        expect(
          operation.security?.some((r) => 'session' in (r as object)),
          name,
        ).toBe(def.auth !== 'public');
    }
    expect(missing).toEqual([]);
  });

  it('names the API token scope of each endpoint a token reaches: payouts:read for the payouts summary and statement', async () => {
    const app = await createTestApp();
    const { body } = await app.request<Served>('GET', '/api/openapi.json');
    for (const path of ['/api/creator/payouts', '/api/creator/payouts/statement'])
      expect(body.paths[path]?.get?.security, path).toContainEqual({ apiToken: ['payouts:read'] });
    expect(body.paths['/api/creator/payouts/onboarding']?.post?.security).not.toContainEqual({
      apiToken: ['payouts:read'],
    });
  });

  it('describes the websocket protocol: every client and server message type and every close code', async () => {
    const app = await createTestApp();
    const { body } = await app.request<Served>('GET', '/api/openapi.json');
    const ws = body['x-websocket'];
    expect(messageTypes(ws.clientMessages)).toEqual(
      clientMessageSchema.options.map((o) => o.shape.type.value).sort(),
    );
    expect(messageTypes(ws.serverMessages)).toEqual(
      serverMessageSchema.options.map((o) => o.shape.type.value).sort(),
    );
    expect(messageTypes(ws.clientMessages)).toContain('hello');
    expect(messageTypes(ws.serverMessages)).toContain('welcome');
    for (const [name, code] of Object.entries(WS_CLOSE)) {
      expect(ws.closeCodes[String(code)]?.name).toBe(name);
      expect(ws.closeCodes[String(code)]?.description.length).toBeGreaterThan(20);
    }
    // The bot hello: an API token in the message (never the URL), its scope, and the tested example client.
    expect(ws.bots.scope).toBe('events:subscribe');
    expect(ws.bots.hello).toContain('never in the URL');
    expect(ws.bots.exampleClient).toBe(BOT_SOCKET_EXAMPLE);
  });

  it('describes every outgoing webhook event with its body and signature headers', async () => {
    const app = await createTestApp();
    const { body } = await app.request<Served>('GET', '/api/openapi.json');
    expect(Object.keys(body.webhooks).sort()).toEqual([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT].sort());
    for (const event of Object.values(body.webhooks)) {
      expect(event.post?.requestBody).toBeTruthy();
      expect(event.post?.parameters?.map((p) => `${p.in}:${p.name}`).sort()).toEqual([
        'header:x-shabaash-event-id',
        'header:x-shabaash-signature',
        'header:x-shabaash-timestamp',
      ]);
    }
  });

  it("carries a Super Chat's source: the tip's external event and the youtube.superchat webhook", async () => {
    const app = await createTestApp();
    const { body } = await app.request<Served>('GET', '/api/openapi.json');
    const text = JSON.stringify(body);
    const superChat = JSON.stringify(body.webhooks['youtube.superchat']);
    for (const field of ['"source"', '"amountMicros"', '"currency"', '"displayAmount"', '"countedPaise"'])
      expect(superChat).toContain(field);
    // The tip DTO (chats, sockets, webhooks) names its external platform and original amount.
    expect(text).toContain('"superSticker"');
    expect(text).toContain('"stickerAltText"');
  });
});
