import { z } from 'zod';
import {
  createDocument,
  createSchema,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import {
  BOT_HELLO_DESCRIPTION,
  BOT_SOCKET_EXAMPLE,
  clientMessageSchema,
  endpoints,
  errorEnvelopeSchema,
  serverMessageSchema,
  WS_CLOSE,
  WS_HEARTBEAT_MS,
  WS_HELLO_TIMEOUT_MS,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_MEANINGS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
  WEBHOOK_TEST_EVENT,
  webhookPayloadSchemas,
  type HttpMethod,
} from '@shabaash/shared';
import * as reference from '@shabaash/shared/apiReference';
import type { EndpointDef } from '@shabaash/shared';

const AUTH_SECURITY: Record<
  'public' | 'user' | 'creator' | 'operator' | 'moderator',
  oas31.SecurityRequirementObject[]
> = {
  public: [],
  moderator: [{ session: [] }],
  user: [{ session: [] }],
  creator: [{ session: [] }],
  operator: [{ session: [] }],
};

/** `/creator/chats/:id` → `/api/creator/chats/{id}` plus the names of its path parameters. */
function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:([a-zA-Z]+)/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: `/api${converted}`, params };
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorEnvelopeSchema } },
});

/** The `x-websocket` extension: the /ws protocol, rendered from the same zod unions the hub and clients parse. */
interface WebsocketExtension {
  path: string;
  description: string;
  helloTimeoutMs: number;
  heartbeatMs: number;
  clientMessages: ReturnType<typeof createSchema>['schema'];
  serverMessages: ReturnType<typeof createSchema>['schema'];
  clientMessageMeanings: Record<string, string>;
  serverMessageMeanings: Record<string, string>;
  closeCodes: Record<string, { name: string; description: string }>;
  /** Bots: a creator API token in the hello (scope events:subscribe), and a tested example client. */
  bots: { hello: string; scope: 'events:subscribe'; exampleClient: string };
}

function websocketExtension(): WebsocketExtension {
  const { schema: client } = createSchema(clientMessageSchema, { io: 'input' });
  const { schema: server } = createSchema(serverMessageSchema, { io: 'output' });
  return {
    path: '/ws',
    description:
      'Open a WebSocket to /ws and send `hello` first (with a session token, a creator API token for a bot (see `bots`), or an overlay key, and `since`: the last version you hold per space). ' +
      'The server answers `welcome` with your rooms and current versions, then every versioned event after `since` in version order, then live events. ' +
      `Send \`ping\` at least every ${WS_HEARTBEAT_MS} ms; the server answers \`pong\`. Deduplicate by (space, version).`,
    helloTimeoutMs: WS_HELLO_TIMEOUT_MS,
    heartbeatMs: WS_HEARTBEAT_MS,
    clientMessages: client,
    serverMessages: server,
    clientMessageMeanings: reference.WS_CLIENT_MESSAGES,
    serverMessageMeanings: reference.WS_SERVER_MESSAGES,
    closeCodes: Object.fromEntries(
      (Object.keys(WS_CLOSE) as (keyof typeof WS_CLOSE)[]).map((name) => [
        String(WS_CLOSE[name]),
        { name, description: reference.WS_CLOSE_MEANINGS[name] },
      ]),
    ),
    bots: { hello: BOT_HELLO_DESCRIPTION, scope: 'events:subscribe', exampleClient: BOT_SOCKET_EXAMPLE },
  };
}

export type OpenApiDocument = ReturnType<typeof createDocument> & {
  'x-websocket': ReturnType<typeof websocketExtension>;
};

