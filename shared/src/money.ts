/** Money lives as integer paise everywhere; rupee decimals exist only at the edges, converted here. */

export const PAISE_PER_RUPEE = 100;

/** The Intl locales of the product's languages (issue 17): both group digits the Indian way (1,00,000). */
export type MoneyLocale = 'en-IN' | 'hi-IN';

const rupeeFormatters = new Map<MoneyLocale, Intl.NumberFormat>();

function rupeeFormatter(locale: MoneyLocale): Intl.NumberFormat {
  let formatter = rupeeFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    rupeeFormatters.set(locale, formatter);
  }
  return formatter;
}

/** Converts a rupee amount (at most two decimals expected) to integer paise, rounding half away from zero. */
export function rupeesToPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError('Amount must be a finite number');
  // The epsilon absorbs binary drift such as 1.005 * 100 = 100.49999…
  const sign = rupees < 0 ? -1 : 1;
  const paise = sign * Math.round(Math.abs(rupees) * PAISE_PER_RUPEE + 1e-7);
  if (!Number.isSafeInteger(paise)) throw new RangeError('Amount is beyond exact integer paise');
  return paise;
}

/** Converts integer paise to a rupee number for the wire (e.g. 12345 → 123.45). */
export function paiseToRupees(paise: number): number {
  if (!Number.isSafeInteger(paise)) throw new RangeError('Paise must be a safe integer');
  return paise / PAISE_PER_RUPEE;
}

/** True when a rupee number has at most two decimals (so it is a whole number of paise). */
export function hasAtMostTwoDecimals(rupees: number): boolean {
  return Number.isFinite(rupees) && Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;
}

/**
 * Formats paise as Indian rupees with Indian grouping and two decimals: 10000000 → "₹1,00,000.00" (the same in
 * en-IN and hi-IN: both write Latin digits).
 */
export function formatPaise(paise: number, locale: MoneyLocale = 'en-IN'): string {
  return rupeeFormatter(locale).format(paiseToRupees(paise));
}

/** Formats a rupee number as "₹1,234.50" (for wire values that are already rupees). */
export function formatRupees(rupees: number, locale: MoneyLocale = 'en-IN'): string {
  return formatPaise(rupeesToPaise(rupees), locale);
}

/** Basis points of a paise amount, rounded half up to a whole paisa (fees). */
export function percentOfPaise(paise: number, basisPoints: number): number {
  return Math.floor((paise * basisPoints + 5000) / 10000);
}
