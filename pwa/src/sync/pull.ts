import { LIMITS, type ServerMessage, type Tip, type User, type WalletTransaction } from '@shabaash/shared';
import { creatorSpace, payoutsSpace, walletSpace } from '@shabaash/shared/core';
import { api, ApiError, readToken } from '../api/client.ts';
import { readStoredUser } from '../auth/sessionStorage.ts';
import { reportApiReachable } from './connectivity.ts';
import { allTables, db, type MirroredBalance, type MirroredChat } from './db.ts';
import { coalescing } from './coalesce.ts';
import { savePayouts } from './payouts.ts';
import { currentWalletMode, markWalletMode } from '../lib/walletMode.ts';
import { forgetRememberedCreator, readRememberedCreator } from '../lib/referringCreator.ts';

/** The signed-in user whose data the mirror holds (null when signed out). */
export function currentSyncUser(): User | null {
  return readToken() ? readStoredUser() : null;
}

/** Makes sure the mirror belongs to `userId`: another user's rows, cursors and outbox are dropped first. */
export async function ensureMirrorOwner(userId: string): Promise<void> {
  await db.transaction('rw', allTables(), async () => {
    const owner = await db.meta.get('owner');
    if (owner?.value === userId) return;
    await Promise.all(allTables().map((table) => table.clear()));
    await db.meta.put({ key: 'owner', value: userId });
  });
}

/**
 * Applies pending outbox actions on top of a server row (inside the caller's transaction): a chat the creator
 * pushed live or deleted offline keeps showing that until the server confirms or refuses it.
 */
export async function rebaseChat(tip: Tip): Promise<MirroredChat> {
  const entries = await db.outbox.where('targetId').equals(tip.id).sortBy('seq');
  let chat: MirroredChat = { ...tip, pending: 0, pendingDelete: 0 };
  for (const entry of entries) {
    if (entry.kind === 'setStatus') chat = { ...chat, status: entry.payload.status, pending: 1 };
    else if (entry.kind === 'deleteChat') chat = { ...chat, pending: 1, pendingDelete: 1 };
  }
  return chat;
}

/** Replaces or merges chats and moves the cursor, in ONE transaction (rows, tombstones and version together). */
export async function applyChatChanges(
  userId: string,
  changes: { tips: Tip[]; deleted: string[]; version: number; reset: boolean },
): Promise<void> {
  const space = creatorSpace(userId);
  await db.transaction('rw', [db.chats, db.cursors, db.outbox], async () => {
    const cursor = await db.cursors.get(space);
    if (!changes.reset && cursor && cursor.version >= changes.version && changes.tips.length === 0) return;
    if (changes.reset) await db.chats.clear();
    const rows: MirroredChat[] = [];
    for (const tip of changes.tips) {
      const existing = await db.chats.get(tip.id);
      // A row already newer (from realtime) is kept; duplicates by id and version are dropped.
      if (!changes.reset && existing && existing.version >= tip.version) continue;
      rows.push(await rebaseChat(tip));
    }
    await db.chats.bulkPut(rows);
    if (changes.deleted.length > 0) await db.chats.bulkDelete(changes.deleted);
    const version = changes.reset ? changes.version : Math.max(cursor?.version ?? 0, changes.version);
    await db.cursors.put({ space, version });
  });
}

/** Adds wallet rows, the confirmed balance and the cursor in ONE transaction; `replace` drops non-pending rows first. */
export async function applyWalletChanges(
  userId: string,
  changes: {
    transactions: WalletTransaction[];
    version: number;
    balancePaise: number | null;
    replace: boolean;
  },
): Promise<void> {
  const space = walletSpace(userId);
  await db.transaction('rw', [db.walletActivity, db.cursors, db.meta], async () => {
    if (changes.replace) await db.walletActivity.filter((row) => row.pending !== 1).delete();
    await db.walletActivity.bulkPut(changes.transactions.map((row) => ({ ...row, pending: 0 as const })));
    const cursor = await db.cursors.get(space);
    const version = changes.replace ? changes.version : Math.max(cursor?.version ?? 0, changes.version);
    await db.cursors.put({ space, version });
    if (changes.balancePaise !== null) {
      const balance: MirroredBalance = {
        balancePaise: changes.balancePaise,
        confirmedAt: new Date().toISOString(),
      };
      await db.meta.put({ key: 'balance', value: balance });
    }
  });
}

