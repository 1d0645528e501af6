import { MESSAGES, SAFETY_MESSAGES, type ErrorCode } from '@shabaash/shared';
import { currentLanguage, translate, type MessageKey } from './i18n.tsx';

/**
 * Server and shared texts in the chosen language. The API's error envelope carries `{ message, code }`, and the
 * shared MESSAGES / SAFETY_MESSAGES are English. English shows the text as it is (SPEC's words); Hindi shows the
 * catalogue text of that exact message (`msg.<name>` / `safety.<name>`, with its placeholders), else the text of its
 * code, else the server's own words.
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

/** Shared messages with a value inside: the English pattern, its catalogue key and the placeholder's name. */
const SENTINEL = '\u0000';
const PATTERNS: ReadonlyArray<[RegExp, MessageKey, string]> = [
  [SAFETY_MESSAGES.minimumTip(SENTINEL), 'safety.minimumTip' as const, 'amount'] as const,
  [
    SAFETY_MESSAGES.messageTooLong(SENTINEL as unknown as number),
    'safety.messageTooLong' as const,
    'max',
  ] as const,
].map(([english, key, name]) => {
  const [before = '', after = ''] = english
    .split(SENTINEL)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return [new RegExp(`^${before}(.+)${after}$`), key, name];
});

let byText: Map<string, MessageKey> | null = null;
function keyOfText(text: string): MessageKey | undefined {
  byText ??= new Map([
    ...Object.entries(MESSAGES).map(([name, message]) => [message, `msg.${name}`] as [string, MessageKey]),
    ...Object.entries(SAFETY_MESSAGES as Record<string, unknown>)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([name, message]) => [message, `safety.${name}`] as [string, MessageKey]),
  ]);
  return byText.get(text);
}

/** A server or shared English text (with its error code, when it is one) in the chosen language. */
export function localizeText(text: string, code?: string): string {
  if (currentLanguage() === 'en') return text;
  const key = keyOfText(text);
  if (key) return translate(key);
  for (const [pattern, patternKey, name] of PATTERNS) {
    const value = pattern.exec(text)?.[1];
    if (value !== undefined) return translate(patternKey, { [name]: value });
  }
  const codeKey = code ? BY_CODE[code as ErrorCode] : undefined;
  return codeKey ? translate(codeKey) : text;
}

/** The text to show for a failure `{ message, code }` (an ApiError, or any Error), else the fallback's. */
export function errorText(error: unknown, fallback: string = translate('error.generic')): string {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  if (typeof message === 'string' && message)
    return localizeText(message, typeof code === 'string' ? code : undefined);
  return localizeText(fallback);
}
