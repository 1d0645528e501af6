/**
 * Parses a rupee amount field: a finite number above zero, and at least `minRupees` when given; else
 * null. The one parser of the top-up, guest tip and send-tip forms.
 */
export function parseRupeeAmount(value: string, minRupees?: number): number | null {
  if (value.trim() === '') return null;
  const amount = Number(value);
  if (!Number.isFinite(amount) || amount <= 0) return null;
  return minRupees === undefined || amount >= minRupees ? amount : null;
}

/** A typed number for a shared schema to check: blank or junk becomes NaN, which the schema reports. */
export function numberOrNaN(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}
