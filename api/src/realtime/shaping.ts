import type { ServerMessage } from '@shabaash/shared';
import type { TipChangeRow } from '../modules/sync/changes.ts';
import { presentModeratedTip } from '../modules/moderators/moderators.presenter.ts';
import { presentTip } from '../modules/tips/tips.presenter.ts';
import { presentWallet } from '../modules/wallet/wallet.presenter.ts';
import { msg } from './messages.ts';
import type { View } from './types.ts';

/** The version that created a tip (trigger-filled column; equal timestamps as a fallback for old rows). */
export function createdVersion(row: TipChangeRow): number {
  if (row.created_version != null) return Number(row.created_version);
  return row.created_at.getTime() === row.updated_at.getTime() ? Number(row.version) : 0;
}

/**
 * The message a socket with this view gets for this row, or null. Creator rooms see everything with phones.
 * Overlay and public rooms see only live (read) tips without phones; a tip that leaves the live view (unread,
 * ignore, deleted) reaches them as `tip:deleted` so they drop it without learning unmoderated text. A new tip that
 * is not live reaches overlay rooms as `tip:paid` (its id only): the widgets recount what was paid.
 * Moderator rooms see every chat in the moderator's shape (`moderation:tip`: no amount, fee or phone); an alert
 * receipt changes nothing they see.
 */
export function tipMessage(
  space: string,
  row: TipChangeRow,
  view: View,
  isNew: boolean,
): ServerMessage | null {
  const version = Number(row.version);
  // Alert receipts: the row's last change is its receipt (aired_version), which changes nothing an overlay or a
  // viewer sees; creator rooms and bots that knew the tip get `tip:aired`.
  const receipt = row.aired_version != null && Number(row.aired_version) === version;
  if (view === 'full') {
    if (row.deleted_at) return msg.tipDeleted(space, version, row.id);
    const tip = presentTip(row, { includePhone: true });
    if (isNew) return msg.tipNew(space, version, tip);
    return receipt ? msg.tipAired(space, version, tip) : msg.tipStatus(space, version, tip);
  }
  if (view === 'wallet') return null;
  if (view === 'moderator') {
    if (row.deleted_at) return msg.moderationDeleted(space, version, row.id);
    return receipt && !isNew ? null : msg.moderationTip(space, version, presentModeratedTip(row));
  }
  if (receipt && !row.deleted_at && (view === 'overlay' || !isNew)) return null;
  // Pushed live while the creator's alerts were paused: overlays get it from Resume (alert:show), not now.
  if (view === 'overlay' && row.held && row.status === 'read' && !row.deleted_at)
    return isNew ? msg.tipPaid(space, version, row.id) : null;
  if (row.deleted_at || row.status !== 'read') {
    if (!isNew) return msg.tipDeleted(space, version, row.id);
    return view === 'overlay' ? msg.tipPaid(space, version, row.id) : null;
  }
  const tip = presentTip(row, { includePhone: false });
  return isNew ? msg.tipNew(space, version, tip) : msg.tipStatus(space, version, tip);
}

/** Views that get the same bytes for a tip row share one encoding (creator rooms, overlays, public rooms). */
export function tipShapeKey(view: View, isNew: boolean): string {
  return `${view}:${isNew ? 1 : 0}`;
}

/** The wallet's balance after its change at `version`, as the wallet endpoint presents it. */
export function walletMessage(space: string, version: number, balancePaise: number): ServerMessage {
  return msg.walletUpdate(space, version, presentWallet(balancePaise));
}