async function pullWallet(userId: string): Promise<void> {
  const space = walletSpace(userId);
  const cursor = await db.cursors.get(space);
  if (!cursor) {
    const [list, balance] = await Promise.all([
      api('transactions', { query: { limit: 50 } }),
      api('balance'),
    ]);
    await applyWalletChanges(userId, { ...list, balancePaise: balance.balancePaise, replace: true });
    return;
  }
  let since = cursor.version;
  for (let page = 0; page < 20; page++) {
    const changes = await api('transactions', { query: { since, limit: 200 } });
    const more = changes.hasMore === true && changes.version > since;
    const balance = more ? null : (await api('balance')).balancePaise;
    if (changes.version < since) {
      // The server is behind us (another database): start again from its newest rows.
      await db.cursors.delete(space);
      return pullWallet(userId);
    }
    await applyWalletChanges(userId, {
      transactions: changes.transactions,
      version: changes.version,
      balancePaise: balance,
      replace: false,
    });
    if (!more) return;
    since = changes.version;
  }
}

async function pullChats(userId: string): Promise<void> {
  const space = creatorSpace(userId);
  const cursor = await db.cursors.get(space);
  if (!cursor) {
    const list = await api('chats', { query: { sort: 'updated' } });
    await applyChatChanges(userId, { tips: list.tips, deleted: [], version: list.version, reset: true });
    return;
  }
  const changes = await api('chatChanges', { query: { since: cursor.version } });
  await applyChatChanges(userId, changes);
}

/**
 * The dashboard's recent tips: the referring creator's (lib/referringCreator.ts), else the default creator's, with
 * the viewer's own. A referring creator the API no longer knows (404, or 410 deleted) is forgotten for the default.
 */
async function pullRecentTips(): Promise<void> {
  const creator = readRememberedCreator();
  let tips: Tip[];
  try {
    ({ tips } = await api('recentTips', { query: creator ? { creator } : {} }));
  } catch (err) {
    if (!creator || !(err instanceof ApiError) || (err.status !== 404 && err.status !== 410)) throw err;
    forgetRememberedCreator(creator);
    ({ tips } = await api('recentTips', { query: {} }));
  }
  await db.transaction('rw', db.recentTips, async () => {
    await db.recentTips.filter((row) => row.pending !== 1).delete();
    await db.recentTips.bulkPut(tips.map((tip) => ({ ...tip, pending: 0 as const })));
  });
}

async function pullOnce(): Promise<void> {
  const user = currentSyncUser();
  if (!user) return;
  await ensureMirrorOwner(user.id);
  // No stored wallet (WALLET_MODE=off): nothing to mirror; a 404 WALLET_OFF tells a page that had not heard yet.
  const jobs = [pullRecentTips()];
  if (currentWalletMode() !== 'off')
    jobs.push(
      pullWallet(user.id).catch((err: unknown) => {
        if (err instanceof ApiError && err.code === 'WALLET_OFF') markWalletMode('off');
        else throw err;
      }),
    );
  if (user.role === 'creator' && user.creator) jobs.push(pullChats(user.id));
  const results = await Promise.allSettled(jobs);
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  const unreachable = results.some(
    (r) => r.status === 'rejected' && r.reason instanceof ApiError && r.reason.status === 0,
  );
  reportApiReachable(!unreachable);
  if (failure) throw failure.reason;
}

const pullCoalesced = coalescing(pullOnce);

/**
 * Fetches everything that changed since the stored versions (wallet activity and balance, recent tips, and the
 * creator's chat queue with tombstones) and applies each in one Dexie transaction; a full reset when the server
 * says so. Calls made while a pull runs are coalesced into one more pull. Rejects when a request failed.
 * Call it on websocket (re)connect; the sync layer already calls it on open, `online` and `visibilitychange`.
 */
export function pullNow(): Promise<void> {
  return pullCoalesced(undefined);
}

/** Like pullNow but never rejects (for event listeners). */
export function requestPull(): void {
  pullNow().catch(() => undefined);
}

type TipMessage = Extract<ServerMessage, { type: 'tip:new' | 'tip:status' | 'tip:aired' | 'tip:deleted' }>;

/**
 * The creator space whose pushed-live tips the mirrored recent-tips list holds, as the last welcome granted it:
 * the public room's creator (the referring creator the hello named, else the default creator), else the user's
 * own channel (no public room of their own). Null until a welcome arrives. `recentHandle` is the referring creator
 * of that hello: after a new referring link the list follows the new creator (pulled), and the old room's events
 * are ignored until the socket reconnects.
 */
