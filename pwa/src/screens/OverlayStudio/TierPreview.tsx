import { useState } from 'react';
import type { ShowTier } from '@shabaash/shared';
import { Card } from '../../components/Card.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { TestAlertButton } from '../../components/TestAlertButton.tsx';
import { textOn, tierName } from '../../lib/tiers.ts';
import { rupees } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.tsx';

/** Each tier as a small overlay card in its colour, with a test alert of that tier (at its minimum, ₹1 for the base). */
export function TierPreview({ tiers }: { tiers: readonly ShowTier[] }) {
  const { t } = useT();
  const [status, setStatus] = useState<{ error?: string; success?: string }>({});
  return (
    <Card title={t('show.previewTitle')} hint={t('show.previewHint')}>
      <ul className="os-tier-previews">
        {tiers.map((tier, index) => {
          const amount = Math.max(1, Number.isFinite(tier.minAmount) ? tier.minAmount : 1);
          const name = tierName(tier);
          return (
            <li key={index} className="os-tier-preview" data-testid="tier-preview">
              <div className="os-tier-card" style={{ borderColor: tier.color }}>
                <span className="os-tier-name">{t('show.previewName')}</span>
                <span
                  className="os-tier-amount"
                  style={{ background: tier.color, color: textOn(tier.color) }}
                >
                  {rupees(amount)}
                </span>
                <span className="muted small">
                  {name} · {tier.seconds}s
                </span>
              </div>
              <TestAlertButton
                amount={amount}
                className="button button-secondary button-small"
                label={t('show.testThisTier', { name })}
                onOutcome={(kind, text) => setStatus(kind === 'error' ? { error: text } : { success: text })}
              />
            </li>
          );
        })}
      </ul>
      <FormStatus error={status.error} success={status.success} />
    </Card>
  );
}
