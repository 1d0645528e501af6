import Router from '@koa/router';
import { loginInputSchema, MESSAGES, registerInputSchema, resetPasswordInputSchema } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal, requireUser } from '../../http/auth.ts';
import { enforceRateLimits, rateLimits } from '../../http/rateLimit.ts';
import { parseInput } from '../../http/validate.ts';
import { presentUser } from '../users/users.presenter.ts';
import { login, logout, register, resetPassword } from './auth.service.ts';

/** POST /api/auth/register, /login, /reset-password (rate-limited per phone and per IP) and /logout. */
export function authRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const limits = rateLimits(deps.config);
  const router = new Router({ prefix: '/auth' });

  router.post('/register', async (ctx) => {
    const input = parseInput(registerInputSchema, ctx.request.body);
    await enforceRateLimits(ctx, db, [
      { key: `register:phone:${input.phone}`, rule: limits.registerPerPhone },
      { key: `register:ip:${ctx.ip}`, rule: limits.registerPerIp },
    ]);
    const result = await register(deps, input);
    ctx.status = 201;
    ctx.body = { token: result.token, user: presentUser(result.user) };
  });

  router.post('/login', async (ctx) => {
    const input = parseInput(loginInputSchema, ctx.request.body);
    await enforceRateLimits(ctx, db, [
      { key: `login:phone:${input.phone}`, rule: limits.loginPerPhone },
      { key: `login:ip:${ctx.ip}`, rule: limits.loginPerIp },
    ]);
    const result = await login(deps, input);
    ctx.body = { token: result.token, user: presentUser(result.user) };
  });

  router.post('/reset-password', async (ctx) => {
    const input = parseInput(resetPasswordInputSchema, ctx.request.body);
    await enforceRateLimits(ctx, db, [
      { key: `reset:phone:${input.phone}`, rule: limits.resetPerPhone },
      { key: `reset:ip:${ctx.ip}`, rule: limits.resetPerIp },
    ]);
    await resetPassword(deps, input);
    ctx.body = { message: MESSAGES.passwordReset };
  });

  router.post('/logout', requireUser, async (ctx) => {
    await logout(deps, principal(ctx.state));
    ctx.body = { message: MESSAGES.loggedOut };
  });

  return router;
}
