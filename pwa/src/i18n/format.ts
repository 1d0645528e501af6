import { formatPaise, formatRupees } from '@shabaash/shared/core';
import { i18n } from '@lingui/core';
import { INTL_LOCALE, type Language } from './language.ts';

/**
 * The one place screens format numbers, money, dates and relative times: Indian digit grouping through
 * Intl in both languages (₹1,00,000.00), dates and times in IST. Each function takes the language, defaulting to
 * the active one, so a component that re-renders on a language change (useT) formats in the new language.
 */
const IST = 'Asia/Kolkata';

const active = (): Language => (i18n.locale === 'hi' ? 'hi' : 'en');

/** Paise as rupees: 10000000 → "₹1,00,000.00" (written the same in both languages: shared/money.ts). */
export const money = (paise: number) => formatPaise(paise);

/** A wire rupee amount: 1234.5 → "₹1,234.50". */
export const rupees = (amount: number) => formatRupees(amount);

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function memo<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

/** A count with Indian grouping: 12345678 → "1,23,45,678". */
export const count = (value: number, language: Language = active()) =>
  memo(`n:${language}`, () => new Intl.NumberFormat(INTL_LOCALE[language])).format(value);

const dateStyles = {
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  dateTimeSeconds: { dateStyle: 'medium', timeStyle: 'medium' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof dateStyles;

/** A date and/or time in IST: "25 Nov 2026, 9:55 am" (en) or "25 नव॰ 2026, 9:55 am" (hi). */
export function dateTime(value: string | number | Date, style: DateStyle = 'dateTime', language = active()) {
  const formatter = memo(
    `d:${language}:${style}`,
    () => new Intl.DateTimeFormat(INTL_LOCALE[language], { ...dateStyles[style], timeZone: IST }),
  );
  return formatter.format(new Date(value));
}

/**
 * How long ago, as the spec words it: "just now" under a minute, then minutes, then hours ("5 minutes ago",
 * "5 मिनट पहले"; Intl words the units, the catalogue "just now").
 */
export function relativeTime(value: string | number | Date, now = Date.now(), language = active()): string {
  const seconds = Math.max(0, Math.floor((now - new Date(value).getTime()) / 1000));
  if (seconds < 60) return i18n._({ id: 'time.justNow' });
  const formatter = memo(
    `r:${language}`,
    () => new Intl.RelativeTimeFormat(INTL_LOCALE[language], { numeric: 'always' }),
  );
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return formatter.format(-minutes, 'minute');
  return formatter.format(-Math.floor(minutes / 60), 'hour');
}
