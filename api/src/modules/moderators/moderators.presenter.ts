import { maskPhone, type ModeratedCreator, type ModeratedTip, type Moderator } from '@shabaash/shared';
import type { TipRow } from '../tips/tips.presenter.ts';
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
 * A tip row as a moderator may see it, on HTTP and on the websocket alike: built field by field from the row, so
 * the amount, the fee, "fees covered" and the sender's phone are never in it (not even as null); a Super Chat says
 * so, without its amount.
 */
export function presentModeratedTip(row: TipRow): ModeratedTip {
  const senderName = row.sender_id && row.sender_name != null ? row.sender_name : null;
  return {
    id: row.id,
    creatorId: row.creator_id,
    message: row.message,
    name: senderName || row.guest_name || 'Anonymous',
    profilePic: senderName !== null ? (row.sender_profile_pic ?? null) : null,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: Number(row.version),
    ...(row.status_by_name ? { statusBy: row.status_by_name } : {}),
    ...(row.youtube
      ? {
          external: {
            platform: 'youtube',
            kind: row.youtube.kind,
            stickerAltText: row.youtube.stickerAltText,
          },
        }
      : {}),
  };
}
