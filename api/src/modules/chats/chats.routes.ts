import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { creatorChatChanges, deleteChat, listCreatorChats, setChatStatus } from './chats.service.ts';

/** Chat Loader moderation: GET /creator/chats, GET /creator/chats/changes, PATCH …/:id/status, DELETE …/:id. */
export function chatsRoutes(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.config);

  route('chats', async ({ ctx, query }) => {
    ctx.set('Cache-Control', 'no-store');
    return listCreatorChats(deps.db, principal(ctx.state).userId, query);
  });

  route('chatChanges', async ({ ctx, query }) => {
    ctx.set('Cache-Control', 'no-store');
    return creatorChatChanges(deps.db, principal(ctx.state).userId, query.since);
  });

  route('setChatStatus', async ({ ctx, input, params }) => ({
    tip: await setChatStatus(deps, principal(ctx.state).userId, params.id ?? '', input.status),
  }));

  route('deleteChat', async ({ ctx, params }) => ({
    id: await deleteChat(deps, principal(ctx.state).userId, params.id ?? ''),
  }));

  return router;
}
