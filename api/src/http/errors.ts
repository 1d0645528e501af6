import { ERROR_STATUS, MESSAGES, type ErrorCode } from '@shabaash/shared';

/** An error the client may see: its message is shown as-is by the screens. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError('VALIDATION_FAILED', message, field);
export const unauthenticated = (message: string = MESSAGES.unauthenticated) =>
  new AppError('UNAUTHENTICATED', message);
export const forbidden = (message: string = MESSAGES.forbiddenCreator) => new AppError('FORBIDDEN', message);
export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found.`);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const paymentRequired = (message: string) => new AppError('PAYMENT_REQUIRED', message);
export const tooManyRequests = (message: string = MESSAGES.tooManyAttempts) =>
  new AppError('RATE_LIMITED', message);
export const upstreamFailed = (message: string) => new AppError('UPSTREAM_FAILED', message);

interface PgError {
  code?: string;
  constraint?: string;
}

/** Translates database errors in one place; anything unknown stays unknown (→ 500). */
export function translateDbError(err: unknown): AppError | null {
  const code = (err as PgError | null)?.code;
  switch (code) {
    case '23505':
      return conflict('This already exists.');
    case '23514':
      return conflict('This change would break a rule of the ledger.');
    case '22P02':
    case '22003':
    case '22021': // text with a NUL character (PostgreSQL text cannot hold U+0000)
    case '22P05': // jsonb with \u0000
      return badRequest('A value in the request is malformed.');
    case '57014':
      return new AppError('UNAVAILABLE', 'The database is busy. Please try again.');
    default:
      return null;
  }
}
