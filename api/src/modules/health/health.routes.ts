import type Router from '@koa/router';
import { pingDb } from '../../db/knex.ts';
import type { AppDeps, HealthPart } from '../../deps.ts';
import { contractRouter } from '../../http/contract.ts';

interface PartHealth {
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

/**
 * GET /api/health: each part (the database, and the identity, payments and webhook worker this instance runs) with
 * its mode and whether it answers; 200 when all do, 503 with the reasons when one does not.
 */
export function healthRoutes({ db, version, config, healthParts = [] }: AppDeps): Router {
  const { router, route } = contractRouter(config);
  const database = {
    mode: config.DATABASE_URL ? 'external' : 'embedded',
    check: () => pingDb(db),
  };
  route('health', async ({ ctx }) => {
    const [dbHealth, ...others] = await Promise.all([database, ...healthParts].map(probe));
    const parts: Record<string, PartHealth> = { database: dbHealth! };
    healthParts.forEach((part, i) => (parts[part.name] = others[i]!));
    const down = Object.entries(parts).filter(([, part]) => part.status === 'down');
    if (down.length > 0) ctx.status = 503;
    return {
      status: down.length > 0 ? ('degraded' as const) : ('ok' as const),
      db: dbHealth!.status,
      version,
      ...(down.length > 0
        ? { reason: down.map(([name, part]) => `${name}: ${part.reason}`).join('; ') }
        : {}),
      parts,
    };
  });
  return router;
}
