import Router from '@koa/router';
import { chatStatusInputSchema, chatsQuerySchema } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal, requireCreator } from '../../http/auth.ts';
import { parseInput } from '../../http/validate.ts';
import { creatorChatChanges, deleteChat, listCreatorChats, setChatStatus } from './chats.service.ts';

/** Chat Loader moderation: GET /creator/chats, PATCH /creator/chats/:id/status, DELETE /creator/chats/:id. */
export function chatsRoutes(deps: AppDeps): Router {
  const router = new Router({ prefix: '/creator/chats' });

  router.get('/', requireCreator, async (ctx) => {
    const query = parseInput(chatsQuerySchema, ctx.query);
    const creatorId = principal(ctx.state).userId;
    ctx.set('Cache-Control', 'no-store');
    ctx.body =
      query.since === undefined
        ? await listCreatorChats(deps.db, creatorId, query)
        : await creatorChatChanges(deps.db, creatorId, query.since);
  });

  router.patch('/:id/status', requireCreator, async (ctx) => {
    const { status } = parseInput(chatStatusInputSchema, ctx.request.body);
    ctx.body = { tip: await setChatStatus(deps, principal(ctx.state).userId, ctx.params.id ?? '', status) };
  });

  router.delete('/:id', requireCreator, async (ctx) => {
    ctx.body = { id: await deleteChat(deps, principal(ctx.state).userId, ctx.params.id ?? '') };
  });

  return router;
}
