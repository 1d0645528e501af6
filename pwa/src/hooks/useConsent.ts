import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyConsent } from '@shabaash/shared';
import { api } from '../api/client.ts';

export const CONSENT_KEY = ['consent', 'me'] as const;

/** GET /api/consent/me: whether the signed-in viewer may pay, and what is left of a minor's month. */
export function useMyConsent() {
  return useQuery<MyConsent>({
    queryKey: CONSENT_KEY,
    queryFn: ({ signal }) => api('myConsent', { signal }),
  });
}

/** PUT /api/users/me/date-of-birth (once) and POST /api/consent/request; both answer the new state. */
export function useConsentActions() {
  const queryClient = useQueryClient();
  const keep = (state: MyConsent) => queryClient.setQueryData(CONSENT_KEY, state);
  return {
    setDateOfBirth: useMutation({
      mutationFn: (dateOfBirth: string) => api('setDateOfBirth', { input: { dateOfBirth } }),
      onSuccess: keep,
    }),
    requestConsent: useMutation({
      mutationFn: (parentPhone: string) => api('requestConsent', { input: { parentPhone } }),
      onSuccess: keep,
    }),
  };
}

/** The consent link the minor shares with a parent (this app's origin). */
export function consentLink(token: string): string {
  return `${window.location.origin}/consent/${token}`;
}

/** The parent's side of a consent link: GET /api/consent/:token and its confirmation with the parent's OTP proof. */
export function useConsentLink(token: string) {
  return {
    page: useQuery({
      queryKey: ['consent', 'link', token],
      queryFn: ({ signal }) => api('consentPage', { params: { token }, signal }),
      retry: false,
    }),
    confirm: useMutation({
      mutationFn: (proof: { phone: string; firebaseToken: string }) =>
        api('confirmConsent', { params: { token }, input: proof }),
    }),
  };
}

/** The parent's withdrawal of consent, from the link shown after confirming. */
export function useWithdrawConsent(token: string) {
  return useMutation({ mutationFn: () => api('withdrawConsent', { params: { token } }) });
}
