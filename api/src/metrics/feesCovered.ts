import { feesCoveredTotals } from './metrics.repository.ts';
import { registerDbGauge } from './registry.ts';

registerDbGauge(
  'shabaash_fees_covered_tips',
  'Tips whose payer ticked "I\'ll cover the fees" (the order added the creator\'s platform fee), since the start.',
  [],
  async (db) => (await feesCoveredTotals(db)).tips,
);

registerDbGauge(
  'shabaash_fees_covered_paise',
  'The platform fees payers covered on those tips, in paise (what creators would otherwise have paid).',
  [],
  async (db) => (await feesCoveredTotals(db)).feePaise,
);
