import { DEFAULT_TIERS, rupeesToPaise, tierFor, type ShowTier } from '@shabaash/shared';

/** "₹500+" (the base tier: "₹0+"), the short name of a tier the Chat Loader and the Studio show. */
export function tierName(tier: ShowTier): string {
  return `₹${tier.minAmount.toLocaleString('en-IN')}+`;
}

/** The tier of an amount in rupees among the creator's tiers (the defaults until they load). */
export function tierOfAmount(amount: number, tiers: readonly ShowTier[] = DEFAULT_TIERS): ShowTier {
  return tierFor(rupeesToPaise(amount), tiers.length > 0 ? tiers : DEFAULT_TIERS);
}