let recentSpace: string | null = null;
let recentHandle: string | null = null;

function recentTipsSpace(user: User, rooms: readonly string[]): string | null {
  const publicRoom = rooms.find((room) => room.startsWith('public:'));
  if (publicRoom) return creatorSpace(publicRoom.slice('public:'.length));
  return user.role === 'creator' && user.creator ? creatorSpace(user.id) : null;
}

/** Sent rows beyond this are trimmed from the mirror (the list shows the newest LIMITS.recentTipsKept). */
const RECENT_ROWS_KEPT = LIMITS.recentTipsKept * 3;

/**
 * Applies a tip event of the recent-tips creator to the mirrored list: a pushed-live tip goes in (or replaces
 * an older version of itself), one that left the live view comes out. The public room reports a tip leaving
 * the live view as `tip:deleted` without saying whose it was, and the list also holds the viewer's own tips
 * whatever their status, so a removal from the public room is followed by a pull that brings an own tip back.
 */
async function applyRecentTipMessage(message: TipMessage, fromPublicRoom: boolean): Promise<void> {
  let removed = false;
  await db.transaction('rw', db.recentTips, async () => {
    const existing = await db.recentTips.get(message.data.id);
    if (existing && existing.pending !== 1 && existing.version >= message.version) return;
    if (message.type === 'tip:deleted' || message.data.status !== 'read') {
      if (existing) await db.recentTips.delete(message.data.id);
      removed = !!existing;
      return;
    }
    await db.recentTips.put({ ...message.data, pending: 0 });
    const settled = await db.recentTips.filter((row) => row.pending !== 1).toArray();
    if (settled.length <= RECENT_ROWS_KEPT) return;
    const oldest = settled.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(RECENT_ROWS_KEPT);
    await db.recentTips.bulkDelete(oldest.map((row) => row.id));
  });
  if (removed && fromPublicRoom) requestPull();
}

/**
 * Feeds one realtime message to the mirror. The next version of a mirrored space is applied at once; an older
 * one is a duplicate and dropped; a jump in versions (a gap), a welcome or a wallet update triggers a pull; a
 * payouts summary newer than the saved one replaces it. Tip events of the recent-tips creator (the public room's,
 * named by the welcome) also update the recent-tips list, whoever sent them.
 * Returns true when the message concerned the mirror. The realtime client calls this for every message.
 */
export async function applyRealtimeMessage(message: ServerMessage): Promise<boolean> {
  const user = currentSyncUser();
  if (!user) return false;
  if (message.type === 'welcome') {
    recentSpace = recentTipsSpace(user, message.rooms);
    recentHandle = readRememberedCreator();
    requestPull();
    return true;
  }
  if (message.type === 'payout:update') {
    // A whole summary: the newest version is all that matters, so it is saved as is (no gap to fill).
    if (message.space !== payoutsSpace(user.id)) return false;
    await ensureMirrorOwner(user.id);
    await savePayouts(user.id, message.data);
    return true;
  }
  if (message.type === 'wallet:update') {
    if (message.space !== walletSpace(user.id)) return false;
    const cursor = await db.cursors.get(message.space);
    if (!cursor || message.version > cursor.version) requestPull();
    return true;
  }
  if (
    message.type !== 'tip:new' &&
    message.type !== 'tip:status' &&
    message.type !== 'tip:aired' &&
    message.type !== 'tip:deleted'
  )
    return false;
  const forRecent = message.space === recentSpace && recentHandle === readRememberedCreator();
  if (forRecent) {
    await ensureMirrorOwner(user.id);
    await applyRecentTipMessage(message, message.space !== creatorSpace(user.id));
  }
  if (message.space !== creatorSpace(user.id)) return forRecent;
  await ensureMirrorOwner(user.id);
  let gap = false;
  await db.transaction('rw', [db.chats, db.cursors, db.outbox], async () => {
    const cursor = await db.cursors.get(message.space);
    if (!cursor) {
      gap = true;
      return;
    }
    if (message.version <= cursor.version) return;
    if (message.version !== cursor.version + 1) {
      gap = true;
      return;
    }
    if (message.type === 'tip:deleted') await db.chats.delete(message.data.id);
    else await db.chats.put(await rebaseChat(message.data));
    await db.cursors.put({ space: message.space, version: message.version });
  });
  if (gap) requestPull();
  return true;
}
