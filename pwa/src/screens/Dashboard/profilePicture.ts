import { LIMITS, MESSAGES } from '@shabaash/shared';

export const PROFILE_PIC_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/webp'] as const;

/** The profile picture rule: png/jpeg/jpg/webp only, at most 1,000,000 bytes. Returns the error or null. */
export function validateProfilePic(file: { type: string; size: number }): string | null {
  if (!(PROFILE_PIC_TYPES as readonly string[]).includes(file.type)) return MESSAGES.profilePicType;
  if (file.size > LIMITS.profilePicMaxBytes) return MESSAGES.profilePicSize;
  return null;
}
