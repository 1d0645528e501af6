import Router from '@koa/router';
import {
  blockSenderInputSchema,
  creatorQuerySchema,
  safetyCheckInputSchema,
  safetySettingsSchema,
  SAFETY_MESSAGES,
} from '@shabaash/shared';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { principal, requireCreator } from '../../http/auth.ts';
import { enforceRateLimits, type RateLimitRule } from '../../http/rateLimit.ts';
import { parseInput } from '../../http/validate.ts';
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
export const SAFETY_CHECK_RATE: RateLimitRule = { limit: 120, windowMs: 60_000 };

const idParamSchema = z.object({ id: z.uuid({ error: 'Blocked sender not found.' }) });
const flagsQuerySchema = z.object({
  ids: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(z.array(z.uuid()).max(500).optional()),
});

/** /api/creator/safety (creator settings, blocked senders, queue flags) and the public /api/safety/check. */
export function safetyRoutes({ db, config }: AppDeps): Router {
  const router = new Router();

  router.get('/creator/safety', requireCreator, async (ctx) => {
    const creatorId = principal(ctx.state).userId;
    ctx.body = presentSafety(await getSafety(db, creatorId), await getBlockedSenders(db, creatorId));
  });

  router.put('/creator/safety', requireCreator, async (ctx) => {
    const input = parseInput(safetySettingsSchema, ctx.request.body);
    // A body naming none of the settings (empty, or only unknown keys) is malformed, not a no-op save.
    if (Object.values(input).every((v) => v === undefined))
      throw badRequest('Send at least one safety setting to change.');
    const creatorId = principal(ctx.state).userId;
    const saved = await updateSafety(db, creatorId, input);
    ctx.body = presentSafety(saved, await getBlockedSenders(db, creatorId));
  });

  router.post('/creator/safety/blocked-senders', requireCreator, async (ctx) => {
    const input = parseInput(blockSenderInputSchema, ctx.request.body);
    const blocked = await blockSender(db, principal(ctx.state).userId, input);
    ctx.status = 201;
    ctx.body = { blockedSender: presentBlockedSender(blocked), message: SAFETY_MESSAGES.senderBlocked };
  });

  router.delete('/creator/safety/blocked-senders/:id', requireCreator, async (ctx) => {
    const parsed = idParamSchema.safeParse(ctx.params);
    if (!parsed.success) throw notFound('Blocked sender');
    await unblockSender(db, principal(ctx.state).userId, parsed.data.id);
    ctx.body = { id: parsed.data.id, message: SAFETY_MESSAGES.senderUnblocked };
  });

  router.get('/creator/safety/flags', requireCreator, async (ctx) => {
    const { ids } = parseInput(flagsQuerySchema, ctx.query);
    ctx.body = { ids: await flagQueuedTips(db, principal(ctx.state).userId, ids) };
  });

  router.get('/safety/tip-rules', async (ctx) => {
    const input = parseInput(creatorQuerySchema, ctx.query);
    await enforceRateLimits(ctx, db, [{ key: `safety-check:ip:${ctx.ip}`, rule: SAFETY_CHECK_RATE }]);
    const creator = await resolveCreator(db, config, input.creator);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await tipRules(db, creator.userId);
  });

  router.post('/safety/check', async (ctx) => {
    const input = parseInput(safetyCheckInputSchema, ctx.request.body);
    await enforceRateLimits(ctx, db, [{ key: `safety-check:ip:${ctx.ip}`, rule: SAFETY_CHECK_RATE }]);
    const creator = await resolveCreator(db, config, input.creator);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await checkMessage(db, creator.userId, input.message);
  });

  return router;
}
