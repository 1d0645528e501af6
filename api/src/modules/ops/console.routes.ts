import type Router from '@koa/router';
import { maskPhone, MESSAGES, rupeesToPaise } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { IDEMPOTENT_REPLAYED_HEADER, readIdempotencyKey } from '../../http/idempotency.ts';
import { countFailure, enforceRateLimits, rateLimits, refuseWhileLimited } from '../../http/rateLimit.ts';
import { presentUser } from '../users/users.presenter.ts';
import { searchTips, searchUsers } from './find.repository.ts';
import { signInOperator } from './signIn.service.ts';
import { opsTipDetail, refundTip } from './tipRefunds.service.ts';

/**
 * The console's spine: POST /api/ops/login (password + OTP, the login's rate limits), GET /api/ops/search,
 * GET /api/ops/tips/:id and POST /api/ops/tips/:id/refund (Idempotency-Key required).
 */
export function consoleRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const limits = rateLimits(deps.config);
  const { router, route } = contractRouter(deps.config);

  route('opsLogin', async ({ ctx, input }) => {
    await enforceRateLimits(ctx, db, [{ key: `login:ip:${ctx.ip}`, rule: limits.loginPerIp }]);
    const failures = `login:fail:${input.phone}:${ctx.ip}`;
    await refuseWhileLimited(ctx, db, failures, limits.loginFailuresPerPhoneAndClient);
    const result = await signInOperator(deps, input).catch(async (err: unknown) => {
      if (err instanceof AppError && err.code === 'UNAUTHENTICATED')
        await countFailure(db, failures, limits.loginFailuresPerPhoneAndClient);
      throw err;
    });
    return { token: result.token, user: presentUser(result.user) };
  });

  route('opsSearch', async ({ query }) => {
    const q = query.q;
    const isPaymentRef = /^(pay|order)_[A-Za-z0-9]+$/.test(q);
    const [users, tips] = await Promise.all([
      isPaymentRef ? Promise.resolve([]) : searchUsers(db, q),
      isPaymentRef ? searchTips(db, q) : Promise.resolve([]),
    ]);
    return {
      users: users.map((u) => ({
        id: u.id,
        name: u.name,
        role: u.role,
        handle: u.handle,
        phone: u.phone ? maskPhone(u.phone) : null,
        deleted: u.deleted_at !== null,
      })),
      tips: tips.map((t) => ({
        id: t.id,
        source: t.source,
        amountPaise: Number(t.amount_paise),
        creatorHandle: t.handle,
        senderName: t.sender_name ?? t.guest_name ?? '',
        paymentId: t.payment_id,
        orderId: t.order_id,
        createdAt: t.created_at.toISOString(),
      })),
    };
  });

  route('opsTip', async ({ params }) => ({ tip: await opsTipDetail(db, params.id ?? '') }));

  route('opsRefundTip', async ({ ctx, params, input }) => {
    const idempotencyKey = readIdempotencyKey(ctx);
    if (!idempotencyKey) throw badRequest(MESSAGES.idempotencyKeyRequired, 'Idempotency-Key');
    await opsTipDetail(db, params.id ?? ''); // 404 for an unknown tip before anything else
    const result = await refundTip(deps, {
      operatorId: principal(ctx.state).userId,
      tipId: params.id ?? '',
      amountPaise: rupeesToPaise(input.amount),
      reason: input.reason,
      idempotencyKey,
    });
    if (result.replayed) ctx.set(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return { tip: result.tip, refund: result.refund };
  });

  return router;
}
