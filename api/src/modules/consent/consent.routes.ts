import { createHash } from 'node:crypto';
import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { principal } from '../../http/auth.ts';
import { contractRouter } from '../../http/contract.ts';
import { enforceRateLimits, rateLimits } from '../../http/rateLimit.ts';
import {
  confirmConsent,
  getConsentPage,
  getMyConsent,
  requestConsent,
  setDateOfBirth,
  withdrawConsent,
} from './consent.service.ts';

/**
 * Age and parental consent: PUT /api/users/me/date-of-birth, GET /api/consent/me, POST /api/consent/request (the
 * minor), GET /api/consent/link/:token and POST …/confirm (the parent, OTP on their phone), POST
 * /api/consent/withdraw/:token. Every call is rate-limited; tokens and phones are never logged (only hashes kept).
 */
export function consentRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const limits = rateLimits(deps.config);
  const { router, route } = contractRouter(deps.config);

  route('setDateOfBirth', async ({ ctx, input }) =>
    setDateOfBirth(deps, principal(ctx.state).userId, input.dateOfBirth),
  );

  route('myConsent', async ({ ctx }) => {
    ctx.set('Cache-Control', 'no-store');
    return getMyConsent(deps, principal(ctx.state).userId);
  });

  route('requestConsent', async ({ ctx, input }) => {
    const { userId } = principal(ctx.state);
    await enforceRateLimits(ctx, db, [
      { key: `consent-request:user:${userId}`, rule: limits.consentRequestPerUser },
    ]);
    return requestConsent(deps, userId, input.parentPhone);
  });

  route('consentPage', async ({ ctx, params }) => {
    await enforceRateLimits(ctx, db, [{ key: `consent-page:ip:${ctx.ip}`, rule: limits.consentPagePerIp }]);
    ctx.set('Cache-Control', 'no-store');
    return getConsentPage(deps, params.token ?? '');
  });

  route('confirmConsent', async ({ ctx, params, input }) => {
    const token = params.token ?? '';
    await enforceRateLimits(ctx, db, [
      { key: `consent-confirm:ip:${ctx.ip}`, rule: limits.consentConfirmPerIp },
      {
        key: `consent-confirm:link:${createHash('sha256').update(token).digest('hex')}`,
        rule: limits.consentConfirmPerLink,
      },
    ]);
    return confirmConsent(deps, token, input);
  });

  route('withdrawConsent', async ({ ctx, params }) => {
    await enforceRateLimits(ctx, db, [
      { key: `consent-withdraw:ip:${ctx.ip}`, rule: limits.consentWithdrawPerIp },
    ]);
    return withdrawConsent(deps, params.token ?? '');
  });

  return router;
}
