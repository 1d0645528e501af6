import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  deliveriesOf,
  listWebhookEndpoints,
  resendDelivery,
  sendTestEvent,
  setWebhookEndpointEnabled,
} from './webhooks.service.ts';

/** A creator's outgoing webhook endpoints, test events and delivery log (creator session only). */
export function webhooksRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);
  const creatorId = (state: Parameters<typeof principal>[0]) => principal(state).userId;

  route('webhookEndpoints', async ({ ctx }) => {
    ctx.set('Cache-Control', 'no-store');
    return { endpoints: await listWebhookEndpoints(deps.db, creatorId(ctx.state)) };
  });

  route('createWebhookEndpoint', async ({ ctx, input }) => {
    ctx.set('Cache-Control', 'no-store');
    return createWebhookEndpoint(deps, creatorId(ctx.state), input);
  });

  route('resendWebhookDelivery', async ({ ctx, params }) => ({
    delivery: await resendDelivery(deps.db, creatorId(ctx.state), params.id ?? ''),
  }));

  route('updateWebhookEndpoint', async ({ ctx, input, params }) => ({
    endpoint: await setWebhookEndpointEnabled(deps.db, creatorId(ctx.state), params.id ?? '', input.enabled),
  }));

  route('deleteWebhookEndpoint', async ({ ctx, params }) => ({
    id: await deleteWebhookEndpoint(deps.db, creatorId(ctx.state), params.id ?? ''),
  }));

  route('sendTestWebhook', async ({ ctx, params }) => ({
    delivery: await sendTestEvent(deps.db, creatorId(ctx.state), params.id ?? ''),
  }));

  route('webhookDeliveries', async ({ ctx, params }) => {
    ctx.set('Cache-Control', 'no-store');
    return { deliveries: await deliveriesOf(deps.db, creatorId(ctx.state), params.id ?? '') };
  });

  return router;
}
