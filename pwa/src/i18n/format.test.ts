import { describe, expect, it } from 'vitest';
import { count, dateTime, money, relativeTime, rupees } from './format.ts';
import { activateLanguage } from './i18n.tsx';

describe('formats (Indian grouping, IST)', () => {
  it('groups money in lakhs and crores in both languages', async () => {
    for (const language of ['en', 'hi'] as const) {
      await activateLanguage(language);
      expect(money(10_000_000)).toBe('₹1,00,000.00'); // one lakh rupees
      expect(money(1_000_000_000)).toBe('₹1,00,00,000.00'); // one crore
      expect(money(123_456_789_05)).toBe('₹12,34,56,789.05');
      expect(rupees(1234.5)).toBe('₹1,234.50');
      expect(count(12_345_678, language)).toBe('1,23,45,678');
    }
  });

  it('writes dates and times in IST, in English or Hindi', () => {
    const instant = '2026-11-24T20:00:00Z'; // 01:30 on 25 Nov in India
    expect(dateTime(instant, 'date', 'en')).toBe('25 Nov 2026');
    expect(dateTime(instant, 'time', 'en')).toBe('1:30 am');
    expect(dateTime(instant, 'date', 'hi')).toMatch(/^25 नव/);
  });

  it('says how long ago in the active language', async () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    await activateLanguage('en');
    expect(relativeTime(now - 20_000, now)).toBe('just now');
    expect(relativeTime(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(relativeTime(now - 60 * 60_000, now)).toBe('1 hour ago');
    await activateLanguage('hi');
    expect(relativeTime(now - 20_000, now)).toBe('अभी-अभी');
    expect(relativeTime(now - 5 * 60_000, now)).toBe('5 मिनट पहले');
    expect(relativeTime(now - 2 * 60 * 60_000, now)).toBe('2 घंटे पहले');
    await activateLanguage('en');
  });
});
