import pino from 'pino';

export type Logger = pino.Logger;

/** JSON logs on stdout; every request line carries its request id (see http/requestContext.ts). */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'shabaash-api' },
    redact: ['req.headers.authorization', '*.password', '*.token'],
  });
}
