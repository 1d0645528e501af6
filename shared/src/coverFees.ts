import { LIMITS } from './limits.ts';
import { percentOfPaise } from './money.ts';

/** A creator's platform fee tier at a moment: the lifetime gross before the tip, and the tier's parameters. */
export interface FeeTier {
  lifetimeGrossPaise: number;
  freeTierPaise?: number;
  feeBasisPoints?: number;
}

/**
 * The platform fee on a tip of `amountPaise`, exactly as `shabaash_insert_tip` fixes it: 0% on the part within the
 * Starter free tier (the first ₹25,000 of lifetime gross), the Pro basis points (2.9%) on the part above it, rounded
 * half up to a paisa (a crossing tip is split).
 */
export function platformFeePaise(amountPaise: number, tier: FeeTier): number {
  const freeTier = tier.freeTierPaise ?? LIMITS.starterFreeTierPaise;
  const feeable = Math.max(0, amountPaise - Math.max(0, freeTier - tier.lifetimeGrossPaise));
  return percentOfPaise(feeable, tier.feeBasisPoints ?? LIMITS.proFeeBasisPoints);
}

/**
 * "I'll cover the fees": the smallest total in paise whose creator net (total − platform fee) is at least
 * `intendedPaise`, for a creator in `tier`. The net never falls as the total grows (the fee grows by at most a
 * paisa per paisa), so the answer is found by stepping from an estimate. The payment provider's fee is not added:
 * the platform absorbs it (earnings deduct only the platform fee).
 */
export function coverFeesTotalPaise(intendedPaise: number, tier: FeeTier): number {
  const net = (total: number) => total - platformFeePaise(total, tier);
  let total = intendedPaise + platformFeePaise(intendedPaise, tier);
  while (net(total) < intendedPaise) total += 1;
  while (total > intendedPaise && net(total - 1) >= intendedPaise) total -= 1;
  return total;
}
