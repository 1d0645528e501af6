import { http, HttpResponse, type HttpHandler } from 'msw';
import type { z } from 'zod';
import {
  ERROR_STATUS,
  MESSAGES,
  endpoints,
  validate,
  type EndpointName,
  type EndpointDef,
  type ErrorCode,
  type User,
} from '@shabaash/shared';
import type { MockState } from './state.ts';
import {
  fail,
  MockHttpError,
  type MockContext,
  type EndpointResolvers,
  type MockResolvers,
} from './context.ts';
import { accountResolvers } from './resolvers/account.ts';
import { creatorResolvers } from './resolvers/creator.ts';
import { payoutResolvers } from './resolvers/payouts.ts';
import { safetyResolvers } from './resolvers/safety.ts';
import { tipResolvers } from './resolvers/tips.ts';
import { walletResolvers } from './resolvers/wallet.ts';
import { sandboxHandlers } from './sandbox.ts';
import { apiTokenResolvers } from './resolvers/apiTokens.ts';
import { webhookResolvers } from './resolvers/webhooks.ts';
import { streamResolvers } from './resolvers/stream.ts';
import { timerResolvers } from './resolvers/timer.ts';
import { opsConsoleResolvers } from './resolvers/opsConsole.ts';
import { consentResolvers } from './resolvers/consent.ts';
import { moderatorResolvers } from './resolvers/moderators.ts';
import { youtubeResolvers } from './resolvers/youtube.ts';
import { fileResolvers } from './resolvers/files.ts';

export { MockHttpError, type EndpointResolvers, type MockContext, type MockResolvers } from './context.ts';
export { markOrderPaid } from './resolvers/wallet.ts';
export { emptyPayoutSummary } from './resolvers/payouts.ts';

/** The behaviour of every endpoint over the in-memory state, one file per domain under `resolvers/`. */
export const resolvers: MockResolvers = {
  ...accountResolvers,
  ...tipResolvers,
  ...walletResolvers,
  ...creatorResolvers,
  ...safetyResolvers,
  ...apiTokenResolvers,
  ...webhookResolvers,
  ...streamResolvers,
  ...timerResolvers,
  ...payoutResolvers,
  ...opsConsoleResolvers,
  ...consentResolvers,
  ...moderatorResolvers,
  ...youtubeResolvers,
  ...fileResolvers,
};

function envelope(error: MockHttpError): Response {
  return HttpResponse.json(
    { message: error.message, code: error.code, ...(error.field ? { field: error.field } : {}) },
    { status: ERROR_STATUS[error.code] },
  );
}

/** The API's parseInput: the first issue's message, or "<field> is required." for a missing field. */
function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = validate(schema, value);
  if (result.ok) return result.data;
  throw fail('VALIDATION_FAILED', result.message, result.field);
}

