import type Router from '@koa/router';
import { MESSAGES } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { contractRouter } from '../../http/contract.ts';
import { enforceRateLimits, rateLimits } from '../../http/rateLimit.ts';
import { insertLead } from './leads.repository.ts';

/** POST /api/leads: the landing page's lead form (public, rate-limited per IP). */
export function leadsRoutes({ db, config }: AppDeps): Router {
  const { leadsPerIp } = rateLimits(config);
  const { router, route } = contractRouter(config);
  route('createLead', async ({ ctx, input }) => {
    await enforceRateLimits(ctx, db, [{ key: `leads:ip:${ctx.ip}`, rule: leadsPerIp }]);
    await insertLead(db, {
      name: input.name || null,
      email: input.email || null,
      phone: input.phone,
      tags: input.tags,
    });
    ctx.status = 201;
    return { message: MESSAGES.leadCaptured };
  });
  return router;
}
