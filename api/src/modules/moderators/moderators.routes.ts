import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { enforceRateLimits, rateLimits } from '../../http/rateLimit.ts';
import { moderation, requireModerator } from './moderators.auth.ts';
import {
  answerInvite,
  creatorModerators,
  inviteModerator,
  moderateAlerts,
  moderateChatStatus,
  moderateDeleteChat,
  moderatedChats,
  moderateSkipSpeech,
  moderateTestAlert,
  myModeration,
  removeModerator,
} from './moderators.service.ts';

/**
 * A creator's moderators: the creator invites and removes (/creator/moderators), the invitee answers
 * (/moderation), and a moderator runs that creator's Chat Loader without amounts (/moderation/:handle/…).
 */
export function moderatorsRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);
  const limits = rateLimits(deps.config);
  const asModerator = { auth: requireModerator(deps) };

  route('creatorModerators', async ({ ctx }) => {
    ctx.set('Cache-Control', 'no-store');
    return { moderators: await creatorModerators(deps.db, principal(ctx.state).userId) };
  });
  route('inviteModerator', async ({ ctx, input }) => {
    const creatorId = principal(ctx.state).userId;
    await enforceRateLimits(ctx, deps.db, [
      { key: `invite-moderator:creator:${creatorId}`, rule: limits.setAlertsPerCreator },
    ]);
    return { moderator: await inviteModerator(deps, creatorId, input.phone) };
  });
  route('removeModerator', async ({ ctx, params }) => {
    await removeModerator(deps, principal(ctx.state).userId, params.id ?? '');
    return { ok: true as const };
  });

  route('myModeration', async ({ ctx }) => {
    ctx.set('Cache-Control', 'no-store');
    return myModeration(deps.db, principal(ctx.state).userId);
  });
  route('acceptModeration', ({ ctx, params }) =>
    answerInvite(deps, principal(ctx.state).userId, params.id ?? '', true),
  );
  route('declineModeration', ({ ctx, params }) =>
    answerInvite(deps, principal(ctx.state).userId, params.id ?? '', false),
  );

  route(
    'moderatedChats',
    async ({ ctx, query }) => {
      ctx.set('Cache-Control', 'no-store');
      return moderatedChats(deps.db, moderation(ctx.state), query.search);
    },
    asModerator,
  );
  route(
    'moderateChatStatus',
    async ({ ctx, input, params }) => ({
      tip: await moderateChatStatus(deps, moderation(ctx.state), params.id ?? '', input.status),
    }),
    asModerator,
  );
  route(
    'moderateDeleteChat',
    async ({ ctx, params }) => ({
      id: await moderateDeleteChat(deps, moderation(ctx.state), params.id ?? ''),
    }),
    asModerator,
  );
  route(
    'moderateTestAlert',
    async ({ ctx }) => {
      const mod = moderation(ctx.state);
      await enforceRateLimits(ctx, deps.db, [
        { key: `test-alert:creator:${mod.creator.creatorId}`, rule: limits.testAlertPerCreator },
      ]);
      await moderateTestAlert(deps, mod);
      return { ok: true as const };
    },
    asModerator,
  );
  route(
    'moderateSkipSpeech',
    async ({ ctx }) => {
      const mod = moderation(ctx.state);
      await enforceRateLimits(ctx, deps.db, [
        { key: `skip-speech:creator:${mod.creator.creatorId}`, rule: limits.skipSpeechPerCreator },
      ]);
      await moderateSkipSpeech(deps, mod);
      return { ok: true as const };
    },
    asModerator,
  );
  route(
    'moderateAlerts',
    async ({ ctx, input }) => {
      const mod = moderation(ctx.state);
      await enforceRateLimits(ctx, deps.db, [
        { key: `set-alerts:creator:${mod.creator.creatorId}`, rule: limits.setAlertsPerCreator },
      ]);
      return moderateAlerts(deps, mod, input.paused);
    },
    asModerator,
  );

  return router;
}
