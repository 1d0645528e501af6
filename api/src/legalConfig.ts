import { z } from 'zod';
import type { LegalSettings, WalletMode } from '@shabaash/shared';

/**
 * The legal settings for India (docs/OPERATIONS.md, "Legal settings for India"): each answers a question the
 * operator's lawyer decides, each has a safe default, and each is parsed here once with the rest of the
 * configuration. Amounts are rupees in the environment and paise inside; rates are percentages in the environment
 * (`0.1`, `5`, `18`) and basis points inside (10, 500, 1800).
 */

/** A percentage with at most two decimals (`0.1` → 10 basis points, `18` → 1800). */
const percent = z.string().transform((v, ctx) => {
  const n = Number(v);
  const bp = Math.round(n * 100);
  if (!Number.isFinite(n) || n < 0 || n > 100 || Math.abs(n * 100 - bp) > 1e-6) {
    ctx.addIssue({ code: 'custom', message: 'must be a percentage from 0 to 100 with at most two decimals' });
    return z.NEVER;
  }
  return bp;
});

/** A rupee amount (whole paise) as paise. */
const rupeesToPaiseSetting = z.string().transform((v, ctx) => {
  const n = Number(v);
  const paise = Math.round(n * 100);
  if (!Number.isFinite(n) || n < 0 || Math.abs(n * 100 - paise) > 1e-6) {
    ctx.addIssue({ code: 'custom', message: 'must be a non-negative rupee amount (at most two decimals)' });
    return z.NEVER;
  }
  return paise;
});

/** The environment variables of the legal settings; merged into the configuration's schema. */
export const legalEnvShape = {
  /**
   * `stored`: the prepaid wallet (add money, balance, cashback, welcome bonus). `off`: no stored balance; a
   * signed-in viewer's tip is paid at once through Razorpay Checkout. Unset: `stored` with the Razorpay
   * simulator (sandbox), `off` with Razorpay keys (a deployment that has not decided holds no prepaid balance).
   */
  WALLET_MODE: z.enum(['stored', 'off']).optional(),
  /** Section 194-O TDS on payouts to creators with a PAN, in percent (`0.1`). Unset: no TDS is deducted. */
  TDS_194O_RATE: percent.optional(),
  /** 194-O TDS for a creator without a valid PAN, in percent (`5`). Unset: the rate above applies to everyone. */
  TDS_194O_NO_PAN_RATE: percent.optional(),
  /** Rupees an individual with a PAN may be paid in a financial year before TDS starts (`500000`). Unset: none. */
  TDS_194O_EXEMPT_BELOW: rupeesToPaiseSetting.optional(),
  /** GST inside the platform fee, in percent (18): the statement splits the fee into its net and its GST. */
  PLATFORM_FEE_GST_RATE: percent.default(1800),
  /** The age (years) from which a viewer may pay without a parent's consent; 0 asks no date of birth. */
  MINIMUM_AGE_WITHOUT_CONSENT: z.coerce.number().int().min(0).max(21).default(18),
  /** Rupees a minor with a parent's consent may spend in a calendar month (IST): tips of both kinds and top-ups. */
  MINOR_MONTHLY_CAP: rupeesToPaiseSetting.default(50_000),
};

type LegalEnv = z.output<z.ZodObject<typeof legalEnvShape>>;

/** Cross-checks and defaults that depend on other settings; a refusal message names its variable. */
export function resolveLegalSettings(env: LegalEnv, paymentsSandbox: boolean): LegalSettings | string {
  if (env.TDS_194O_RATE === undefined) {
    if (env.TDS_194O_NO_PAN_RATE !== undefined)
      return 'TDS_194O_NO_PAN_RATE: set TDS_194O_RATE too (unset, no TDS is deducted at all)';
    if (env.TDS_194O_EXEMPT_BELOW !== undefined)
      return 'TDS_194O_EXEMPT_BELOW: set TDS_194O_RATE too (unset, no TDS is deducted at all)';
  }
  const walletMode: WalletMode = env.WALLET_MODE ?? (paymentsSandbox ? 'stored' : 'off');
  return {
    walletMode,
    tds194o:
      env.TDS_194O_RATE === undefined
        ? null
        : {
            rateBasisPoints: env.TDS_194O_RATE,
            noPanRateBasisPoints: env.TDS_194O_NO_PAN_RATE ?? env.TDS_194O_RATE,
            exemptBelowPaise: env.TDS_194O_EXEMPT_BELOW ?? null,
          },
    platformFeeGstBasisPoints: env.PLATFORM_FEE_GST_RATE,
    minimumAgeWithoutConsent: env.MINIMUM_AGE_WITHOUT_CONSENT,
    minorMonthlyCapPaise: env.MINOR_MONTHLY_CAP,
  };
}
