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
