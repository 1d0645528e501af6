import { describe, expect, it } from 'vitest';
import type { WebhooksPhase } from '../phases/webhooks.ts';
import { webhookVerdict } from './webhooksReport.ts';

const phase = (low: number, high: number, pooled = (low + high) / 2) =>
  ({
    pooledP99Ratio: pooled,
    baselineSpread: 0.8,
    ratioInterval: { low, high, resamples: 2000 },
  }) as WebhooksPhase;

describe('the webhooks verdict (p99 with ÷ without ≤ 1.10)', () => {
  it('is met only when the whole interval is at or under 1.10', () => {
    expect(webhookVerdict(phase(0.93, 1.1))).toMatch(/^met \(95% interval 0\.93–1\.10/);
  });
  it('is not met when the whole interval is over 1.10', () => {
    expect(webhookVerdict(phase(1.12, 1.4))).toMatch(/^NOT met/);
  });
  it('is inconclusive when the interval straddles 1.10, saying which way the pooled figure leans', () => {
    expect(webhookVerdict(phase(0.9, 1.3, 1.02))).toMatch(/^inconclusive, pooled met .*differ by 80%/);
    expect(webhookVerdict(phase(0.9, 1.3, 1.2))).toMatch(/^inconclusive, pooled NOT met/);
  });
});
