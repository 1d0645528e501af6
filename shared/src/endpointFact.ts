// The shape of one row of the endpoint table (endpoints.ts); the per-domain row files import it from here.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call it: anyone, any signed-in user, a creator, an operator (/ops, nobody else), or an active
 * moderator of the creator named by the path's `:handle` (/moderation/:handle/…).
 */
export type EndpointAuth = 'public' | 'user' | 'creator' | 'operator' | 'moderator';

/**
 * What the endpoint answers: JSON (the default), a JSON file to save (`download`), a CSV file, or audio or image
 * bytes. The API's router sends each kind (api/src/http/contract.ts); only JSON answers go through the PWA's client.
 */
export type AnswerKind = 'json' | 'download' | 'csv' | 'audio' | 'image';

export interface EndpointFact {
  method: HttpMethod;
  /** Path under /api; `:id` segments are filled from `params`. */
  path: `/${string}`;
  auth: EndpointAuth;
  summary: string;
  /** Absent: JSON. */
  answers?: Exclude<AnswerKind, 'json'>;
}
