import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { getCreatorTimer, saveTimerSettings, timerAction } from './timer.service.ts';

/** The creator's subathon timer: GET /creator/timer, PUT …/settings, POST …/start, …/pause, …/resume. */
export function timerRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);

  route('creatorTimer', async ({ ctx }) => {
    ctx.set('Cache-Control', 'no-store');
    return getCreatorTimer(deps.db, principal(ctx.state).userId);
  });
  route('saveTimerSettings', ({ ctx, input }) => saveTimerSettings(deps, principal(ctx.state).userId, input));
  route('startTimer', ({ ctx }) => timerAction(deps, principal(ctx.state).userId, 'start'));
  route('pauseTimer', ({ ctx }) => timerAction(deps, principal(ctx.state).userId, 'pause'));
  route('resumeTimer', ({ ctx }) => timerAction(deps, principal(ctx.state).userId, 'resume'));

  return router;
}
