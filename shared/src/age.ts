/**
 * Age and the calendar of India (IST, UTC+05:30 all year): a viewer's age on a day, today's date in India, and the
 * start of the calendar month a minor's spending cap counts. Dates of birth are `YYYY-MM-DD` strings (no time, no
 * zone): a birthday is a day in India, whatever the server's clock zone.
 */

/** India's offset from UTC: no daylight saving. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The earliest date of birth accepted (older than any living person). */
export const EARLIEST_DATE_OF_BIRTH = '1900-01-01';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` as numbers, or null when it is not a real day of the Gregorian calendar (2025-02-29 is not). */
export function parseCalendarDate(value: string): { year: number; month: number; day: number } | null {
  const match = DATE_RE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day)
    return null;
  return { year, month, day };
}

/** The date in India at `now`, as `YYYY-MM-DD`. */
export function istDate(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * Whole years of age on `today` of someone born on `dateOfBirth` (both `YYYY-MM-DD`): the birthday counts from its
 * first day. Someone born on 29 February turns a year older on 1 March in a common year.
 */
export function ageOn(dateOfBirth: string, today: string): number {
  const born = parseCalendarDate(dateOfBirth);
  const on = parseCalendarDate(today);
  if (!born || !on) throw new Error('ageOn: dates are YYYY-MM-DD');
  const hadBirthday = on.month > born.month || (on.month === born.month && on.day >= born.day);
  return on.year - born.year - (hadBirthday ? 0 : 1);
}

/** The instant the calendar month in India that contains `now` began (the 1st, 00:00 IST). */
export function istMonthStart(now: Date): Date {
  const [year, month] = istDate(now).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1, 1) - IST_OFFSET_MS);
}

/** The day (`YYYY-MM-DD`) someone born on `dateOfBirth` turns `years` old (29 February → 1 March). */
export function birthdayAt(dateOfBirth: string, years: number): string {
  const born = parseCalendarDate(dateOfBirth);
  if (!born) throw new Error('birthdayAt: date is YYYY-MM-DD');
  return new Date(Date.UTC(born.year + years, born.month - 1, born.day)).toISOString().slice(0, 10);
}
