import fc from 'fast-check';
import type { Tds194oSettings } from '@shabaash/shared';
import { describe, expect, it } from 'vitest';
import {
  financialYearOf,
  fyQuarterBounds,
  fyQuarterOf,
  panKindOf,
  payoutDeduction,
  reversalGiveBack,
  yearDeductionPaise,
  type PanKind,
} from './tds.ts';

/** 0.1% with a PAN, 5% without, ₹5,00,000 exemption for individuals: the settings OPERATIONS.md describes. */
const LAW = { rateBasisPoints: 10, noPanRateBasisPoints: 500, exemptBelowPaise: 50_000_000 };
const rupees = (r: number) => Math.round(r * 100);
const UNCAPPED = Number.MAX_SAFE_INTEGER;

/** Runs a year's payouts (gross paise each) and returns what each deducted. */
function runYear(kind: PanKind, grosses: number[], settings: Tds194oSettings = LAW): number[] {
  let yearGross = 0;
  let withheld = 0;
  return grosses.map((g) => {
    const d = payoutDeduction(settings, kind, {
      yearGrossBeforePaise: yearGross,
      grossPaise: g,
      withheldBeforePaise: withheld,
      maxDeductPaise: UNCAPPED,
    });
    yearGross = d.yearGrossPaise;
    withheld += d.deductPaise;
    return d.deductPaise;
  });
}

describe('194-O TDS arithmetic', () => {
  it('computes the worked example of OPERATIONS.md: ₹6,00,000 to an individual with a PAN, crossing ₹5,00,000 in October', () => {
    // April–September: six payouts of ₹80,000 (₹4,80,000: within the exemption, nothing deducted).
    // 15 Oct ₹45,000 → year ₹5,25,000 exceeds ₹5,00,000: 0.1% of the WHOLE ₹5,25,000 = ₹525, all on this payout.
    // 15 Nov ₹30,500 → year ₹5,55,500: ₹555.50 rounds (50 paise up) to ₹556, so ₹556 − ₹525 = ₹31.
    // 15 Dec ₹44,500 → year ₹6,00,000: ₹600, so ₹600 − ₹556 = ₹44.
    const grosses = [...Array<number>(6).fill(80_000), 45_000, 30_500, 44_500].map(rupees);
    const deducted = runYear('individual', grosses);
    expect(deducted).toEqual([0, 0, 0, 0, 0, 0, 52_500, 3_100, 4_400]);
    expect(deducted.reduce((s, d) => s + d, 0)).toBe(rupees(600));
    // The December tips refunded: the year falls back to ₹5,55,500 (₹556 owed), so ₹44 of the ₹600 comes back.
    expect(
      reversalGiveBack(LAW, 'individual', {
        yearGrossAfterPaise: rupees(555_500),
        withheldPaise: rupees(600),
        reversalPaise: rupees(44_500),
      }),
    ).toBe(rupees(44));
  });

  it('rounds the year figure to the nearest rupee: 50 paise up, 49 paise down', () => {
    expect(yearDeductionPaise(LAW, 'other', rupees(1_500))).toBe(rupees(2)); // ₹1.50 → ₹2
    expect(yearDeductionPaise(LAW, 'other', rupees(1_490))).toBe(rupees(1)); // ₹1.49 → ₹1
    expect(yearDeductionPaise(LAW, 'other', rupees(499))).toBe(0); // ₹0.499 → ₹0
  });

  it('exempts an individual or HUF with a PAN up to and including the exemption, and nobody else', () => {
    expect(yearDeductionPaise(LAW, 'individual', rupees(500_000))).toBe(0);
    expect(yearDeductionPaise(LAW, 'individual', rupees(500_000.01))).toBe(rupees(500));
    expect(yearDeductionPaise(LAW, 'other', rupees(100_000))).toBe(rupees(100)); // a company's PAN
    expect(yearDeductionPaise(LAW, 'none', rupees(100_000))).toBe(rupees(5_000)); // 5% without a PAN
    expect(panKindOf('ABCPV1234K')).toBe('individual');
    expect(panKindOf('ABCHV1234K')).toBe('individual');
    expect(panKindOf('ABCCV1234K')).toBe('other');
    expect(panKindOf('ABCPV1234')).toBe('none');
    expect(panKindOf(null)).toBe('none');
  });

  it('gives back a reversal’s part of the deduction: ₹6,00,000 less a ₹20,000 refund owes ₹580', () => {
    expect(
      reversalGiveBack(LAW, 'individual', {
        yearGrossAfterPaise: rupees(580_000),
        withheldPaise: rupees(600),
        reversalPaise: rupees(18_000),
      }),
    ).toBe(rupees(20));
    // Back under the exemption: everything deducted returns (never more than the reversal itself).
    expect(
      reversalGiveBack(LAW, 'individual', {
        yearGrossAfterPaise: rupees(490_000),
        withheldPaise: rupees(510),
        reversalPaise: rupees(20_000),
      }),
    ).toBe(rupees(510));
  });

  it('a refund that brings the year back within the exemption gives back what it can, the next payout the rest', () => {
    // ₹5,00,100 paid: ₹500 withheld. A ₹200 tip (₹180 after the fee) is refunded: the year is ₹4,99,900, within
    // ₹5,00,000, so nothing is owed; the reversal gives back its ₹180, the remaining ₹320 comes with the next payout.
    const back = reversalGiveBack(LAW, 'individual', {
      yearGrossAfterPaise: rupees(499_900),
      withheldPaise: rupees(500),
      reversalPaise: rupees(180),
    });
    expect(back).toBe(rupees(180));
    const next = payoutDeduction(LAW, 'individual', {
      yearGrossBeforePaise: rupees(499_900),
      grossPaise: rupees(50),
      withheldBeforePaise: rupees(500) - back,
      maxDeductPaise: UNCAPPED,
    });
    expect(next.deductPaise).toBe(-rupees(320)); // ₹4,99,950: still within, so ₹320 added to the ₹50 payout
  });

  it('caps a deduction at what the payout carries and takes the rest with the next payout', () => {
    const first = payoutDeduction(LAW, 'individual', {
      yearGrossBeforePaise: rupees(499_900),
      grossPaise: rupees(200),
      withheldBeforePaise: 0,
      maxDeductPaise: rupees(179), // ₹200 tip less its fee, less Razorpay's ₹1 minimum
    });
    expect(first.deductPaise).toBe(rupees(179)); // of ₹500 owed
    const next = payoutDeduction(LAW, 'individual', {
      yearGrossBeforePaise: first.yearGrossPaise,
      grossPaise: rupees(10_000),
      withheldBeforePaise: first.deductPaise,
      maxDeductPaise: UNCAPPED,
    });
    expect(next.deductPaise).toBe(rupees(510 - 179)); // ₹5,10,100 → ₹510
  });

  it('places instants in the Indian financial year and its quarters, IST', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe(2026); // 23:59:59 IST, 31 March
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe(2027); // 00:00 IST, 1 April
    expect(fyQuarterOf(new Date('2026-04-01T00:00:00+05:30'))).toBe(1);
    expect(fyQuarterOf(new Date('2026-12-31T23:59:00+05:30'))).toBe(3);
    expect(fyQuarterOf(new Date('2027-02-01T00:00:00+05:30'))).toBe(4);
    expect(fyQuarterBounds(2026, 4)).toEqual({
      from: new Date('2027-01-01T00:00:00+05:30'),
      to: new Date('2027-04-01T00:00:00+05:30'),
    });
  });
});

