import { LIMITS, type Tip, type TipStatus } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import type { TipRecord } from '../../domain/tip.ts';
import { notFound } from '../../http/errors.ts';
import { creatorChangesSince } from '../sync/changes.ts';
import { bumpSpace, creatorSpace, spaceVersion } from '../sync/spaces.ts';
import { presentTip } from '../tips/tips.presenter.ts';
import {
  findTipById,
  listChats,
  lockCreatorTip,
  tombstoneTip,
  updateTipStatus,
} from '../tips/tips.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ChatsQuery {
  status?: TipStatus | undefined;
  search?: string | undefined;
  sort: 'updated' | 'amount';
}

/**
 * The Chat Loader list: the creator's non-deleted chats (ignored ones only when status=ignore), at most 200,
 * plus the creator space's version. The version is read BEFORE the rows, so a later pull from it may repeat a
 * row (clients drop duplicates by id and version) but can never miss one.
 */
export async function listCreatorChats(
  db: AppDeps['db'],
  creatorId: string,
  query: ChatsQuery,
): Promise<{ tips: Tip[]; version: number }> {
  const version = await spaceVersion(db, creatorSpace(creatorId));
  const rows = await listChats(db, creatorId, {
    status: query.status,
    search: query.search || undefined,
    sort: query.sort,
    limit: LIMITS.chatControlMaxTips,
  });
  return { tips: rows.map((row) => presentTip(row, { includePhone: true })), version };
}

/**
 * Changes of the creator's chats after `since` (chatChangesResponseSchema): changed live rows (any status,
 * so a client learns of `ignore` too) and the ids of tombstones. A `since` ahead of the server's version
 * (another database, a restored backup) answers `reset: true` with the full current list. When a page is
 * full, `version` is the last row's version and the client pulls again from it.
 */
export async function creatorChatChanges(
  db: AppDeps['db'],
  creatorId: string,
  since: number,
): Promise<{ tips: Tip[]; deleted: string[]; version: number; reset: boolean }> {
  const changes = await creatorChangesSince(db, creatorId, since);
  if (since > changes.version && !changes.hasMore) {
    const full = await listCreatorChats(db, creatorId, { sort: 'updated' });
    return { ...full, deleted: [], reset: true };
  }
  const tips: Tip[] = [];
  const deleted: string[] = [];
  for (const row of changes.rows) {
    if (row.deletedAt) deleted.push(row.id);
    else tips.push(presentTip(row, { includePhone: true }));
  }
  return { tips, deleted, version: changes.version, reset: false };
}

/**
 * Sets a chat's status (Push live = read; ignore hides it) at the next version of the creator space, then
 * announces the space after commit. Setting the status it already has changes nothing (safe to replay).
 * Another creator's tip, a deleted one or a malformed id → 404.
 */
export async function setChatStatus(
  deps: Pick<AppDeps, 'db' | 'realtime' | 'speech'>,
  creatorId: string,
  tipId: string,
  status: TipStatus,
): Promise<Tip> {
  return presentTip(await changeChatStatus(deps, creatorId, tipId, status, null), { includePhone: true });
}

/**
 * setChatStatus for the creator (`byName` null) or one of their moderators (`byName`: shown to the creator as
 * "Pushed live by …"); answers the tip as committed.
 */
export async function changeChatStatus(
  deps: Pick<AppDeps, 'db' | 'realtime' | 'speech'>,
  creatorId: string,
  tipId: string,
  status: TipStatus,
  byName: string | null,
): Promise<TipRecord> {
  if (!UUID.test(tipId)) throw notFound('Chat');
  const space = creatorSpace(creatorId);
  const changed = await deps.db.transaction(async (tx) => {
    const tip = await lockCreatorTip(tx, creatorId, tipId);
    if (!tip) throw notFound('Chat');
    if (tip.status === status) return false;
    await updateTipStatus(tx, tipId, status, await bumpSpace(tx, space), byName);
    return true;
  });
  if (changed) deps.realtime.changed([space]);
  if (changed && status === 'read') deps.speech.tipLive(tipId);
  const row = await findTipById(deps.db, tipId);
  if (!row || row.creatorId !== creatorId) throw notFound('Chat');
  return row;
}

/**
 * Deletes a chat permanently: it becomes a tombstone (no message) at the next version, so synced clients
 * learn of it; announces the space after commit. Another creator's tip, already deleted or malformed → 404.
 */
export async function deleteChat(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  creatorId: string,
  tipId: string,
): Promise<string> {
  if (!UUID.test(tipId)) throw notFound('Chat');
  const space = creatorSpace(creatorId);
  await deps.db.transaction(async (tx) => {
    const tip = await lockCreatorTip(tx, creatorId, tipId);
    if (!tip) throw notFound('Chat');
    await tombstoneTip(tx, tipId, await bumpSpace(tx, space));
  });
  deps.realtime.changed([space]);
  return tipId;
}
