import { LIMITS, percentOfPaise } from '@shabaash/shared';

/**
 * Platform fee of one tip (ARCHITECTURE §1): 0% while the creator's lifetime gross stays within the Starter
 * tier, 2.9% on the part above it. A tip that crosses the line is split; only the part above pays the fee.
 */
export function platformFeePaise(lifetimeGrossBeforePaise: number, amountPaise: number): number {
  const freeRemaining = Math.max(0, LIMITS.starterFreeTierPaise - lifetimeGrossBeforePaise);
  const feeable = Math.max(0, amountPaise - freeRemaining);
  return percentOfPaise(feeable, LIMITS.proFeeBasisPoints);
}
