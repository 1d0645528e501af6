import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPaise,
  formatRupees,
  hasAtMostTwoDecimals,
  paiseToRupees,
  percentOfPaise,
  rupeesToPaise,
} from './money.ts';

describe('money helpers', () => {
  it.each([
    [0.01, 1],
    [1, 100],
    [1.005, 101],
    [0.1 + 0.2, 30],
    [99.99, 9999],
    [100000, 10_000_000],
    [-2.5, -250],
  ])('rupeesToPaise(%s) = %s', (rupees, paise) => {
    expect(rupeesToPaise(rupees)).toBe(paise);
  });

  it('rejects non-finite rupees and fractional paise', () => {
    expect(() => rupeesToPaise(Number.NaN)).toThrow();
    expect(() => rupeesToPaise(Infinity)).toThrow();
    expect(() => paiseToRupees(1.5)).toThrow();
  });

  it('round-trips paise to rupees', () => {
    expect(paiseToRupees(1)).toBe(0.01);
    expect(paiseToRupees(12345)).toBe(123.45);
    expect(rupeesToPaise(paiseToRupees(987654321))).toBe(987654321);
  });

  it('formats with en-IN grouping and two decimals', () => {
    expect(formatPaise(1)).toBe('₹0.01');
    expect(formatPaise(10_000_000)).toBe('₹1,00,000.00');
    expect(formatPaise(123450)).toBe('₹1,234.50');
    expect(formatRupees(99)).toBe('₹99.00');
    expect(formatRupees(2500000)).toBe('₹25,00,000.00');
  });

  it('writes exactly what Intl writes for INR in en-IN and hi-IN, for any amount', () => {
    const intl = ['en-IN', 'hi-IN'].map(
      (locale) =>
        new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: 'INR',
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }),
    );
    const edges = [0, 1, 99, 100, 99_999, 100_000, 9_999_999, 10_000_000, -1, -5000, -12_345_678, 10 ** 13];
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...edges), fc.integer({ min: -(10 ** 13), max: 10 ** 13 })),
        (paise) => {
          for (const f of intl) expect(formatPaise(paise)).toBe(f.format(paise / 100));
        },
      ),
      { numRuns: 2000 },
    );
    expect(formatPaise(-5000)).toBe('-₹50.00');
    // Past ~10^15 paise Intl's rupee float loses the last paisa; integer paise do not.
    expect(formatPaise(Number.MAX_SAFE_INTEGER)).toBe('₹9,00,71,99,25,47,409.91');
    expect(() => formatPaise(0.5)).toThrow(RangeError);
  });

  it('knows whole paise', () => {
    expect(hasAtMostTwoDecimals(10.25)).toBe(true);
    expect(hasAtMostTwoDecimals(10.255)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
  });

  it('computes basis points with half-up rounding to the paisa', () => {
    expect(percentOfPaise(10000, 290)).toBe(290); // 2.9% of ₹100
    expect(percentOfPaise(150, 290)).toBe(4); // 4.35 → 4
    expect(percentOfPaise(1000, 5)).toBe(1); // 0.5 → 1
    expect(percentOfPaise(100, 100)).toBe(1);
  });
});

describe('paise stay exact integers', () => {
  it('refuses conversions beyond Number.MAX_SAFE_INTEGER paise', () => {
    expect(() => rupeesToPaise(1e15)).toThrow(RangeError);
    expect(rupeesToPaise(90_071_992_547_409.91)).toBe(9_007_199_254_740_991);
    expect(() => paiseToRupees(2 ** 53)).toThrow(RangeError);
  });
});
