import type { z } from 'zod';

// The contract's building blocks (shared/src/api.ts holds the table of endpoints itself).

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointDef {
  method: HttpMethod;
  /** Path under /api; `:id` segments are filled from `params`. */
  path: string;
  /**
   * Who may call it: anyone, any signed-in user, a creator, an operator (/ops, nobody else), or an active
   * moderator of the creator named by the path's `:handle` (/moderation/:handle/…).
   */
  auth: 'public' | 'user' | 'creator' | 'operator' | 'moderator';
  input?: z.ZodType;
  query?: z.ZodType;
  output: z.ZodType;
}

export const define = <const T extends Record<string, EndpointDef>>(map: T) => map;

/** Fills `:param` segments of an endpoint path. */
export function endpointPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([a-zA-Z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(value);
  });
}
