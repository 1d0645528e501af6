import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** POST /api/auth/login: phone and password to { token, user }. */
export function useLogin() {
  return useMutation({
    mutationFn: (input: { phone: string; password: string }) => api('login', { input }),
  });
}
