import {
  TOKEN_STORAGE_KEY,
  VALIDATION_MESSAGES,
  type EndpointDef,
  type EndpointInput,
  type EndpointName,
  type EndpointOutput,
  type EndpointQuery,
  type ErrorCode,
  type Endpoints,
} from '@shabaash/shared';
import { ENDPOINTS, FIRST_PAINT_READS, type EndpointFact } from '@shabaash/shared/core';
import { errorText } from '../i18n/errors.ts';

/** Base path of every call (the API host under /api). */
export const API_BASE = '/api';

/** A failed call: the server's envelope `{ message, code }` (or a local stand-in) plus the HTTP status (0 = no response). */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;

  constructor(message: string, code: ErrorCode, status: number, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.field = field;
  }
}

export interface ApiOptions<N extends EndpointName> {
  input?: EndpointInput<N>;
  query?: EndpointQuery<N>;
  params?: Record<string, string>;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

type UnauthorizedHandler = (error: ApiError) => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** Registers the one callback run when a call made with a token answers 401 (the auth provider signs out). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

/** Runs the unauthorized handler for a refusal that did not come from a call (the realtime socket's 4001). */
export function reportUnauthorized(message: string): void {
  unauthorizedHandler?.(new ApiError(message, 'UNAUTHENTICATED', 401));
}

/** Reads the bearer token from local storage, tolerating storage that is unavailable. */
export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  502: 'UPSTREAM_FAILED',
  503: 'UNAVAILABLE',
};

/** Fills `:param` segments of an endpoint path (the same rule as the shared `endpointPath`, without zod). */
function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([a-zA-Z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(value);
  });
}

/** The error envelope `{ message, code, field? }` when the body is one, else null (checked by hand: no zod here). */
function readEnvelope(json: unknown): { message: string; code: ErrorCode; field: string | undefined } | null {
  if (!json || typeof json !== 'object') return null;
  const { message, code, field } = json as Record<string, unknown>;
  if (typeof message !== 'string' || typeof code !== 'string' || !isErrorCode(code)) return null;
  return { message, code, field: typeof field === 'string' ? field : undefined };
}

function isErrorCode(code: string): code is ErrorCode {
  return /^[A-Z][A-Z0-9_]*$/.test(code);
}

type Contract = Endpoints;
let contractPromise: Promise<Contract> | null = null;

/** The shared contract with its zod schemas, loaded on first need (a form submit, a write, or dev/test builds). */
function loadContract(): Promise<Contract> {
  contractPromise ??= import('./contract.ts')
    .then((m) => m.endpoints)
    .catch((error: unknown) => {
      contractPromise = null;
      throw error;
    });
  return contractPromise;
}

// Dev and tests check every response against its schema; production trusts its own API's reads so the first
// paint needs no zod (writes still validate input and output with the lazily loaded contract).
const VALIDATE_READS = import.meta.env.DEV;
const UNCHECKED_READS: ReadonlySet<EndpointName> = new Set(FIRST_PAINT_READS);

function firstIssueMessage(error: { issues: ReadonlyArray<{ message: string }> }): string {
  return error.issues[0]?.message ?? VALIDATION_MESSAGES.invalidRequest;
}

function buildQuery(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls one endpoint of the shared contract: validates `input` with its schema (throwing ApiError
 * VALIDATION_FAILED with the schema's message), sends the bearer token when present and never cookies,
 * and returns the response parsed with the endpoint's output schema. Failures throw ApiError.
 * Method and path come from the endpoint table; the schemas load lazily, and production's first-paint reads
 * (FIRST_PAINT_READS of @shabaash/shared/core) skip them so first paint carries no zod.
 */
export async function api<N extends EndpointName>(
  name: N,
  options: ApiOptions<N> = {},
): Promise<EndpointOutput<N>> {
  const row: EndpointFact = ENDPOINTS[name];
  let def: EndpointDef | null = null;
  if (!UNCHECKED_READS.has(name) || VALIDATE_READS || options.input !== undefined) {
    try {
      def = (await loadContract())[name];
    } catch {
      throw new ApiError('Network request failed.', 'UNAVAILABLE', 0);
    }
  }
  const { method, path } = row;
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | undefined;

  if (def?.input) {
    const parsed = def.input.safeParse(options.input ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0];
      throw new ApiError(
        firstIssueMessage(parsed.error),
        'VALIDATION_FAILED',
        0,
        typeof field === 'string' ? field : undefined,
      );
    }
    body = JSON.stringify(parsed.data);
    headers['Content-Type'] = 'application/json';
  }

  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  const url = `${API_BASE}${fillPath(path, options.params)}${buildQuery(options.query)}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body,
      credentials: 'omit',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const message = error instanceof Error && error.message ? error.message : 'Network request failed.';
    throw new ApiError(message, 'UNAVAILABLE', 0);
  }

  const text = await response.text();
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }

  if (!response.ok) {
    const envelope = readEnvelope(json);
    const error = envelope
      ? new ApiError(envelope.message, envelope.code, response.status, envelope.field)
      : new ApiError(
          `Request failed with status ${response.status}.`,
          STATUS_CODES[response.status] ?? 'INTERNAL',
          response.status,
        );
    if (response.status === 401 && token && unauthorizedHandler) unauthorizedHandler(error);
    throw error;
  }

  // The generic map cannot narrow `def.output` per N; the schema is exactly Endpoints[N]['output'].
  if (!def?.output) return json as EndpointOutput<N>;
  const parsed = def.output.safeParse(json);
  if (!parsed.success) {
    throw new ApiError('Unexpected response from the server.', 'INTERNAL', response.status);
  }
  return parsed.data as EndpointOutput<N>;
}

/** The message to show for a failed call (the server's, else the error's own, else `fallback`), in the chosen language. */
export function errorMessage(error: unknown, fallback: string): string {
  return errorText(error instanceof Error ? error : null, fallback);
}

/** The server's message when the server answered (or local validation failed), else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  if (
    error instanceof ApiError &&
    (error.status > 0 || error.code === 'VALIDATION_FAILED') &&
    error.message
  ) {
    return errorText(error, fallback);
  }
  return errorText(null, fallback);
}
