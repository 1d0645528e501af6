import type { YouTubeSettings } from '@shabaash/shared';

/** How a creator's Super Chats count, as stored: the mode and integer paise for one unit of each currency. */
export interface CountSettings {
  countMode: YouTubeSettings['countMode'];
  ratesPaise: Record<string, number>;
}

/** Micros in one unit of a currency (YouTube's amountMicros). */
const MICROS = 1_000_000n;

/**
 * The paise a Super Chat or Super Sticker counts towards the goal, timer and tiers, or null when it does not count:
 * INR counts as paid (amountMicros / 10 000 paise); in `convert` mode another currency counts at the creator's rate,
 * round(amountMicros × ratePaise / 1 000 000), half up, and a currency without a rate does not count.
 */
export function countedPaise(settings: CountSettings, amountMicros: number, currency: string): number | null {
  if (!Number.isSafeInteger(amountMicros) || amountMicros < 0) return null;
  const rate =
    currency === 'INR' ? 100 : settings.countMode === 'convert' ? settings.ratesPaise[currency] : undefined;
  if (rate === undefined || !Number.isSafeInteger(rate) || rate <= 0) return null;
  return Number((BigInt(amountMicros) * BigInt(rate) + MICROS / 2n) / MICROS);
}

/** The creator's rates (rupees for one unit) as stored: integer paise, at least 1 paisa. */
export function ratesToPaise(rates: YouTubeSettings['rates']): Record<string, number> {
  return Object.fromEntries(
    Object.entries(rates).map(([code, rupees]) => [code, Math.max(1, Math.round(rupees * 100))]),
  );
}

/** The stored rates as the API shows them (rupees for one unit). */
export function ratesToRupees(ratesPaise: Record<string, number>): YouTubeSettings['rates'] {
  return Object.fromEntries(Object.entries(ratesPaise).map(([code, paise]) => [code, paise / 100]));
}
