import type { ShowTier } from '@shabaash/shared';
import { useT } from '../i18n/i18n.tsx';
import { tierName } from '../lib/tiers.ts';
import './TierChip.css';

/** A tier's colour swatch and name, read by screen readers as "Tier ₹500+". */
export function TierChip({ tier }: { tier: ShowTier }) {
  const { t } = useT();
  return (
    <span className="tier-chip" data-testid="tier-chip" data-tier-color={tier.color}>
      <span className="tier-chip-swatch" style={{ background: tier.color }} aria-hidden="true" />
      <span className="sr-only">{t('show.tier')} </span>
      {tierName(tier)}
    </span>
  );
}
