import {
  MESSAGES,
  PAYOUT_MESSAGES,
  PROVIDER_REASONS,
  SAFETY_MESSAGES,
  STATUS_TEXTS,
  VALIDATION_MESSAGES,
  type ErrorCode,
} from '@shabaash/shared';
import { currentLanguage, translate, type MessageKey, type MessageValues } from './i18n.tsx';

/**
 * Server and shared texts in the chosen language. The API's error envelope carries `{ message, code }`, and the
 * shared text tables (MESSAGES, SAFETY_MESSAGES, VALIDATION_MESSAGES, PAYOUT_MESSAGES, STATUS_TEXTS, PROVIDER_REASONS)
 * are English. English shows the text as it is (SPEC's words); Hindi shows the catalogue text of that exact message
 * (`msg.<name>`, `safety.<name>`, `validation.<name>`, `payouts.message.<name>`, `status.<name>`, `provider.<name>`),
 * with the values read back out of a message that has `{placeholders}` (a value that is itself a shared text, such
 * as a field's name, in the chosen language too), else the text of its code, else the server's own words.
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

/** Every shared English message as a `{placeholder}` template, by catalogue key. */
export function sharedTemplates(): Array<[MessageKey, string]> {
  const { minimumTip, messageTooLong, ...safety } = SAFETY_MESSAGES;
  const tables: Array<[string, Record<string, string>]> = [
    ['msg', MESSAGES],
    [
      'safety',
      {
        ...safety,
        minimumTip: minimumTip('{amount}'),
        messageTooLong: messageTooLong('{max}' as unknown as number),
      },
    ],
    ['validation', VALIDATION_MESSAGES],
    ['payouts.message', PAYOUT_MESSAGES],
    ['status', STATUS_TEXTS],
    ['provider', PROVIDER_REASONS],
  ];
  return tables.flatMap(([prefix, table]) =>
    Object.entries(table).map(
      ([name, text]) => [`${prefix}.${name}` as MessageKey, text] as [MessageKey, string],
    ),
  );
}

interface Lookup {
  exact: Map<string, MessageKey>;
  patterns: Array<{ pattern: RegExp; key: MessageKey; names: string[] }>;
}
let lookup: Lookup | null = null;

function buildLookup(): Lookup {
  const exact = new Map<string, MessageKey>();
  const patterns: Lookup['patterns'] = [];
  for (const [key, template] of sharedTemplates()) {
    const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    if (names.length === 0) {
      if (!exact.has(template)) exact.set(template, key);
      continue;
    }
    const source = template
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('(.+?)');
    patterns.push({ pattern: new RegExp(`^${source}$`), key, names });
  }
  return { exact, patterns };
}

/** The catalogue key and values of a shared English message, or null when the text is none of them. */
export function sharedMessageKey(text: string): { key: MessageKey; values?: MessageValues } | null {
  lookup ??= buildLookup();
  const key = lookup.exact.get(text);
  if (key) return { key };
  for (const { pattern, key: patternKey, names } of lookup.patterns) {
    const match = pattern.exec(text);
    if (match)
      return { key: patternKey, values: Object.fromEntries(names.map((n, i) => [n, match[i + 1]!])) };
  }
  return null;
}

/** A server or shared English text (with its error code, when it is one) in the chosen language. */
export function localizeText(text: string, code?: string): string {
  if (currentLanguage() === 'en') return text;
  const found = sharedMessageKey(text);
  if (found) {
    const values = found.values
      ? Object.fromEntries(
          Object.entries(found.values).map(([name, value]) => [name, localizeText(String(value))]),
        )
      : undefined;
    return translate(found.key, values);
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
