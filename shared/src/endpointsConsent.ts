// Zod-free, part of the endpoint table (endpoints.ts spreads it): date of birth and parental consent.
import type { EndpointFact } from './endpointFact.ts';

export const CONSENT_ROWS = {
  setDateOfBirth: {
    method: 'PUT',
    path: '/users/me/date-of-birth',
    auth: 'user',
    summary:
      'Give the date of birth once (accounts made before sign-up asked it); answers the consent state.',
  },
  myConsent: {
    method: 'GET',
    path: '/consent/me',
    auth: 'user',
    summary:
      'Whether the viewer may pay: a minor needs a parent’s consent, and what is left of the monthly cap.',
  },
  requestConsent: {
    method: 'POST',
    path: '/consent/request',
    auth: 'user',
    summary:
      'A minor names a parent’s phone and gets the consent link to share (a new link replaces the last).',
  },
  consentPage: {
    method: 'GET',
    path: '/consent/link/:token',
    auth: 'public',
    summary: 'The parent’s consent page: whose consent, the parent’s phone masked, the monthly cap.',
  },
  confirmConsent: {
    method: 'POST',
    path: '/consent/link/:token/confirm',
    auth: 'public',
    summary:
      'The parent confirms with an OTP on the phone the minor named; answers the withdrawal link’s token.',
  },
  withdrawConsent: {
    method: 'POST',
    path: '/consent/withdraw/:token',
    auth: 'public',
    summary: 'The parent withdraws consent: the minor’s payments stop at once.',
  },
} as const satisfies Record<string, EndpointFact>;
