import { useMutation } from '@tanstack/react-query';
import type { EndpointInput } from '@shabaash/shared';
import { api } from '../api/client.ts';

/** POST /api/auth/register: the new account's details with the phone's Firebase ID token; answers a session. */
export function useRegister() {
  return useMutation({ mutationFn: (input: EndpointInput<'register'>) => api('register', { input }) });
}

/** POST /api/auth/reset-password with the Firebase ID token. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: EndpointInput<'resetPassword'>) => api('resetPassword', { input }),
  });
}

/** POST /api/ops/login: phone, password and the OTP's Firebase ID token (operators sign in this way every time). */
export function useOpsLogin() {
  return useMutation({ mutationFn: (input: EndpointInput<'opsLogin'>) => api('opsLogin', { input }) });
}
