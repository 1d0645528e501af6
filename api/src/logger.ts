import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Fields whose values never reach a log line (DPDP Act and secrets): phone numbers, passwords, tokens, OTPs and
 * message text, at any depth of a plain object (an Error keeps its message; see PHONE and TOKEN below).
 */
const SENSITIVE_KEYS = new Set(
  [
    'phone',
    'phone_number',
    'phoneNumber',
    'contact',
    'email',
    'password',
    'passwordHash',
    'password_hash',
    'token',
    'firebaseToken',
    'idToken',
    'authorization',
    'cookie',
    'otp',
    'code',
    'verificationCode',
    'message',
    'text',
    'guestName',
    'guest_name',
    'profilePic',
  ].map((k) => k.toLowerCase()),
);
/** Keys that stay even under SENSITIVE_KEYS' names when they hold an error code ("RATE_LIMITED"). */
const ERROR_CODE = /^[A-Z_]+$/;
/** An Indian mobile number in any text (10 digits from 6, optionally +91/91 and a space or dash). */
const PHONE = /(?<![\d:,[])(?:\+?91[\s-]?)?[6-9]\d{4}[\s-]?\d{5}(?!\d)/g;
/** A JWT (session and Firebase tokens). */
const TOKEN = /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;

function redactObject(value: unknown, depth: number): unknown {
  if (depth > 6 || value === null || typeof value !== 'object' || value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((v) => redactObject(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const hide = SENSITIVE_KEYS.has(key.toLowerCase()) && !(typeof v === 'string' && ERROR_CODE.test(v));
    out[key] = hide && v != null ? '[Redacted]' : redactObject(v, depth + 1);
  }
  return out;
}

/** JSON logs on stdout; every request line carries its request id (see http/requestContext.ts). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'shabaash-api' },
    formatters: { log: (object) => redactObject(object, 0) as Record<string, unknown> },
    // Whatever slipped into free text (an error's message, a log message): numbers and tokens are scrubbed.
    hooks: { streamWrite: (line) => line.replace(TOKEN, '[token]').replace(PHONE, '[phone]') },
  };
  return destination ? pino(options, destination) : pino(options);
}
