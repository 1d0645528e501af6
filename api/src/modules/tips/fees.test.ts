import { describe, expect, it } from 'vitest';
import { platformFeePaise } from './fees.ts';

const LINE = 25_000_00;

describe('platform fee (Starter 0% to ₹25,000 lifetime, Pro 2.9% above)', () => {
  it('charges nothing inside the free tier, including a tip that ends exactly on the line', () => {
    expect(platformFeePaise(0, 10_000)).toBe(0);
    expect(platformFeePaise(LINE - 10_000, 10_000)).toBe(0);
  });

  it('charges 2.9% on every tip above the line', () => {
    expect(platformFeePaise(LINE, 10_000)).toBe(290);
    expect(platformFeePaise(LINE * 3, 100)).toBe(3); // 2.9 paise → 3
  });

  it('splits a tip that crosses the line, exact to the paisa', () => {
    // ₹24,900 before; a ₹500 tip: ₹100 free, ₹400 at 2.9% = ₹11.60
    expect(platformFeePaise(LINE - 10_000, 50_000)).toBe(1_160);
    // 1 paisa before the line, ₹1 tip: 99 paise at 2.9% = 2.871 → 3
    expect(platformFeePaise(LINE - 1, 100)).toBe(3);
  });
});
