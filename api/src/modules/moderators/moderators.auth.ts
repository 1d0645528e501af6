import type { Middleware } from 'koa';
import { MESSAGES } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { forbidden, unauthenticated } from '../../http/errors.ts';
import { handleKey } from '../creators/creators.repository.ts';
import { findUserById } from '../users/users.repository.ts';
import { findModeratedCreator } from './moderators.repository.ts';
import type { Moderation } from './moderators.service.ts';

declare module 'koa' {
  interface DefaultState {
    /** Set by requireModerator: the creator of `:handle` the signed-in user moderates, and who they are. */
    moderation?: Moderation;
  }
}

/**
 * 401 unless signed in; 403 unless the user is an active moderator of the creator named by `:handle` (a removed
 * moderator, another creator's moderator, the creator themself and an unknown handle alike: nothing is told).
 */
export function requireModerator(deps: Pick<AppDeps, 'db'>): Middleware {
  return async (ctx, next) => {
    const auth = await ctx.state.loadPrincipal();
    if (!auth) throw unauthenticated();
    ctx.state.auth = auth;
    const handle = (ctx.params as Record<string, string | undefined>).handle ?? '';
    const creator = await findModeratedCreator(deps.db, auth.userId, handleKey(handle));
    const user = creator ? await findUserById(deps.db, auth.userId) : null;
    if (!creator || !user) throw forbidden(MESSAGES.forbiddenModerator);
    ctx.state.moderation = { creator, moderatorId: auth.userId, moderatorName: user.name };
    await next();
  };
}

/** The moderation requireModerator set; call only behind it. */
export function moderation(state: { moderation?: Moderation }): Moderation {
  if (!state.moderation) throw forbidden(MESSAGES.forbiddenModerator);
  return state.moderation;
}
