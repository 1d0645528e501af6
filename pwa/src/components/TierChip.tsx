import type { ShowTier } from '@shabaash/shared';
import { tierName } from '../lib/tiers.ts';
import './TierChip.css';

/** A tier's colour swatch and name, read by screen readers as "Tier ₹500+". */
export function TierChip({ tier }: { tier: ShowTier }) {
  return (
    <span className="tier-chip" data-testid="tier-chip" data-tier-color={tier.color}>
      <span className="tier-chip-swatch" style={{ background: tier.color }} aria-hidden="true" />
      <span className="tier-chip-sr">Tier </span>
      {tierName(tier)}
    </span>
  );
}
