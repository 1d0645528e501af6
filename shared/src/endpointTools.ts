import type { z } from 'zod';
import type { EndpointFact } from './endpoints.ts';

// The contract's building blocks: the endpoint table (endpoints.ts) holds method, path, auth and summary; the
// schema maps (api.ts and the per-domain maps it spreads) add only what zod checks.

export type { HttpMethod } from './endpoints.ts';

/**
 * The schemas of one endpoint. Method, path, auth and summary belong to the table: a schema entry that names one
 * of them fails to typecheck. A JSON endpoint needs its `output`; a file, CSV or bytes endpoint has none.
 */
export type EndpointSchemas<F extends EndpointFact = EndpointFact> = {
  input?: z.ZodType;
  query?: z.ZodType;
  method?: never;
  path?: never;
  auth?: never;
  summary?: never;
} & (F extends { answers: 'csv' | 'audio' | 'image' } ? { output?: never } : { output: z.ZodType });

/** A per-domain schema map (spread into api.ts, whose `satisfies` ties each entry to its row of the table). */
export const define = <const T extends Record<string, EndpointSchemas>>(map: T) => map;

/** Any endpoint of the contract, row and schemas, for code that handles them all alike (the router, the mocks). */
export type EndpointDef = EndpointFact & { input?: z.ZodType; query?: z.ZodType; output?: z.ZodType };
