import Router from '@koa/router';
import type { Middleware, ParameterizedContext } from 'koa';
import type { z } from 'zod';
import { endpoints, SHARED_PATH_FORMS, type EndpointName, type Endpoints } from '@shabaash/shared';
import type { Config } from '../config.ts';
import { requireCreator, requireOperator, requireUser } from './auth.ts';
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

/** The body a handler answers with: what the endpoint's output schema accepts, or that body already serialised. */
export type RouteResult<N extends EndpointName> =
  z.input<Def<N>['output']> | PreparedJson<z.input<Def<N>['output']>>;

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

/**
 * A router whose routes come from the contract: `route(name, handler)` registers `endpoints[name]`'s method and
 * path (under /api), its auth, its input and query schemas, and types the handler's result as that endpoint's
 * output. With `checkOutput` (NODE_ENV=test), every 2xx body is checked against the output schema, so a response
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
    const def = endpoints[name] as Def<N> & { input?: z.ZodType; query?: z.ZodType; output: z.ZodType };
    const auth = options.auth ? [options.auth] : AUTH[def.auth];
    const serves = SHARED_PATH_FORMS[name];
    const serve: Middleware = async (ctx, next) => {
      // One path, two forms (SHARED_PATH_FORMS): the other endpoint's route, registered next, serves this one.
      if (serves && !serves(ctx.query)) return next();
      let input: unknown;
      let query: unknown;
      const call = {
        ctx,
        params: ctx.params as Record<string, string>,
        get input() {
          return (input ??= def.input ? parseInput(def.input, ctx.request.body) : undefined);
        },
        get query() {
          return (query ??= def.query ? parseInput(def.query, ctx.query) : undefined);
        },
      } as RouteCall<N>;
      const body = await handler(call);
      ctx.body = body;
      if (checkOutput && ctx.status < 300) {
        const checked = def.output.safeParse(body instanceof PreparedJson ? body.value : body);
        if (!checked.success)
          throw new Error(`${name}: response does not match the contract: ${checked.error.message}`);
      }
    };
    const method = def.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    router[method](def.path, ...auth, serve);
  }

  return { router, route };
}
