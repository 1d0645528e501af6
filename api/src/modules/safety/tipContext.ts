import { handleKey } from '../creators/creators.repository.ts';
import type { Executor } from '../../db/knex.ts';
import { defaultSafety } from './safety.service.ts';
import { findTipContext, type SafetyRecord, type TipContextRecord } from './safety.repository.ts';

/**
 * What a wallet tip decides with, per creator: identity and safety settings. Cached per API instance so that a
 * tip is ONE database round trip (`shabaash_send_wallet_tips`, group-committed). The cache is never trusted blindly: the tip
 * statement compares the handle, display name and settings' `updated_at` it was decided with against the rows
 * and raises SH412 when any changed (on any instance); the caller then reloads with `fresh: true` and decides
 * again. Entries also expire after TIP_CONTEXT_TTL_MS, which bounds how long a reassigned handle could point at
 * its old creator. The settings are the defaults when the creator never saved any.
 */
export type TipContext = Omit<TipContextRecord, 'settings'> & { settings: SafetyRecord };

const TIP_CONTEXT_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

const cache = new Map<string, { context: TipContext; at: number }>();

const keyOf = (creator: { creatorId: string } | { handle: string }) =>
  'creatorId' in creator ? `id:${creator.creatorId}` : `handle:${handleKey(creator.handle)}`;

/** The creator's tip context (cached; `fresh` reads the database); null when there is no such creator. */
export async function tipContextOf(
  db: Executor,
  creator: { creatorId: string } | { handle: string },
  options: { fresh?: boolean } = {},
): Promise<TipContext | null> {
  const key = keyOf(creator);
  const hit = cache.get(key);
  if (hit && !options.fresh && Date.now() - hit.at < TIP_CONTEXT_TTL_MS) return hit.context;
  const record = await findTipContext(db, creator);
  if (!record) {
    cache.delete(key);
    return null;
  }
  const context: TipContext = { ...record, settings: record.settings ?? defaultSafety(record.creatorId) };
  const entry = { context, at: Date.now() };
  for (const k of [keyOf({ creatorId: context.creatorId }), keyOf({ handle: context.handle })]) {
    cache.delete(k); // re-inserted last: the Map's order is the eviction order
    cache.set(k, entry);
  }
  while (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
  return context;
}
