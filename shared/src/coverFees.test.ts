import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.ts';
import { coverFeesTotalPaise, platformFeePaise } from './coverFees.ts';

const PRO = { lifetimeGrossPaise: 30_000_00 };
const STARTER = { lifetimeGrossPaise: 0 };

describe('covering the fees of a tip', () => {
  it('a ₹100 tip to a Pro creator (2.9%): the donor pays ₹102.99, the fee is ₹2.99, the creator nets ₹100.00', () => {
    expect(coverFeesTotalPaise(100_00, PRO)).toBe(102_99);
    expect(platformFeePaise(102_99, PRO)).toBe(2_99);
    // One paisa less would leave the creator ₹99.99 (the fee on ₹102.98 is still ₹2.99).
    expect(102_98 - platformFeePaise(102_98, PRO)).toBe(99_99);
  });

  it('a ₹500 tip to a Pro creator: ₹514.93 (fee ₹14.93), net ₹500.00', () => {
    expect(coverFeesTotalPaise(500_00, PRO)).toBe(514_93);
    expect(platformFeePaise(514_93, PRO)).toBe(14_93);
  });

  it('a Starter creator inside the free tier takes no fee: covering adds nothing', () => {
    expect(coverFeesTotalPaise(100_00, STARTER)).toBe(100_00);
    expect(coverFeesTotalPaise(100_00, { lifetimeGrossPaise: 24_900_00 })).toBe(100_00);
  });

  it('a tip that crosses ₹25,000 pays the fee only on the part above it: ₹100 from ₹24,999.50 costs ₹102.97', () => {
    const tier = { lifetimeGrossPaise: 24_999_50 };
    expect(coverFeesTotalPaise(100_00, tier)).toBe(102_97);
    expect(platformFeePaise(102_97, tier)).toBe(2_97); // 2.9% of ₹102.47, rounded half up
  });

  it('the one-rupee minimum to a Pro creator: ₹1.03 (fee ₹0.03)', () => {
    expect(coverFeesTotalPaise(1_00, PRO)).toBe(1_03);
  });

  it('is the smallest total whose creator net reaches the intended amount, for any amount and lifetime gross', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: LIMITS.amountMaxRupees * 100 }),
        fc.integer({ min: 0, max: 2 * LIMITS.starterFreeTierPaise }),
        (intended, gross) => {
          const tier = { lifetimeGrossPaise: gross };
          const total = coverFeesTotalPaise(intended, tier);
          expect(Number.isInteger(total)).toBe(true);
          expect(total - platformFeePaise(total, tier)).toBeGreaterThanOrEqual(intended);
          expect(total - 1 - platformFeePaise(total - 1, tier)).toBeLessThan(intended);
          // Never more than the Pro rate on the whole amount, plus a paisa of rounding.
          expect(total - intended).toBeLessThanOrEqual(Math.ceil((intended * 290) / 9710) + 1);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
