/**
 * How long a deleted creator's payout records are kept. Indian income-tax law keeps books for six years after the
 * assessment year (Income-tax Rules, rule 6F), and the GST Act for 72 months after the annual return's due date:
 * both end within 8 years after the financial year (1 April–31 March, IST) of a payout.
 */
export const PAYOUT_RECORDS_KEPT_YEARS = 8;

const IST_OFFSET_MS = 5.5 * 60 * 60_000;

/**
 * The instant before which a payout is past its retention at `now`: 1 April (IST) of the financial year that
 * contained `now` less PAYOUT_RECORDS_KEPT_YEARS. A payout made before it reached its financial year's end
 * plus the kept years by `now`.
 */
export function payoutRecordsCutoff(now: Date): Date {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const fyStartYear = ist.getUTCFullYear() - (ist.getUTCMonth() < 3 ? 1 : 0);
  return new Date(Date.UTC(fyStartYear - PAYOUT_RECORDS_KEPT_YEARS, 3, 1) - IST_OFFSET_MS);
}
