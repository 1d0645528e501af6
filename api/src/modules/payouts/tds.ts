import type { Tds194oSettings } from '@shabaash/shared';

/**
 * Section 194-O TDS on creator payouts (docs/OPERATIONS.md, "Tax withheld at payout"), as pure arithmetic.
 *
 * - The base is the GROSS of the tips a payout carries (what viewers paid, platform fee included: 194-O(1) taxes
 *   the gross amount of the sales or services the platform facilitates, and the operator's own fee is not taken
 *   off it), less what refunds and lost disputes took back of those tips.
 * - The deduction is computed on the creator's whole financial year (1 April–31 March, IST): each payout deducts
 *   the year's deduction on the year's base including it, less what the year's earlier payouts deducted. So the
 *   sum over a year's payouts is exactly the deduction on the year's total.
 * - Rounding (section 288B): the year's deduction is rounded to the nearest rupee, 50 paise and more up, less
 *   than 50 paise down. Because each payout deducts a difference of two rounded year figures, every deduction is
 *   a whole number of rupees and the year's sum carries one rounding, never one per payout.
 * - Exemption (194-O(2)): an individual or a Hindu undivided family (the PAN's 4th character `P` or `H`) that
 *   furnished its PAN owes nothing while the year's gross does not exceed `exemptBelowPaise`; once it exceeds
 *   it, the deduction is on the year's WHOLE gross (the condition is on the year's gross, not on a slice), so
 *   the payout that crosses it deducts the catch-up.
 * - Rate: `rateBasisPoints` with a valid PAN, `noPanRateBasisPoints` without one (section 206AA(1A)).
 */

/** What the creator furnished: a valid PAN of an individual or HUF, a valid PAN of anyone else, or none. */
export type PanKind = 'individual' | 'other' | 'none';

/** A PAN's shape: five letters, four digits, a letter (the 4th letter is the holder's status). */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** The kind of a stored PAN (`null`: none furnished; a malformed one counts as none). */
export function panKindOf(pan: string | null | undefined): PanKind {
  if (!pan || !PAN_PATTERN.test(pan)) return 'none';
  return pan[3] === 'P' || pan[3] === 'H' ? 'individual' : 'other';
}

/** The rate (basis points) for a creator whose PAN is of `kind`. */
export function tdsRateOf(settings: Tds194oSettings, kind: PanKind): number {
  return kind === 'none' ? settings.noPanRateBasisPoints : settings.rateBasisPoints;
}

/**
 * The deduction (paise, a whole number of rupees) on a financial year's gross `yearGrossPaise`: zero while an
 * individual with a PAN is within the exemption, else rate × the whole year's gross, rounded to the nearest
 * rupee (50 paise up).
 */
export function yearDeductionPaise(settings: Tds194oSettings, kind: PanKind, yearGrossPaise: number): number {
  if (yearGrossPaise <= 0) return 0;
  const exempt = settings.exemptBelowPaise;
  if (kind === 'individual' && exempt !== null && yearGrossPaise <= exempt) return 0;
  // paise × bp / 10 000 is the exact tax in paise; / 1 000 000 in rupees; + half a rupee, floored: half up.
  const rupees = (BigInt(yearGrossPaise) * BigInt(tdsRateOf(settings, kind)) + 500_000n) / 1_000_000n;
  return Number(rupees) * 100;
}

/** One payout's deduction, from the year so far. */
export interface PayoutDeduction {
  /** Deducted from this payout (paise); negative: an earlier over-deduction given back with it. */
  deductPaise: number;
  /** The year's gross including this payout. */
  yearGrossPaise: number;
  /** The year's deduction on that gross. */
  yearDeductionPaise: number;
  rateBasisPoints: number;
}

/**
 * The deduction on a payout of `grossPaise` (its tips' gross), given the year's gross before it (net of reversals)
 * and what the year's payouts deducted so far (net of what was given back). It never takes more than
 * `maxDeductPaise` (what the payout carries less Razorpay's minimum transfer); what it could not take is taken
 * by the next payout of the year, since the year's figure stays the target.
 */
export function payoutDeduction(
  settings: Tds194oSettings,
  kind: PanKind,
  p: {
    yearGrossBeforePaise: number;
    grossPaise: number;
    withheldBeforePaise: number;
    maxDeductPaise: number;
  },
): PayoutDeduction {
  const yearGrossPaise = p.yearGrossBeforePaise + p.grossPaise;
  const year = yearDeductionPaise(settings, kind, yearGrossPaise);
  return {
    deductPaise: Math.min(year - p.withheldBeforePaise, Math.max(0, p.maxDeductPaise)),
    yearGrossPaise,
    yearDeductionPaise: year,
    rateBasisPoints: tdsRateOf(settings, kind),
  };
}

/**
 * What a reversal gives back of the year's deduction: the year's deduction is recomputed on the year's gross
 * without the reversed part, and the excess over it (never more than the reversal's own amount) returns to the
 * creator.
 */
export function reversalGiveBack(
  settings: Tds194oSettings,
  kind: PanKind,
  p: { yearGrossAfterPaise: number; withheldPaise: number; reversalPaise: number },
): number {
  const excess = p.withheldPaise - yearDeductionPaise(settings, kind, p.yearGrossAfterPaise);
  return Math.max(0, Math.min(excess, p.reversalPaise));
}

const IST_OFFSET_MS = 5.5 * 60 * 60_000;

/** The Indian financial year (its starting calendar year: 2026 for 1 April 2026–31 March 2027, IST) of an instant. */
export function financialYearOf(at: Date): number {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  return ist.getUTCFullYear() - (ist.getUTCMonth() < 3 ? 1 : 0);
}

/** The quarter (1 = April–June … 4 = January–March) of a financial year an instant falls in. */
export function fyQuarterOf(at: Date): 1 | 2 | 3 | 4 {
  const month = new Date(at.getTime() + IST_OFFSET_MS).getUTCMonth(); // 0 = January
  return (Math.floor(((month + 9) % 12) / 3) + 1) as 1 | 2 | 3 | 4;
}

/** The instants a financial year's quarter starts and ends (IST). */
export function fyQuarterBounds(year: number, quarter: 1 | 2 | 3 | 4): { from: Date; to: Date } {
  const startMonth = 3 + (quarter - 1) * 3; // April = 3
  const at = (y: number, m: number) => new Date(Date.UTC(y + Math.floor(m / 12), m % 12, 1) - IST_OFFSET_MS);
  return { from: at(year, startMonth), to: at(year, startMonth + 3) };
}

/** The instants a financial year starts and ends (IST). */
export function financialYearBounds(year: number): { from: Date; to: Date } {
  return { from: fyQuarterBounds(year, 1).from, to: fyQuarterBounds(year, 4).to };
}
