import Router from '@koa/router';
import type { Middleware, ParameterizedContext } from 'koa';
import type { z } from 'zod';
import { endpoints, type EndpointDef, type EndpointName, type Endpoints } from '@shabaash/shared';
import type { Config } from '../config.ts';
import { requireCreator, requireOperator, requireUser } from './auth.ts';
import { sendCsv, type CsvValue } from './csv.ts';
import { PreparedJson } from './preparedJson.ts';
import { parseInput } from './validate.ts';

type Def<N extends EndpointName> = Endpoints[N];
type Parsed<D, K extends 'input' | 'query'> = D extends { [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : never;

/** What a contract route's handler receives. `input` and `query` parse on first read (the handler decides when). */
export interface RouteCall<N extends EndpointName> {
  ctx: ParameterizedContext;
  /** The JSON body, parsed with the endpoint's `input` schema (400 with the spec's message when invalid). */
  readonly input: Parsed<Def<N>, 'input'>;
  /** The query string, parsed with the endpoint's `query` schema. */
  readonly query: Parsed<Def<N>, 'query'>;
  /** Path parameters (`:id`). */
  params: Record<string, string>;
}

type Output<N extends EndpointName> =
  Def<N> extends { output: infer O extends z.ZodType } ? z.input<O> : never;

/** A CSV answer: the file's name and its rows (sent through http/csv.ts). */
export interface CsvAnswer {
  filename: string;
  rows: ReadonlyArray<ReadonlyArray<CsvValue>>;
}
/** Audio or image bytes with their type; the handler sets its own Cache-Control. */
export interface BytesAnswer {
  contentType: string;
  bytes: Uint8Array;
}

/**
 * What a handler answers, by the endpoint's kind (its `answers` in the table): for JSON, what the output schema
 * accepts (or that body already serialised); a download, that body and the file's name; CSV rows; or bytes.
 */
export type RouteResult<N extends EndpointName> =
  Def<N> extends { answers: 'csv' }
    ? CsvAnswer
    : Def<N> extends { answers: 'audio' | 'image' }
      ? BytesAnswer
      : Def<N> extends { answers: 'download' }
        ? { filename: string; body: Output<N> }
        : Output<N> | PreparedJson<Output<N>>;

export interface RouteOptions {
  /** Replaces the auth middleware the endpoint's `auth` implies (e.g. requireSessionClaims when the service checks the session row itself). */
  auth?: Middleware;
}

// `moderator` routes pass their own check (the moderators module's requireModerator) as `options.auth`.
const AUTH: Record<'public' | 'user' | 'creator' | 'operator' | 'moderator', Middleware[]> = {
  public: [],
  moderator: [requireUser],
  user: [requireUser],
  creator: [requireCreator],
  operator: [requireOperator],
};

type Answer = CsvAnswer | BytesAnswer | { filename: string; body: unknown } | unknown;

/** Sends a handler's answer as the endpoint's kind; answers the JSON body the output schema checks, if any. */
function answer(ctx: ParameterizedContext, def: EndpointDef, result: Answer): unknown {
  switch (def.answers) {
    case 'csv': {
      const { filename, rows } = result as CsvAnswer;
      sendCsv(ctx, filename, rows);
      return undefined;
    }
    case 'audio':
    case 'image': {
      const { contentType, bytes } = result as BytesAnswer;
      ctx.type = contentType;
      ctx.body = bytes;
      return undefined;
    }
    case 'download': {
      // A file the browser saves: sent as text, so the list byte cap (http/compress.ts) does not apply to it.
      const { filename, body } = result as { filename: string; body: unknown };
      ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
      ctx.type = 'application/json';
      ctx.body = JSON.stringify(body);
      return body;
    }
    default:
      ctx.body = result;
      return result;
  }
}

/** Query strings kept parsed per schema (a hot read asks the same few again and again); emptied when full. */
const QUERIES_KEPT = 1_000;
const parsedQueries = new WeakMap<z.ZodType, Map<string, unknown>>();

/**
 * The query string `raw` (its fields: `fields()`) parsed with the endpoint's schema, once per distinct query
 * string: a valid result is kept frozen (handlers read it, never change it) and shared; an invalid one throws its
 * 400 every time.
 */
export function parsedQuery(schema: z.ZodType, raw: string, fields: () => unknown): unknown {
  let kept = parsedQueries.get(schema);
  if (!kept) parsedQueries.set(schema, (kept = new Map()));
  let parsed = kept.get(raw);
  if (parsed === undefined) {
    parsed = Object.freeze(parseInput(schema, fields()));
    if (kept.size >= QUERIES_KEPT) kept.clear();
    kept.set(raw, parsed);
  }
  return parsed;
}

/** Throws when a 2xx body does not match its endpoint's output schema (tests only: NODE_ENV=test). */
export function checkContractOutput(name: EndpointName, body: unknown): void {
  const output = (endpoints[name] as EndpointDef).output;
  if (!output) return;
  const checked = output.safeParse(body instanceof PreparedJson ? body.value : body);
  if (!checked.success)
    throw new Error(`${name}: response does not match the contract: ${checked.error.message}`);
}

/**
 * A router whose routes come from the contract: `route(name, handler)` registers `endpoints[name]`'s method and
 * path (under /api), its auth, its input and query schemas, and types the handler's result as that endpoint's
 * output: JSON, or a download, a CSV file or bytes (the kind the endpoint's row `answers`). With `checkOutput` (NODE_ENV=test), every 2xx body is checked against the output schema, so a response
 * that drifts from the contract fails the test that made it.
 */
export function contractRouter(config: Pick<Config, 'NODE_ENV'>) {
  const router = new Router();
  const checkOutput = config.NODE_ENV === 'test';

  function route<N extends EndpointName>(
    name: N,
    handler: (call: RouteCall<N>) => Promise<RouteResult<N>> | RouteResult<N>,
    options: RouteOptions = {},
  ): void {
    const def: EndpointDef = endpoints[name];
    const auth = options.auth ? [options.auth] : AUTH[def.auth];
    const serve: Middleware = async (ctx) => {
      let input: unknown;
      let query: unknown;
      const call = {
        ctx,
        params: ctx.params as Record<string, string>,
        get input() {
          return (input ??= def.input ? parseInput(def.input, ctx.request.body) : undefined);
        },
        get query() {
          return (query ??= def.query ? parsedQuery(def.query, ctx.querystring, () => ctx.query) : undefined);
        },
      } as RouteCall<N>;
      const body = answer(ctx, def, (await handler(call)) as Answer);
      if (checkOutput && ctx.status < 300) checkContractOutput(name, body);
    };
    const method = def.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    router[method](def.path, ...auth, serve);
  }

  return { router, route };
}
