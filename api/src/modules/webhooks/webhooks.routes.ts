import Router from '@koa/router';
import { webhookEndpointInputSchema, webhookEndpointUpdateSchema } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal, requireCreator } from '../../http/auth.ts';
import { parseInput } from '../../http/validate.ts';
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
  const router = new Router({ prefix: '/creator/webhooks' });
  const creatorId = (state: Parameters<typeof principal>[0]) => principal(state).userId;

  router.get('/', requireCreator, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { endpoints: await listWebhookEndpoints(deps.db, creatorId(ctx.state)) };
  });

  router.post('/', requireCreator, async (ctx) => {
    const input = parseInput(webhookEndpointInputSchema, ctx.request.body);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await createWebhookEndpoint(deps, creatorId(ctx.state), input);
  });

  router.post('/deliveries/:id/resend', requireCreator, async (ctx) => {
    ctx.body = { delivery: await resendDelivery(deps.db, creatorId(ctx.state), ctx.params.id ?? '') };
  });

  router.patch('/:id', requireCreator, async (ctx) => {
    const { enabled } = parseInput(webhookEndpointUpdateSchema, ctx.request.body);
    ctx.body = {
      endpoint: await setWebhookEndpointEnabled(deps.db, creatorId(ctx.state), ctx.params.id ?? '', enabled),
    };
  });

  router.delete('/:id', requireCreator, async (ctx) => {
    ctx.body = { id: await deleteWebhookEndpoint(deps.db, creatorId(ctx.state), ctx.params.id ?? '') };
  });

  router.post('/:id/test', requireCreator, async (ctx) => {
    ctx.body = { delivery: await sendTestEvent(deps.db, creatorId(ctx.state), ctx.params.id ?? '') };
  });

  router.get('/:id/deliveries', requireCreator, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { deliveries: await deliveriesOf(deps.db, creatorId(ctx.state), ctx.params.id ?? '') };
  });

  return router;
}
