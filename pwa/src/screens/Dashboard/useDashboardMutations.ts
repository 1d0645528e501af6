import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** PUT /api/users/profile-picture with a data URL; answers { user }. */
export function useUpdateProfilePic() {
  return useMutation({
    mutationFn: (profilePic: string) => api('updateProfilePic', { input: { profilePic } }),
  });
}

/** POST /api/creator/profile: turns the signed-in viewer into a creator; answers { user }. */
export function useBecomeCreator() {
  return useMutation({
    mutationFn: (input: { handle: string; displayName: string }) => api('becomeCreator', { input }),
  });
}

/** GET /api/users/me/export: everything the account holds, as one JSON document. */
export function useExportMyData() {
  return useMutation({ mutationFn: () => api('exportMyData') });
}

/** DELETE /api/users/me: deletes the account, confirming the balance the viewer saw (it is forfeited). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (balancePaise: number) => api('deleteAccount', { input: { confirm: true, balancePaise } }),
  });
}
