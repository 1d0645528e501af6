import type { AlertSound, ExternalEvent, TipStatus } from '@shabaash/shared';

// Domain records: what the layers above the repositories pass around (services, presenters, the realtime bus of
// deps.ts), in camelCase with numbers as numbers. Repositories map their rows to these, and only there; this
// folder imports nothing of the API's own (lint: layers/records-above-repositories).

/** Who sent a wallet tip, as the tip was read (null on the record for a guest, YouTube or erased sender). */
export interface TipSender {
  name: string;
  profilePic: string | null;
  phone: string | null;
}

/** A tip as it stands (tombstones included), with its sender: what presentTip and the realtime bus take. */
export interface TipRecord {
  id: string;
  creatorId: string;
  senderId: string | null;
  guestName: string | null;
  source: 'wallet' | 'guest' | 'youtube';
  amountPaise: number;
  feePaise: number;
  message: string;
  status: TipStatus;
  paymentId: string | null;
  /** The creator space's version of the tip's latest change. */
  version: number;
  /** The version of the change that inserted it; `> since` means "new to you" (null on rows older than the column). */
  createdVersion: number | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  /** Alert receipt: the first overlay acknowledgement, its sound and the version it took. */
  airedAt: Date | null;
  airedSound: AlertSound | null;
  airedVersion: number | null;
  /** The version that put the tip live. */
  liveVersion: number | null;
  /** Pushed live while the creator's alerts were paused (overlays get it on Resume). */
  held: boolean;
  /** The payer covered the platform fee. */
  feesCovered: boolean;
  /** The signed-in sender with a name; null for a guest or YouTube tip (`guestName` names those). */
  sender: TipSender | null;
  /** The moderator who last set the status; null when the creator did. */
  statusByName: string | null;
  /** A YouTube tip's original event; null for any other tip. */
  youtube: Omit<ExternalEvent, 'platform'> | null;
}
