import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import type { AppDeps } from '../../deps.ts';
import { getMyConsent } from '../consent/consent.service.ts';
import { creatorModerators } from '../moderators/moderators.service.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { getTimerRun } from '../timer/timer.service.ts';
import { getPerson, setBanned, setSuspended } from './people.service.ts';

/**
 * GET /api/ops/users/:id (a user's state), POST /api/ops/creators/:id/suspend|unsuspend and
 * POST /api/ops/users/:id/ban|unban (reason required, audited). Operators only (the contract's auth).
 */
export function peopleRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);
  const act = (ctx: ParameterizedContext, userId: string, reason: string) => ({
    operatorId: principal(ctx.state).userId,
    userId,
    reason,
  });
  route('opsPerson', async ({ params }) => {
    const person = await getPerson(deps.db, params.id ?? '');
    const { state, givenAt, withdrawnAt } = await getMyConsent(deps, person.id);
    const moderators = person.creator
      ? (await creatorModerators(deps.db, person.id)).map(({ name, phone, status }) => ({
          name,
          maskedPhone: phone,
          status,
        }))
      : undefined;
    const timer = person.creator ? await getTimerRun(deps.db, person.id) : null;
    return {
      person: {
        ...person,
        consent: { state, givenAt, withdrawnAt },
        ...(moderators ? { moderators } : {}),
        ...(timer ? { timer: { status: timer.status, endsAt: timer.endsAt } } : {}),
      },
    };
  });
  route('opsSuspendCreator', async ({ ctx, params, input }) => ({
    person: await setSuspended(deps, act(ctx, params.id ?? '', input.reason), true),
  }));
  route('opsUnsuspendCreator', async ({ ctx, params, input }) => ({
    person: await setSuspended(deps, act(ctx, params.id ?? '', input.reason), false),
  }));
  route('opsBanUser', async ({ ctx, params, input }) => ({
    person: await setBanned(deps, act(ctx, params.id ?? '', input.reason), true),
  }));
  route('opsUnbanUser', async ({ ctx, params, input }) => ({
    person: await setBanned(deps, act(ctx, params.id ?? '', input.reason), false),
  }));
  return router;
}
