import { DEFAULT_TIERS, rupeesToPaise, tierFor, type ShowTier } from '@shabaash/shared';
import { count } from '../i18n/format.ts';

/** "₹500+" (the base tier: "₹0+"), the short name of a tier the Chat Loader and the Studio show. */
export function tierName(tier: ShowTier): string {
  return `₹${count(tier.minAmount)}+`;
}

/** The tier of an amount in rupees among the creator's tiers (the defaults until they load). */
export function tierOfAmount(amount: number, tiers: readonly ShowTier[] = DEFAULT_TIERS): ShowTier {
  return tierFor(rupeesToPaise(amount), tiers.length > 0 ? tiers : DEFAULT_TIERS);
}

/** Dark or white text, whichever reads better on `color` (a #rrggbb hex; white when it is not one). */
export function textOn(color: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return '#fff';
  const n = parseInt(color.slice(1), 16);
  const luma = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return luma > 165 ? '#16142a' : '#fff';
}
