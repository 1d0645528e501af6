import type { AlertSound, ExternalEvent, TipStatus } from '@shabaash/shared';
import type { TipRecord } from '../../domain/tip.ts';

/**
 * A tips row joined with its sender (snake_case, as TIP_SELECT reads it, or as a wallet tip's stored snapshot
 * holds it). Only repositories see it: tipFromRow makes it the TipRecord everything above them takes.
 */
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
  /** Version of the change that inserted the tip (trigger-filled); absent from snapshots of old releases. */
  created_version?: number | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  /** Alert receipts: the first overlay acknowledgement and the version it took. */
  aired_at?: Date | null;
  aired_sound?: AlertSound | null;
  aired_version?: number | string | null;
  /** The version that put the tip live (trigger-filled). */
  live_version?: number | string | null;
  held?: boolean;
  fees_covered?: boolean;
  sender_name?: string | null;
  sender_profile_pic?: string | null;
  sender_phone?: string | null;
  status_by_name?: string | null;
  /** A YouTube tip's original event (YOUTUBE_EVENT_COLUMN); null or absent for any other tip. */
  youtube?: Omit<ExternalEvent, 'platform'> | null;
}

const numberOrNull = (value: number | string | null | undefined): number | null =>
  value == null ? null : Number(value);

/** The one place a tip row becomes a TipRecord (numbers as numbers; absent columns of old snapshots defaulted). */
export function tipFromRow(row: TipRow): TipRecord {
  return {
    id: row.id,
    creatorId: row.creator_id,
    senderId: row.sender_id,
    guestName: row.guest_name,
    source: row.source,
    amountPaise: Number(row.amount_paise),
    feePaise: Number(row.fee_paise),
    message: row.message,
    status: row.status,
    paymentId: row.payment_id,
    version: Number(row.version),
    createdVersion: numberOrNull(row.created_version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
    airedAt: row.aired_at ?? null,
    airedSound: row.aired_sound ?? null,
    airedVersion: numberOrNull(row.aired_version),
    liveVersion: numberOrNull(row.live_version),
    held: row.held ?? false,
    feesCovered: row.fees_covered ?? false,
    sender:
      row.sender_id && row.sender_name != null
        ? {
            name: row.sender_name,
            profilePic: row.sender_profile_pic ?? null,
            phone: row.sender_phone ?? null,
          }
        : null,
    statusByName: row.status_by_name ?? null,
    youtube: row.youtube ? { ...row.youtube, amountMicros: Number(row.youtube.amountMicros) } : null,
  };
}
