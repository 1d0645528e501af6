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

describe('paise stay exact integers (issue 19 finding 5)', () => {
  it('refuses conversions beyond Number.MAX_SAFE_INTEGER paise', () => {
    expect(() => rupeesToPaise(1e15)).toThrow(RangeError);
    expect(rupeesToPaise(90_071_992_547_409.91)).toBe(9_007_199_254_740_991);
    expect(() => paiseToRupees(2 ** 53)).toThrow(RangeError);
  });
});