/** OpenAPI 3.1 `webhooks`: what we POST to a creator's endpoint for each event, with the signature headers. */
function webhookOperations() {
  const headers = z.object({
    [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: z.string().meta({
      description:
        `Hex HMAC-SHA256, with the endpoint's signing secret, of \`<${WEBHOOK_TIMESTAMP_HEADER}>.<raw body>\`. ` +
        `Refuse a request whose timestamp is more than ${WEBHOOK_TOLERANCE_SECONDS} s from your clock (a replay). ` +
        'Before the timestamp was added, the signature covered the raw body alone: update a receiver that still checks it that way.',
    }),
    [WEBHOOK_TIMESTAMP_HEADER.toLowerCase()]: z.string().meta({
      description: 'When this attempt was signed, in Unix seconds; every retry and re-send is signed afresh.',
    }),
    [WEBHOOK_EVENT_ID_HEADER.toLowerCase()]: z.string().meta({
      description: 'The event id; retries and re-sends repeat it, so deduplicate by it.',
    }),
  });
  const meanings: Record<string, string> = {
    ...WEBHOOK_EVENT_MEANINGS,
    [WEBHOOK_TEST_EVENT]: 'Sent by "Send test event" in the Creator Suite.',
  };
  return Object.fromEntries(
    Object.entries(webhookPayloadSchemas).map(([event, schema]) => [
      event,
      {
        post: {
          operationId: `webhook:${event}`,
          summary: meanings[event],
          requestParams: { header: headers },
          requestBody: { required: true, content: { 'application/json': { schema } } },
          responses: {
            '200': {
              description:
                'Received. Any answer outside 2xx (or none within 10 s) is retried with backoff for 24 hours.',
            },
          },
        },
      },
    ]),
  );
}

/** `{ apiToken: [scope] }` when a creator API token with that scope may call the endpoint. */
function apiTokenSecurity(name: string): oas31.SecurityRequirementObject[] {
  return Object.entries(reference.API_TOKEN_SCOPE_ENDPOINTS)
    .filter(([, names]) => (names as readonly string[]).includes(name))
    .map(([scope]) => ({ apiToken: [scope] }));
}

/** The 200 answer's content by the endpoint's kind: JSON (a download too), a CSV file, or audio or image bytes. */
function answerContent(def: EndpointDef): ZodOpenApiResponseObject['content'] {
  const bytes = { schema: z.string().meta({ format: 'binary' }) };
  if (def.answers === 'csv') return { 'text/csv': { schema: z.string() } };
  if (def.answers === 'audio') return { 'audio/*': bytes };
  if (def.answers === 'image') return { 'image/*': bytes };
  return { 'application/json': { schema: def.output ?? z.unknown() } };
}

/** The OpenAPI 3.1 document of every endpoint in shared/src/api.ts, generated from its zod schemas. */
export function buildOpenApiDocument(version: string): OpenApiDocument {
  const paths: Record<string, Partial<Record<Lowercase<HttpMethod>, ZodOpenApiOperationObject>>> = {};
  for (const [name, def] of Object.entries(endpoints) as Array<[string, EndpointDef]>) {
    const { path, params } = openApiPath(def.path);
    const { query, input } = def;
    const operation: ZodOpenApiOperationObject = {
      operationId: name,
      summary: def.summary,
      tags: [def.path.split('/')[1] ?? 'api'],
      security: [...AUTH_SECURITY[def.auth], ...apiTokenSecurity(name)],
      requestParams: {
        ...(params.length > 0
          ? { path: z.object(Object.fromEntries(params.map((p) => [p, z.string()]))) }
          : {}),
        ...(query ? { query: query as z.ZodObject } : {}),
      },
      ...(input
        ? { requestBody: { required: true, content: { 'application/json': { schema: input } } } }
        : {}),
      responses: {
        '200': { description: 'OK', content: answerContent(def) },
        ...(def.auth === 'public'
          ? {}
          : { '401': errorResponse('Not signed in, or the session was revoked.') }),
        ...(def.auth === 'creator' ? { '403': errorResponse('Signed in, but not a creator.') } : {}),
        ...(def.auth === 'operator' ? { '403': errorResponse('Signed in, but not an operator.') } : {}),
        ...(input || query
          ? { '400': errorResponse('The input failed validation; `message` says why.') }
          : {}),
        default: errorResponse('The error envelope: a stable `code` and a readable `message`.'),
      },
    };
    const method = def.method.toLowerCase() as Lowercase<HttpMethod>;
    paths[path] = { ...paths[path], [method]: operation };
  }
  return {
    ...createDocument({
      openapi: '3.1.0',
      info: {
        title: 'Shabaash API',
        version,
        description:
          'Rupee superchats for Indian live streamers. Amounts on the wire are rupees with a matching `…Paise` integer field; errors share one envelope.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          session: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A session token from login.',
          },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A creator API token (`shb_…`) made in the Creator Suite. Its scopes (tips:read, tips:moderate, events:subscribe, payouts:read) decide which endpoints it reaches; it reads and changes only its creator's data and is rate-limited per token.",
          },
        },
      },
      paths,
      webhooks: webhookOperations(),
    }),
    'x-websocket': websocketExtension(),
  };
}
