import type Router from '@koa/router';
import { MESSAGES } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { AppError } from '../../http/errors.ts';
import { countFailure, enforceRateLimits, rateLimits, refuseWhileLimited } from '../../http/rateLimit.ts';
import { presentUser } from '../users/users.presenter.ts';
import { login, logout, register, resetPassword } from './auth.service.ts';

/**
 * POST /api/auth/register, /login, /reset-password (rate-limited per IP; per phone, logins count failed
 * checks per client and resets count verified OTPs) and /logout.
 */
export function authRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const limits = rateLimits(deps.config);
  const { router, route } = contractRouter(deps.config);

  route('register', async ({ ctx, input }) => {
    await enforceRateLimits(ctx, db, [
      { key: `register:phone:${input.phone}`, rule: limits.registerPerPhone },
      { key: `register:ip:${ctx.ip}`, rule: limits.registerPerIp },
    ]);
    const result = await register(deps, input);
    ctx.status = 201;
    return { token: result.token, user: presentUser(result.user) };
  });

  route('login', async ({ ctx, input }) => {
    await enforceRateLimits(ctx, db, [{ key: `login:ip:${ctx.ip}`, rule: limits.loginPerIp }]);
    // Only failed password checks count, per phone AND client: a stranger cannot lock the owner out.
    const failures = `login:fail:${input.phone}:${ctx.ip}`;
    await refuseWhileLimited(ctx, db, failures, limits.loginFailuresPerPhoneAndClient);
    const result = await login(deps, input).catch(async (err: unknown) => {
      if (err instanceof AppError && err.code === 'UNAUTHENTICATED')
        await countFailure(db, failures, limits.loginFailuresPerPhoneAndClient);
      throw err;
    });
    return { token: result.token, user: presentUser(result.user) };
  });

  route('resetPassword', async ({ ctx, input }) => {
    await enforceRateLimits(ctx, db, [{ key: `reset:ip:${ctx.ip}`, rule: limits.resetPerIp }]);
    await resetPassword(deps, input, () =>
      enforceRateLimits(ctx, db, [{ key: `reset:phone:${input.phone}`, rule: limits.resetPerPhone }]),
    );
    return { message: MESSAGES.passwordReset };
  });

  route('logout', async ({ ctx }) => {
    await logout(deps, principal(ctx.state));
    return { message: MESSAGES.loggedOut };
  });

  return router;
}
