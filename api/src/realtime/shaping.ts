import type { ServerMessage } from '@shabaash/shared';
import type { TipRecord } from '../domain/tip.ts';
import { presentModeratedTip } from '../modules/moderators/moderators.presenter.ts';
import { presentTip } from '../modules/tips/tips.presenter.ts';
import { presentWallet } from '../modules/wallet/wallet.presenter.ts';
import { msg } from './messages.ts';
import type { View } from './types.ts';

/** The version that created a tip (trigger-filled column; equal timestamps as a fallback for old rows). */
export function createdVersion(tip: TipRecord): number {
  if (tip.createdVersion != null) return tip.createdVersion;
  return tip.createdAt.getTime() === tip.updatedAt.getTime() ? tip.version : 0;
}

/**
 * The message a socket with this view gets for this tip, or null. Creator rooms see everything with phones.
 * Overlay and public rooms see only live (read) tips without phones; a tip that leaves the live view (unread,
 * ignore, deleted) reaches them as `tip:deleted` so they drop it without learning unmoderated text. A new tip that
 * is not live reaches overlay rooms as `tip:paid` (its id only): the widgets recount what was paid.
 * Moderator rooms see every chat in the moderator's shape (`moderation:tip`: no amount, fee or phone); an alert
 * receipt changes nothing they see.
 */
export function tipMessage(space: string, tip: TipRecord, view: View, isNew: boolean): ServerMessage | null {
  const { version, id } = tip;
  // Alert receipts: the tip's last change is its receipt (airedVersion), which changes nothing an overlay or a
  // viewer sees; creator rooms and bots that knew the tip get `tip:aired`.
  const receipt = tip.airedVersion === version;
  if (view === 'full') {
    if (tip.deletedAt) return msg.tipDeleted(space, version, id);
    const dto = presentTip(tip, { includePhone: true });
    if (isNew) return msg.tipNew(space, version, dto);
    return receipt ? msg.tipAired(space, version, dto) : msg.tipStatus(space, version, dto);
  }
  if (view === 'wallet') return null;
  if (view === 'moderator') {
    if (tip.deletedAt) return msg.moderationDeleted(space, version, id);
    return receipt && !isNew ? null : msg.moderationTip(space, version, presentModeratedTip(tip));
  }
  if (receipt && !tip.deletedAt && (view === 'overlay' || !isNew)) return null;
  // Pushed live while the creator's alerts were paused: overlays get it from Resume (alert:show), not now.
  if (view === 'overlay' && tip.held && tip.status === 'read' && !tip.deletedAt)
    return isNew ? msg.tipPaid(space, version, id) : null;
  if (tip.deletedAt || tip.status !== 'read') {
    if (!isNew) return msg.tipDeleted(space, version, id);
    return view === 'overlay' ? msg.tipPaid(space, version, id) : null;
  }
  const dto = presentTip(tip, { includePhone: false });
  return isNew ? msg.tipNew(space, version, dto) : msg.tipStatus(space, version, dto);
}

/** Views that get the same bytes for a tip share one encoding (creator rooms, overlays, public rooms). */
export function tipShapeKey(view: View, isNew: boolean): string {
  return `${view}:${isNew ? 1 : 0}`;
}

/** The wallet's balance after its change at `version`, as the wallet endpoint presents it. */
export function walletMessage(space: string, version: number, balancePaise: number): ServerMessage {
  return msg.walletUpdate(space, version, presentWallet(balancePaise));
}
