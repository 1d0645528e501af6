import {
  maskPhone,
  paiseToRupees,
  type AlertSound,
  type ExternalEvent,
  type Tip,
  type TipStatus,
} from '@shabaash/shared';

/** A tips row joined with its sender (snake_case, as the repository reads it). */
export interface TipRow {
  id: string;
  creator_id: string;
  sender_id: string | null;
  guest_name: string | null;
  source: 'wallet' | 'guest' | 'youtube';
  amount_paise: number;
  fee_paise: number;
  message: string;
  status: TipStatus;
  payment_id: string | null;
  version: number;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  /** Alert receipts (migration 20261127150000): the first overlay acknowledgement and the version it took. */
  aired_at?: Date | null;
  aired_sound?: AlertSound | null;
  aired_version?: number | string | null;
  /** The version that put the tip live (trigger-filled). */
  live_version?: number | string | null;
  /** Pushed live while the creator's alerts were paused (overlays get it on Resume). */
  held?: boolean;
  /** The payer covered the platform fee (migration 20261128010000). */
  fees_covered?: boolean;
  sender_name?: string | null;
  sender_profile_pic?: string | null;
  sender_phone?: string | null;
  /** The moderator who last set the status (migration 20261128050000); null when the creator did. */
  status_by_name?: string | null;
  /** A YouTube tip's original event (tips.repository YOUTUBE_EVENT_COLUMN); null or absent for any other tip. */
  youtube?: Omit<ExternalEvent, 'platform'> | null;
}

/**
 * Row → wire DTO, the same on HTTP and websocket. `includePhone` is for the tip's own creator only, who sees
 * the number masked to its last 4 digits (DPDP Act; the spec showed it whole); `ownPhone` is for the sender
 * reading their own tip, in full. Public rooms and lists never carry phone numbers.
 */
export function presentTip(row: TipRow, options: { includePhone?: boolean; ownPhone?: boolean } = {}): Tip {
  const phone = row.sender_phone ?? null;
  const sender =
    row.sender_id && row.sender_name != null
      ? {
          name: row.sender_name,
          profilePic: row.sender_profile_pic ?? null,
          phone:
            phone === null ? null : options.ownPhone ? phone : options.includePhone ? maskPhone(phone) : null,
        }
      : null;
  const name = sender?.name || row.guest_name || 'Anonymous';
  return {
    _id: row.id,
    id: row.id,
    creatorId: row.creator_id,
    amount: paiseToRupees(Number(row.amount_paise)),
    amountPaise: Number(row.amount_paise),
    message: row.message,
    name,
    guestName: row.guest_name,
    sender,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: Number(row.version),
    // Only once aired, so tips without a receipt keep their exact shape (webhook bodies, stored snapshots).
    ...(row.aired_at && row.aired_sound
      ? { aired: { at: new Date(row.aired_at).toISOString(), sound: row.aired_sound } }
      : {}),
    // Only when covered, for the same reason.
    ...(row.fees_covered ? { feesCovered: true } : {}),
    // The creator's view only (it is the one with phones): who of their moderators set the status.
    ...(options.includePhone && row.status_by_name ? { statusBy: row.status_by_name } : {}),
    // A Super Chat or Super Sticker: its source and original amount (amountPaise is what counts).
    ...(row.youtube
      ? { external: { platform: 'youtube', ...row.youtube, amountMicros: Number(row.youtube.amountMicros) } }
      : {}),
  };
}
