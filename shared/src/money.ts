/** Money lives as integer paise everywhere; rupee decimals exist only at the edges, converted here. */

export const PAISE_PER_RUPEE = 100;

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
 * Formats paise as Indian rupees with Indian grouping and two decimals: 10000000 → "₹1,00,000.00", -5000 →
 * "-₹50.00". The same in English and Hindi (en-IN and hi-IN write Latin digits and group alike), and exactly what
 * Intl.NumberFormat(en-IN and hi-IN, INR) writes (money.test.ts holds it to that), but in plain arithmetic: making
 * Intl's first currency formatter cost 44–57 ms of a page's main thread in Chromium here, most of /guest-tip's
 * script time before interaction (docs/PERFORMANCE.md, session 7), and every device writes the same text.
 */
export function formatPaise(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError('Paise must be a safe integer');
  const whole = String(Math.floor(Math.abs(paise) / PAISE_PER_RUPEE));
  const fraction = String(Math.abs(paise) % PAISE_PER_RUPEE).padStart(2, '0');
  // Indian grouping: the last three digits, then pairs (1,00,00,000).
  let grouped = whole.slice(-3);
  for (let end = whole.length - 3; end > 0; end -= 2)
    grouped = `${whole.slice(Math.max(0, end - 2), end)},${grouped}`;
  return `${paise < 0 ? '-' : ''}₹${grouped}.${fraction}`;
}

/** Formats a rupee number as "₹1,234.50" (for wire values that are already rupees). */
export function formatRupees(rupees: number): string {
  return formatPaise(rupeesToPaise(rupees));
}

/** Basis points of a paise amount, rounded half up to a whole paisa (fees). */
export function percentOfPaise(paise: number, basisPoints: number): number {
  return Math.floor((paise * basisPoints + 5000) / 10000);
}
