import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { contractRouter } from '../../http/contract.ts';
import { listAuditRows } from './audit.repository.ts';

/** GET /api/ops/audit: the operators' audit log, newest first (operators only). */
export function auditRoutes({ db, config }: AppDeps): Router {
  const { router, route } = contractRouter(config);
  route('opsAudit', async ({ query }) => {
    const rows = await listAuditRows(db, { ...query, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    return {
      entries: page.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      next: rows.length > query.limit ? Number(page.at(-1)?.id) : null,
    };
  });
  return router;
}
