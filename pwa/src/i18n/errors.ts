import { MESSAGES, SAFETY_MESSAGES, type ErrorCode } from '@shabaash/shared';
import { currentLanguage, translate, type MessageKey } from './i18n.tsx';

/**
 * Server errors in the chosen language. The API's envelope carries `{ message, code }`: English shows the server's
 * own message (SPEC's texts, word for word); Hindi shows the catalogue text of that exact message when it is one
 * of the shared MESSAGES / SAFETY_MESSAGES (catalogue keys `msg.<name>` / `safety.<name>`), else the text of its
 * code, else the server's message.
 */
const BY_CODE: Partial<Record<ErrorCode, MessageKey>> = {
  UNAUTHENTICATED: 'error.code.UNAUTHENTICATED',
  FORBIDDEN: 'error.code.FORBIDDEN',
  NOT_FOUND: 'error.code.NOT_FOUND',
  CONFLICT: 'error.code.CONFLICT',
  PAYLOAD_TOO_LARGE: 'error.code.PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'error.code.RATE_LIMITED',
  UPSTREAM_FAILED: 'error.code.UPSTREAM_FAILED',
  UNAVAILABLE: 'error.code.UNAVAILABLE',
  INTERNAL: 'error.code.INTERNAL',
};

let byText: Map<string, MessageKey> | null = null;
function keyOfServerText(text: string): MessageKey | undefined {
  byText ??= new Map([
    ...Object.entries(MESSAGES).map(([name, message]) => [message, `msg.${name}`] as [string, MessageKey]),
    ...Object.entries(SAFETY_MESSAGES as Record<string, unknown>)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([name, message]) => [message, `safety.${name}`] as [string, MessageKey]),
  ]);
  return byText.get(text);
}

/** The text to show for a failure `{ message, code }` (an ApiError, or anything with a message). */
export function errorText(error: unknown, fallback: MessageKey = 'error.generic'): string {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  const serverText = typeof message === 'string' && message ? message : null;
  if (currentLanguage() === 'en') return serverText ?? translate(fallback);
  const key =
    (serverText ? keyOfServerText(serverText) : undefined) ??
    (typeof code === 'string' ? BY_CODE[code as ErrorCode] : undefined);
  if (key) return translate(key);
  return serverText ?? translate(fallback);
}
