import type Router from '@koa/router';
import { SAFETY_MESSAGES, VALIDATION_MESSAGES } from '@shabaash/shared';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { enforceRateLimits, type RateLimitRule } from '../../http/rateLimit.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { resolveCreator } from '../creators/creators.repository.ts';
import { presentBlockedSender, presentSafety } from './safety.presenter.ts';
import {
  blockSender,
  checkMessage,
  flagQueuedTips,
  getBlockedSenders,
  getSafety,
  tipRules,
  unblockSender,
  updateSafety,
} from './safety.service.ts';

/** The as-you-type check is debounced by the screens; this still stops a script from probing the list. */
export const SAFETY_CHECK_RATE: RateLimitRule = { limit: 120, windowMs: 60_000, name: 'safetyCheckPerIp' };

const idParamSchema = z.object({ id: z.uuid({ error: 'Blocked sender not found.' }) });

/** /api/creator/safety (creator settings, blocked senders, queue flags) and the public /api/safety/check. */
export function safetyRoutes({ db, config }: AppDeps): Router {
  const { router, route } = contractRouter(config);

  route('creatorSafety', async ({ ctx }) => {
    const creatorId = principal(ctx.state).userId;
    return presentSafety(await getSafety(db, creatorId), await getBlockedSenders(db, creatorId));
  });

  route('updateCreatorSafety', async ({ ctx, input }) => {
    // A body naming none of the settings (empty, or only unknown keys) is malformed, not a no-op save.
    if (Object.values(input).every((v) => v === undefined)) throw badRequest(VALIDATION_MESSAGES.safetyEmpty);
    const creatorId = principal(ctx.state).userId;
    const saved = await updateSafety(db, creatorId, input);
    return presentSafety(saved, await getBlockedSenders(db, creatorId));
  });

  route('blockSender', async ({ ctx, input }) => {
    const blocked = await blockSender(db, principal(ctx.state).userId, input);
    ctx.status = 201;
    return { blockedSender: presentBlockedSender(blocked), message: SAFETY_MESSAGES.senderBlocked };
  });

  route('unblockSender', async ({ ctx, params }) => {
    const parsed = idParamSchema.safeParse(params);
    if (!parsed.success) throw notFound('Blocked sender');
    await unblockSender(db, principal(ctx.state).userId, parsed.data.id);
    return { id: parsed.data.id, message: SAFETY_MESSAGES.senderUnblocked };
  });

  route('safetyFlags', async ({ ctx, query }) => ({
    ids: await flagQueuedTips(db, principal(ctx.state).userId, query.ids),
  }));

  route('tipRules', async ({ ctx, query }) => {
    await enforceRateLimits(ctx, db, [{ key: `safety-check:ip:${ctx.ip}`, rule: SAFETY_CHECK_RATE }]);
    const creator = await resolveCreator(db, config, query.creator);
    ctx.set('Cache-Control', 'no-store');
    return tipRules(db, creator.userId);
  });

  route('safetyCheck', async ({ ctx, input }) => {
    await enforceRateLimits(ctx, db, [{ key: `safety-check:ip:${ctx.ip}`, rule: SAFETY_CHECK_RATE }]);
    const creator = await resolveCreator(db, config, input.creator);
    ctx.set('Cache-Control', 'no-store');
    return checkMessage(db, creator.userId, input.message);
  });

  return router;
}
