import type Router from '@koa/router';
import type { Context } from 'koa';
import { fillMessage, STATUS_TEXTS } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { enforceRateLimits, rateLimits } from '../../http/rateLimit.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  deliveriesOf,
  endpointOfDelivery,
  listWebhookEndpoints,
  resendDelivery,
  ownEndpoint,
  sendTestEvent,
  setWebhookEndpointEnabled,
} from './webhooks.service.ts';

/** A creator's outgoing webhook endpoints, test events and delivery log (creator session only). */
export function webhooksRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);
  const creatorId = (state: Parameters<typeof principal>[0]) => principal(state).userId;
  const limits = rateLimits(deps.config);
  const sendsLimited = fillMessage(STATUS_TEXTS.webhookSendsLimited, {
    perEndpoint: limits.webhookSendPerEndpoint.limit,
    perCreator: limits.webhookSendPerCreator.limit,
  });
  /** Counts one test event or re-send to the creator's endpoint (after it is known to be theirs); 429 past either limit. */
  const countManualSend = (ctx: Context, creator: string, endpointId: string) =>
    enforceRateLimits(
      ctx,
      deps.db,
      [
        { key: `webhook-send:creator:${creator}`, rule: limits.webhookSendPerCreator },
        { key: `webhook-send:endpoint:${endpointId}`, rule: limits.webhookSendPerEndpoint },
      ],
      sendsLimited,
    );

  route('webhookEndpoints', async ({ ctx }) => {
    ctx.set('Cache-Control', 'no-store');
    return { endpoints: await listWebhookEndpoints(deps.db, creatorId(ctx.state)) };
  });

  route('createWebhookEndpoint', async ({ ctx, input }) => {
    ctx.set('Cache-Control', 'no-store');
    return createWebhookEndpoint(deps, creatorId(ctx.state), input);
  });

  route('resendWebhookDelivery', async ({ ctx, params }) => {
    const creator = creatorId(ctx.state);
    await countManualSend(ctx, creator, await endpointOfDelivery(deps.db, creator, params.id ?? ''));
    return { delivery: await resendDelivery(deps.db, creator, params.id ?? '') };
  });

  route('updateWebhookEndpoint', async ({ ctx, input, params }) => ({
    endpoint: await setWebhookEndpointEnabled(deps.db, creatorId(ctx.state), params.id ?? '', input.enabled),
  }));

  route('deleteWebhookEndpoint', async ({ ctx, params }) => ({
    id: await deleteWebhookEndpoint(deps.db, creatorId(ctx.state), params.id ?? ''),
  }));

  route('sendTestWebhook', async ({ ctx, params }) => {
    const creator = creatorId(ctx.state);
    await countManualSend(ctx, creator, await ownEndpoint(deps.db, creator, params.id ?? ''));
    return { delivery: await sendTestEvent(deps.db, creator, params.id ?? '') };
  });

  route('webhookDeliveries', async ({ ctx, params }) => {
    ctx.set('Cache-Control', 'no-store');
    return { deliveries: await deliveriesOf(deps.db, creatorId(ctx.state), params.id ?? '') };
  });

  return router;
}
