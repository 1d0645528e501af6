import { maskPhone, type ModeratedCreator, type ModeratedTip, type Moderator } from '@shabaash/shared';
import type { TipRecord } from '../../domain/tip.ts';
import type { ModeratedCreatorRecord, ModeratorRecord } from './moderators.repository.ts';

/** A moderator or invitation as their creator sees it: the phone masked to its last 4 digits. */
export function presentModerator(record: ModeratorRecord): Moderator {
  return {
    id: record.id,
    status: record.status,
    name: record.status === 'active' ? record.moderatorName : null,
    phone: maskPhone(record.phone),
    invitedAt: record.createdAt.toISOString(),
    acceptedAt: record.acceptedAt ? record.acceptedAt.toISOString() : null,
  };
}

export function presentModeratedCreator(record: ModeratedCreatorRecord): ModeratedCreator {
  return { handle: record.handle, name: record.name, profilePic: record.profilePic };
}

/**
 * A tip as a moderator may see it, on HTTP and on the websocket alike: built field by field from the record, so
 * the amount, the fee, "fees covered" and the sender's phone are never in it (not even as null); a Super Chat says
 * so, without its amount.
 */
export function presentModeratedTip(tip: TipRecord): ModeratedTip {
  const senderName = tip.sender?.name ?? null;
  return {
    id: tip.id,
    creatorId: tip.creatorId,
    message: tip.message,
    name: senderName || tip.guestName || 'Anonymous',
    profilePic: tip.sender?.profilePic ?? null,
    status: tip.status,
    createdAt: tip.createdAt.toISOString(),
    updatedAt: tip.updatedAt.toISOString(),
    version: tip.version,
    ...(tip.statusByName ? { statusBy: tip.statusByName } : {}),
    ...(tip.youtube
      ? {
          external: {
            platform: 'youtube',
            kind: tip.youtube.kind,
            stickerAltText: tip.youtube.stickerAltText,
          },
        }
      : {}),
  };
}
