import type { User } from '@shabaash/shared';
import type { UserRecord } from './users.repository.ts';

/** The user DTO (userSchema): id, name, phone, role, profilePic and the creator's public profile. */
export function presentUser(user: UserRecord): User {
  return {
    id: user.id,
    name: user.name,
    phone: user.phone,
    role: user.role,
    profilePic: user.profilePic,
    creator: user.creator
      ? {
          handle: user.creator.handle,
          displayName: user.creator.displayName,
          // Only while suspended: the Chat Loader says so (the field is absent otherwise).
          ...(user.creator.suspended ? { suspended: true } : {}),
        }
      : null,
  };
}
