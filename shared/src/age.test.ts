import { describe, expect, it } from 'vitest';
import { ageOn, birthdayAt, istDate, istMonthStart, parseCalendarDate } from './age.ts';
import { MESSAGES } from './messages.ts';
import { dateOfBirthSchema, guestOrderInputSchema } from './schemas.ts';

describe('age in India', () => {
  it('turns 16 on the birthday itself, not the day before', () => {
    expect(ageOn('2010-11-28', '2026-11-27')).toBe(15);
    expect(ageOn('2010-11-28', '2026-11-28')).toBe(16);
    expect(ageOn('2010-11-28', '2026-12-31')).toBe(16);
    expect(ageOn('2008-11-28', '2026-11-27')).toBe(17);
    expect(ageOn('2008-11-28', '2026-11-28')).toBe(18);
  });

  it('someone born on 29 February turns a year older on 1 March in a common year, on 29 February in a leap year', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-28')).toBe(19);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
    expect(birthdayAt('2008-02-29', 18)).toBe('2026-03-01');
    expect(birthdayAt('2010-11-28', 18)).toBe('2028-11-28');
  });

  it('the day changes at midnight IST, 18:30 UTC the evening before', () => {
    expect(istDate(new Date('2026-11-27T18:29:59.999Z'))).toBe('2026-11-27');
    expect(istDate(new Date('2026-11-27T18:30:00.000Z'))).toBe('2026-11-28');
    // So a viewer born on 28 November 2010 is 15 at 23:59 IST on the 27th and 16 a minute later.
    expect(ageOn('2010-11-28', istDate(new Date('2026-11-27T18:29:00Z')))).toBe(15);
    expect(ageOn('2010-11-28', istDate(new Date('2026-11-27T18:30:00Z')))).toBe(16);
  });

  it('the cap month starts on the 1st at 00:00 IST', () => {
    // 23:59:59 IST on 30 November is still November: the month began at 00:00 IST on 1 November.
    expect(istMonthStart(new Date('2026-11-30T18:29:59Z')).toISOString()).toBe('2026-10-31T18:30:00.000Z');
    // One second later it is 1 December in India, though still 30 November in UTC.
    expect(istMonthStart(new Date('2026-11-30T18:30:00Z')).toISOString()).toBe('2026-11-30T18:30:00.000Z');
    expect(istMonthStart(new Date('2027-01-01T00:00:00Z')).toISOString()).toBe('2026-12-31T18:30:00.000Z');
  });

  it('a date of birth is a real calendar day between 1900 and today in India', () => {
    expect(parseCalendarDate('2025-02-29')).toBeNull();
    expect(parseCalendarDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseCalendarDate('2010-13-01')).toBeNull();
    expect(parseCalendarDate('10-05-2010')).toBeNull();
    const tomorrow = istDate(new Date(Date.now() + 86_400_000));
    for (const bad of ['2025-02-29', '1899-12-31', tomorrow, '2010-5-31', ''])
      expect(dateOfBirthSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe(
        MESSAGES.dateOfBirthInvalid,
      );
    for (const good of ['2010-05-31', '1900-01-01', istDate(new Date())])
      expect(dateOfBirthSchema.safeParse(good).success, good).toBe(true);
  });

  it('a guest order needs the payer to affirm 18 or over, or a parent’s permission', () => {
    const missing = guestOrderInputSchema.safeParse({ amount: 5 });
    expect(missing.error?.issues[0]?.message).toBe(MESSAGES.guestAgeConfirmRequired);
    expect(guestOrderInputSchema.safeParse({ amount: 5, ageConfirmed: false }).success).toBe(false);
    expect(guestOrderInputSchema.safeParse({ amount: 5, ageConfirmed: true }).success).toBe(true);
  });
});
