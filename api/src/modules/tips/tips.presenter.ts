import { maskPhone, paiseToRupees, type Tip } from '@shabaash/shared';
import type { TipRecord } from '../../domain/tip.ts';

/**
 * Tip → wire DTO, the same on HTTP and websocket. `includePhone` is for the tip's own creator only, who sees
 * the number masked to its last 4 digits (DPDP Act; the spec showed it whole); `ownPhone` is for the sender
 * reading their own tip, in full. Public rooms and lists never carry phone numbers.
 */
export function presentTip(
  tip: TipRecord,
  options: { includePhone?: boolean; ownPhone?: boolean } = {},
): Tip {
  const phone = tip.sender?.phone ?? null;
  const sender = tip.sender && {
    name: tip.sender.name,
    profilePic: tip.sender.profilePic,
    phone: phone === null ? null : options.ownPhone ? phone : options.includePhone ? maskPhone(phone) : null,
  };
  const name = sender?.name || tip.guestName || 'Anonymous';
  return {
    _id: tip.id,
    id: tip.id,
    creatorId: tip.creatorId,
    amount: paiseToRupees(tip.amountPaise),
    amountPaise: tip.amountPaise,
    message: tip.message,
    name,
    guestName: tip.guestName,
    sender,
    status: tip.status,
    createdAt: tip.createdAt.toISOString(),
    updatedAt: tip.updatedAt.toISOString(),
    version: tip.version,
    // Only once aired, so tips without a receipt keep their exact shape (webhook bodies, stored snapshots).
    ...(tip.airedAt && tip.airedSound
      ? { aired: { at: tip.airedAt.toISOString(), sound: tip.airedSound } }
      : {}),
    // Only when covered, for the same reason.
    ...(tip.feesCovered ? { feesCovered: true } : {}),
    // The creator's view only (it is the one with phones): who of their moderators set the status.
    ...(options.includePhone && tip.statusByName ? { statusBy: tip.statusByName } : {}),
    // A Super Chat or Super Sticker: its source and original amount (amountPaise is what counts).
    ...(tip.youtube ? { external: { platform: 'youtube', ...tip.youtube } } : {}),
  };
}