/** The user behind `Authorization: Bearer <token>`, or null. */
function caller(state: MockState, request: Request): User | null {
  const header = request.headers.get('authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const userId = token ? state.sessions.get(token) : undefined;
  return userId ? (state.users.get(userId)?.user ?? null) : null;
}

/**
 * Builds one MSW handler for one endpoint of the contract: auth as the API does, input and query parsed with the
 * endpoint's schemas (400 envelope with the schema's message), and the answer validated with the output schema
 * (a mock that drifts from the contract answers 500 and logs why).
 */
function endpointHandler(
  state: MockState,
  name: EndpointName,
  resolver: ((ctx: MockContext<EndpointName>) => unknown) | undefined,
): HttpHandler {
  const def: EndpointDef = endpoints[name];
  const method = def.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return http[method](`*/api${def.path}`, answerOf(state, name, resolver));
}

/** What endpointHandler answers: auth, input, the resolver and the output check. */
function answerOf(
  state: MockState,
  name: EndpointName,
  resolver: ((ctx: MockContext<EndpointName>) => unknown) | undefined,
) {
  const def: EndpointDef = endpoints[name];
  return async ({ request, params }: { request: Request; params: Record<string, unknown> }) => {
    state.calls.set(name, (state.calls.get(name) ?? 0) + 1);
    try {
      const user = caller(state, request);
      if (def.auth !== 'public' && !user) throw fail('UNAUTHENTICATED', MESSAGES.unauthenticated);
      if (def.auth === 'creator' && !(user && state.creators.has(user.id)))
        throw fail('FORBIDDEN', MESSAGES.forbiddenCreator);
      if (def.auth === 'operator' && !(user && state.operators.has(user.id)))
        throw fail('FORBIDDEN', MESSAGES.forbiddenOperator);
      // Mock mode serves no operator endpoint of its own; a test gives the ones it needs (overrideHandlers).
      if (!resolver) throw fail('FORBIDDEN', MESSAGES.forbiddenOperator);
      let input: unknown = undefined;
      if (def.input) {
        const text = await request.text();
        let body: unknown = {};
        if (text) {
          try {
            body = JSON.parse(text);
          } catch {
            throw fail('INVALID_JSON', MESSAGES.invalidJson);
          }
        }
        input = parse(def.input, body);
      }
      let query: unknown = undefined;
      if (def.query) query = parse(def.query, Object.fromEntries(new URL(request.url).searchParams));
      const stringParams = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
      const result = await resolver({
        input,
        query,
        params: stringParams,
        user,
        idempotencyKey: request.headers.get('idempotency-key') ?? undefined,
        state,
      } as MockContext<EndpointName>);
      // A file, CSV or bytes endpoint: the resolver answers the Response itself.
      if (!def.output) return result as Response;
      const checked = def.output.safeParse(result);
      if (!checked.success) {
        const why = `Mock ${name} drifted from the contract: ${checked.error.issues[0]?.message ?? 'invalid output'}`;
        console.error(why, checked.error.issues);
        return HttpResponse.json({ message: why, code: 'INTERNAL' }, { status: 500 });
      }
      return HttpResponse.json(checked.data as Record<string, unknown>);
    } catch (error) {
      if (error instanceof MockHttpError) return envelope(error);
      throw error;
    }
  };
}

/**
 * Handlers for only the endpoints in `overrides`, for a test's `server.use(...)`: a special answer (an error, a
 * delay, a counted call) that still goes through auth, the input schemas and the output check.
 */
export function overrideHandlers(state: MockState, overrides: Partial<EndpointResolvers>): HttpHandler[] {
  return (Object.keys(overrides) as EndpointName[]).map((name) =>
    endpointHandler(state, name, overrides[name] as (ctx: MockContext<EndpointName>) => unknown),
  );
}

/** A resolver that refuses with the API's envelope for `code` (a test's error answer). */
export const failWith = (code: ErrorCode, message: string, field?: string) => (): never => {
  throw fail(code, message, field);
};

/** The request to one endpoint never gets an answer (fetch rejects, as when offline). */
export function networkError(name: EndpointName): HttpHandler {
  const def: EndpointDef = endpoints[name];
  const method = def.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return http[method](`*/api${def.path}`, () => HttpResponse.error());
}

/**
 * The next request to one endpoint is processed as usual, then its answer is lost (fetch rejects, as when the
 * connection drops after the server acted): for retries that must not act twice.
 */
export function answerLost(state: MockState, name: keyof MockResolvers): HttpHandler {
  const def: EndpointDef = endpoints[name];
  const method = def.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  const answer = answerOf(state, name, resolvers[name] as (ctx: MockContext<EndpointName>) => unknown);
  return http[method](
    `*/api${def.path}`,
    async (info) => {
      await answer(info);
      return HttpResponse.error();
    },
    { once: true },
  );
}

/** Every endpoint of shared/src/api.ts (plus the sandbox checkout) as MSW handlers over `state`. */
export function createHandlers(state: MockState, overrides: Partial<MockResolvers> = {}): HttpHandler[] {
  const all = { ...resolvers, ...overrides } as Record<
    EndpointName,
    (ctx: MockContext<EndpointName>) => unknown
  >;
  const names = Object.keys(endpoints) as EndpointName[];
  return [...names.map((name) => endpointHandler(state, name, all[name])), ...sandboxHandlers(state)];
}
