import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { enforceRateLimits, rateLimits } from '../../http/rateLimit.ts';
import { getAlerts, replayLastAlert, setAlertsPaused } from './alerts.service.ts';
import { sendTestAlert, skipSpeech } from './show.service.ts';

/** The show's creator calls: test alert, skip speech; pause/resume and replay of alerts (receipts). */
export function showRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);
  const limits = rateLimits(deps.config);

  route('sendTestAlert', async ({ ctx, input }) => {
    const creatorId = principal(ctx.state).userId;
    await enforceRateLimits(ctx, deps.db, [
      { key: `test-alert:creator:${creatorId}`, rule: limits.testAlertPerCreator },
    ]);
    return sendTestAlert(deps, creatorId, input.amount);
  });

  route('skipSpeech', async ({ ctx }) => {
    const creatorId = principal(ctx.state).userId;
    await enforceRateLimits(ctx, deps.db, [
      { key: `skip-speech:creator:${creatorId}`, rule: limits.skipSpeechPerCreator },
    ]);
    skipSpeech(deps, creatorId);
    return { ok: true as const };
  });

  route('getAlerts', ({ ctx }) => getAlerts(deps.db, principal(ctx.state).userId));

  route('setAlerts', async ({ ctx, input }) => {
    const creatorId = principal(ctx.state).userId;
    await enforceRateLimits(ctx, deps.db, [
      { key: `set-alerts:creator:${creatorId}`, rule: limits.setAlertsPerCreator },
    ]);
    return setAlertsPaused(deps, creatorId, input.paused);
  });

  route('replayAlert', async ({ ctx }) => {
    const creatorId = principal(ctx.state).userId;
    await enforceRateLimits(ctx, deps.db, [
      { key: `replay-alert:creator:${creatorId}`, rule: limits.replayAlertPerCreator },
    ]);
    return replayLastAlert(deps, creatorId);
  });

  return router;
}
