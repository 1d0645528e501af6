import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { leadContacted, leadsCsvRows, leadsList, revealLeadPhone } from '../leads/leads.service.ts';

/**
 * GET /api/ops/leads (phones masked), GET /api/ops/leads.csv (the export, masked), POST /api/ops/leads/:id/reveal
 * (one full number, reason required, audited) and POST /api/ops/leads/:id/contacted (audited). Operators only.
 */
export function opsLeadsRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);
  route('opsLeads', async ({ ctx, query }) => {
    ctx.set('Cache-Control', 'no-store');
    return { leads: await leadsList(deps, query) };
  });
  route('opsRevealLead', async ({ ctx, params, input }) => {
    ctx.set('Cache-Control', 'no-store');
    return { phone: await revealLeadPhone(deps, principal(ctx.state).userId, params.id ?? '', input.reason) };
  });
  route('opsLeadContacted', async ({ ctx, params }) => ({
    lead: await leadContacted(deps, principal(ctx.state).userId, params.id ?? ''),
  }));
  route('opsLeadsCsv', async () => ({ filename: 'shabaash-leads.csv', rows: await leadsCsvRows(deps) }));
  return router;
}
