import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { contractRouter } from '../../http/contract.ts';
import { principal } from '../../http/auth.ts';
import { enforceRateLimits, rateLimits } from '../../http/rateLimit.ts';
import { resolveCreator } from '../creators/creators.repository.ts';
import { createGuestOrder } from './guestOrders.ts';
import { getOrderStatus, handleRazorpayWebhook } from './payments.service.ts';
import { createViewerTipOrder } from './viewerTipOrders.ts';

/**
 * POST /api/tips/guest/order (public guest checkout, limited per IP and per creator), POST /api/tips/order (a
 * signed-in viewer's tip through Checkout, limited per account and per IP), GET /api/payments/orders/:id (order state for the
 * screens) and POST /api/webhooks/razorpay (signed by Razorpay; the only thing that moves money in).
 */
export function paymentsRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);
  const limits = rateLimits(deps.config);

  route('guestOrder', async ({ ctx, input }) => {
    await enforceRateLimits(ctx, deps.db, [
      { key: `guest-order:ip:${ctx.ip}`, rule: limits.guestOrderPerIp },
    ]);
    // One bucket per creator, keyed by id: the default creator named by its handle (in any case) or by nothing.
    const creator = await resolveCreator(deps.db, deps.config, input.creator);
    await enforceRateLimits(ctx, deps.db, [
      { key: `guest-order:creator:${creator.userId}`, rule: limits.guestOrderPerCreator },
    ]);
    return { order: await createGuestOrder(deps, creator, input, await ctx.state.loadPrincipal()) };
  });

  route('tipOrder', async ({ ctx, input }) => {
    const { userId } = principal(ctx.state);
    await enforceRateLimits(ctx, deps.db, [
      { key: `tip-order:user:${userId}`, rule: limits.addMoneyPerUser },
      { key: `guest-order:ip:${ctx.ip}`, rule: limits.guestOrderPerIp },
    ]);
    const order = await createViewerTipOrder(deps, userId, input);
    return { order };
  });

  route('orderStatus', async ({ ctx, params }) => {
    ctx.set('Cache-Control', 'no-store');
    return getOrderStatus(deps, params.id ?? '', await ctx.state.loadPrincipal());
  });

  // Razorpay's call, not the app's: the signed raw body (no input schema), checked by the service.
  route('razorpayWebhook', async ({ ctx }) => {
    // A refused amount/currency is answered 200: Razorpay retrying cannot fix it; the inbox row and an
    // error log keep it for a person to resolve (refund). Only a failure to process answers 5xx (retried).
    const outcome = await handleRazorpayWebhook(
      deps,
      {
        rawBody: ctx.request.rawBody,
        signature: ctx.get('x-razorpay-signature') || undefined,
        eventId: ctx.get('x-razorpay-event-id') || undefined,
        body: ctx.request.body,
      },
      ctx.state.log,
    );
    return { status: 'ok' as const, outcome };
  });

  return router;
}