describe('194-O TDS arithmetic (property)', () => {
  const kind = fc.constantFrom('individual' as const, 'other' as const, 'none' as const);
  const payouts = fc.array(fc.integer({ min: 100, max: 20_000_000 }), { minLength: 1, maxLength: 40 });
  const settings: fc.Arbitrary<Tds194oSettings> = fc.record({
    rateBasisPoints: fc.integer({ min: 1, max: 500 }),
    noPanRateBasisPoints: fc.integer({ min: 1, max: 2000 }),
    exemptBelowPaise: fc.option(fc.integer({ min: 0, max: 100_000_000 }), { nil: null }),
  });

  it('the sum of a year’s payout deductions is the deduction on the year’s total, in whole rupees', () => {
    fc.assert(
      fc.property(settings, kind, payouts, (s, k, grosses) => {
        const deducted = runYear(k, grosses, s);
        const total = grosses.reduce((a, g) => a + g, 0);
        expect(deducted.reduce((a, d) => a + d, 0)).toBe(yearDeductionPaise(s, k, total));
        for (const d of deducted) {
          expect(d % 100).toBe(0);
          expect(d).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('reversals give back the deduction on their part, and the next payout settles the year exactly', () => {
    fc.assert(
      fc.property(
        settings,
        kind,
        payouts,
        fc.array(fc.nat()),
        fc.integer({ min: 100, max: 1_000_000 }),
        (s, k, grosses, picks, nextGross) => {
          const deducted = runYear(k, grosses, s);
          let total = grosses.reduce((a, g) => a + g, 0);
          let withheld = deducted.reduce((a, d) => a + d, 0);
          const left = [...grosses];
          for (const pick of picks) {
            const i = pick % left.length;
            const part = Math.floor(((left[i] ?? 0) * ((pick % 100) + 1)) / 100);
            left[i] = (left[i] ?? 0) - part;
            total -= part;
            const back = reversalGiveBack(s, k, {
              yearGrossAfterPaise: total,
              withheldPaise: withheld,
              reversalPaise: part,
            });
            expect(back).toBeGreaterThanOrEqual(0);
            expect(back).toBeLessThanOrEqual(part);
            withheld -= back;
            // Never less than the year owes: a reversal returns only an excess.
            expect(withheld).toBeGreaterThanOrEqual(yearDeductionPaise(s, k, total));
          }
          // The next payout deducts (or gives back) the difference: the year's withheld is then exactly its figure.
          const next = payoutDeduction(s, k, {
            yearGrossBeforePaise: total,
            grossPaise: nextGross,
            withheldBeforePaise: withheld,
            maxDeductPaise: UNCAPPED,
          });
          expect(withheld + next.deductPaise).toBe(yearDeductionPaise(s, k, total + nextGross));
        },
      ),
    );
  });
});
