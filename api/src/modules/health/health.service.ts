import { pingDb } from '../../db/knex.ts';
import type { AppDeps, HealthPart } from '../../deps.ts';

/** One part as /api/health (and the metrics' shabaash_part_up) sees it. */
export interface PartHealth {
  mode: string;
  status: 'ok' | 'down';
  reason?: string;
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function probe(part: Pick<HealthPart, 'mode' | 'check'>): Promise<PartHealth> {
  try {
    await part.check();
    return { mode: part.mode, status: 'ok' };
  } catch (err) {
    return { mode: part.mode, status: 'down', reason: reasonOf(err) };
  }
}

/** Probes the database and every part this instance runs (healthParts), at once; `database` comes first. */
export async function probeParts({
  db,
  config,
  healthParts = [],
}: Pick<AppDeps, 'db' | 'config' | 'healthParts'>): Promise<Record<string, PartHealth>> {
  const database = { mode: config.DATABASE_URL ? 'external' : 'embedded', check: () => pingDb(db) };
  const [dbHealth, ...others] = await Promise.all([database, ...healthParts].map(probe));
  const parts: Record<string, PartHealth> = { database: dbHealth! };
  healthParts.forEach((part, i) => (parts[part.name] = others[i]!));
  return parts;
}
