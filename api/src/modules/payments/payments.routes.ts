import Router from '@koa/router';
import { guestOrderInputSchema } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { enforceRateLimits, rateLimits } from '../../http/rateLimit.ts';
import { parseInput } from '../../http/validate.ts';
import { createGuestOrder, getOrderStatus, handleRazorpayWebhook } from './payments.service.ts';

/**
 * POST /api/tips/guest/order (public guest checkout, limited per IP and per creator), GET /api/payments/orders/:id (order state for the
 * screens) and POST /api/webhooks/razorpay (signed by Razorpay; the only thing that moves money in).
 */
export function paymentsRoutes(deps: AppDeps): Router {
  const router = new Router();
  const limits = rateLimits(deps.config);

  router.post('/tips/guest/order', async (ctx) => {
    const input = parseInput(guestOrderInputSchema, ctx.request.body);
    await enforceRateLimits(ctx, deps.db, [
      { key: `guest-order:ip:${ctx.ip}`, rule: limits.guestOrderPerIp },
      { key: `guest-order:creator:${input.creator ?? ''}`, rule: limits.guestOrderPerCreator },
    ]);
    ctx.body = { order: await createGuestOrder(deps, input) };
  });

  router.get('/payments/orders/:id', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getOrderStatus(deps, ctx.params.id ?? '', await ctx.state.loadPrincipal());
  });

  router.post('/webhooks/razorpay', async (ctx) => {
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
    ctx.body = { status: 'ok', outcome };
  });

  return router;
}
