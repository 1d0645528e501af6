import { SPEC_TIPS_FIGURE } from '@shabaash/shared';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/knex.ts';
import { countAllTips } from '../tips/tips.repository.ts';

/** How long a counted figure is shown before the tips are counted again. */
export const TIPS_COUNT_TTL_MS = 24 * 60 * 60 * 1000;

const UNITS = [
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

/**
 * A tip count as the landing page claims it: exact below a thousand ("7"), else rounded DOWN to two significant
 * digits with K, M or B and a "+" when some were rounded away ("1.2K+", "12K+", "2.5M+", "3K"). Never more than
 * the count. Pure.
 */
export function roundTipsFigure(count: number): string {
  const unit = UNITS.find((u) => count >= u.size);
  if (!unit) return String(Math.max(0, Math.floor(count)));
  const digits = Math.floor(Math.log10(count)) + 1;
  const step = 10 ** Math.max(0, digits - 2);
  const shown = Math.floor(count / step) * step;
  const text = `${Number((shown / unit.size).toFixed(1))}${unit.suffix}`;
  return shown < count ? `${text}+` : text;
}

/**
 * The figure GET /api/config gives the landing page (LANDING_TIPS_FIGURE): the SPEC's, null (hidden), or this
 * deployment's tips counted at most once a day (concurrent requests share one count; a failed count is retried
 * on the next request).
 */
export function landingTipsFigure(
  db: Executor,
  mode: Config['LANDING_TIPS_FIGURE'],
  now: () => number = Date.now,
): () => Promise<string | null> {
  let cached: { figure: string; at: number } | null = null;
  let counting: Promise<string> | null = null;
  return async () => {
    if (mode === 'spec') return SPEC_TIPS_FIGURE;
    if (mode === 'hidden') return null;
    if (cached && now() - cached.at < TIPS_COUNT_TTL_MS) return cached.figure;
    counting ??= countAllTips(db)
      .then((count) => {
        cached = { figure: roundTipsFigure(count), at: now() };
        return cached.figure;
      })
      .finally(() => {
        counting = null;
      });
    return counting;
  };
}
