/** The legal settings for India a deployment chooses (api/src/legalConfig.ts; docs/OPERATIONS.md). */

export const WALLET_MODES = ['stored', 'off'] as const;
/** `stored`: the prepaid wallet; `off`: no stored balance, every tip paid at once through Razorpay Checkout. */
export type WalletMode = (typeof WALLET_MODES)[number];

/** Section 194-O TDS on payouts, as configured; null: no TDS is deducted. */
export interface Tds194oSettings {
  /** On payouts to a creator with a PAN (0.1% = 10). */
  rateBasisPoints: number;
  /** On payouts to a creator without a valid PAN (5% = 500). */
  noPanRateBasisPoints: number;
  /** What an individual with a PAN may be paid in a financial year before TDS applies; null: no exemption. */
  exemptBelowPaise: number | null;
}

export interface LegalSettings {
  walletMode: WalletMode;
  tds194o: Tds194oSettings | null;
  /** GST inside the platform fee (18% = 1800). */
  platformFeeGstBasisPoints: number;
  /** Viewers younger than this (years) need a parent's consent to pay; 0: no date of birth is asked. */
  minimumAgeWithoutConsent: number;
  /** What a minor with consent may spend in a calendar month (IST), in paise. */
  minorMonthlyCapPaise: number;
}

/** The legal block of GET /api/config in a sandbox with every default: for mocks and screen tests. */
export const SANDBOX_PUBLIC_LEGAL = {
  walletMode: 'stored',
  minimumAgeWithoutConsent: 18,
  minorMonthlyCapPaise: 50_000,
} as const satisfies {
  walletMode: WalletMode;
  minimumAgeWithoutConsent: number;
  minorMonthlyCapPaise: number;
};
