import Router from '@koa/router';
import { leadInputSchema, MESSAGES } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { enforceRateLimits, rateLimits } from '../../http/rateLimit.ts';
import { parseInput } from '../../http/validate.ts';
import { insertLead } from './leads.repository.ts';

/** POST /api/leads: the landing page's lead form (public, rate-limited per IP). */
export function leadsRoutes({ db, config }: AppDeps): Router {
  const { leadsPerIp } = rateLimits(config);
  const router = new Router({ prefix: '/leads' });
  router.post('/', async (ctx) => {
    const input = parseInput(leadInputSchema, ctx.request.body);
    await enforceRateLimits(ctx, db, [{ key: `leads:ip:${ctx.ip}`, rule: leadsPerIp }]);
    await insertLead(db, {
      name: input.name || null,
      email: input.email || null,
      phone: input.phone,
      tags: input.tags,
    });
    ctx.status = 201;
    ctx.body = { message: MESSAGES.leadCaptured };
  });
  return router;
}
