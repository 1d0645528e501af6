import { MESSAGES } from '@shabaash/shared';
import { fail, requireUser, type MockResolvers } from '../context.ts';

/** Mock-mode viewers are adults: they pay without a parent's consent; consent links are unknown here. */
const ADULT = {
  state: 'not_needed',
  parentPhoneMasked: null,
  givenAt: null,
  withdrawnAt: null,
  monthlyCapPaise: null,
  tipsLeftPaise: null,
  topUpsLeftPaise: null,
} as const;

export const consentResolvers = {
  setDateOfBirth: (ctx) => {
    requireUser(ctx);
    return ADULT;
  },
  myConsent: (ctx) => {
    requireUser(ctx);
    return ADULT;
  },
  requestConsent: (ctx): never => {
    requireUser(ctx);
    throw fail('CONFLICT', MESSAGES.consentNotNeeded);
  },
  consentPage: (): never => {
    throw fail('NOT_FOUND', MESSAGES.consentLinkInvalid);
  },
  confirmConsent: (): never => {
    throw fail('NOT_FOUND', MESSAGES.consentLinkInvalid);
  },
  withdrawConsent: (): never => {
    throw fail('NOT_FOUND', MESSAGES.consentLinkInvalid);
  },
} satisfies Partial<MockResolvers>;
