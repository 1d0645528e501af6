import { describe, expect, it } from 'vitest';
import { numberOrNaN, parseRupeeAmount } from './amount.ts';

describe('parseRupeeAmount', () => {
  it('reads a positive rupee amount and refuses blanks, words, zero, negatives and infinity', () => {
    expect(parseRupeeAmount(' 250.50 ')).toBe(250.5);
    for (const bad of ['', '  ', 'ten', '0', '-5', 'Infinity', '1e400'])
      expect(parseRupeeAmount(bad)).toBeNull();
  });

  it('applies a minimum when given', () => {
    expect(parseRupeeAmount('0.5')).toBe(0.5);
    expect(parseRupeeAmount('0.5', 1)).toBeNull();
    expect(parseRupeeAmount('1', 1)).toBe(1);
  });
});

describe('numberOrNaN', () => {
  it('reads a typed number and turns a blank or junk into NaN for the schema to report', () => {
    expect(numberOrNaN(' 25.5 ')).toBe(25.5);
    expect(numberOrNaN('0')).toBe(0);
    for (const bad of ['', '   ', 'ten']) expect(numberOrNaN(bad)).toBeNaN();
  });
});
