import {
  MESSAGES,
  rupeesToPaise,
  sendTipInputSchema,
  type EndpointOutput,
  type TipStatus,
} from '@shabaash/shared';
import { api, ApiError } from '../api/client.ts';
import { reportApiReachable } from './connectivity.ts';
import {
  db,
  type MirroredChat,
  type MirroredRecentTip,
  type MirroredTransaction,
  type OutboxEntry,
  type SendTipPayload,
} from './db.ts';
import { currentSyncUser, ensureMirrorOwner, rebaseChat, requestPull } from './pull.ts';
import { coalescing } from './coalesce.ts';
import { translate } from '../i18n/i18n.tsx';
import { errorText } from '../i18n/errors.ts';
import { rupees } from '../i18n/format.ts';

/** Id of the optimistic wallet row and recent tip of a queued send. */
export const pendingRowId = (idempotencyKey: string) => `pending:${idempotencyKey}`;

/** How a queued action ended (or that it is still waiting). */
export type Settlement =
  | { status: 'sent'; kind: OutboxEntry['kind']; result: unknown }
  | { status: 'refused'; kind: OutboxEntry['kind']; message: string }
  | { status: 'queued' };

const settleListeners = new Map<string, Set<(s: Settlement) => void>>();

function settle(key: string, settlement: Settlement): void {
  for (const listener of settleListeners.get(key) ?? []) listener(settlement);
  settleListeners.delete(key);
}

/**
 * Resolves when the action with this key was confirmed or refused by the server, or with `queued` after
 * `timeoutMs` or a failed attempt (offline, server down) — then it stays in the outbox and replays later.
 */
export function whenSettled(idempotencyKey: string, timeoutMs = 10_000): Promise<Settlement> {
  return new Promise((resolve) => {
    const listeners = settleListeners.get(idempotencyKey) ?? new Set();
    const done = (s: Settlement) => {
      clearTimeout(timer);
      listeners.delete(done);
      resolve(s);
    };
    const timer = setTimeout(() => done({ status: 'queued' }), timeoutMs);
    listeners.add(done);
    settleListeners.set(idempotencyKey, listeners);
  });
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function requireUser() {
  const user = currentSyncUser();
  if (!user) throw new ApiError(MESSAGES.unauthenticated, 'UNAUTHENTICATED', 401);
  return user;
}

const base = (owner: string, targetId?: string) => ({
  idempotencyKey: newKey(),
  owner,
  createdAt: new Date().toISOString(),
  attempts: 0,
  lastError: null,
  nextAttemptAt: 0,
  ...(targetId ? { targetId } : {}),
});

/**
 * Queues a wallet tip (works offline): validates it with the shared schema (throws ApiError VALIDATION_FAILED
 * with the spec message), then in ONE transaction shows it at once as a pending wallet debit and recent tip and
 * stores it in the outbox with a fresh Idempotency-Key. Replays start at once when online.
 */
export async function enqueueSendTip(input: SendTipPayload): Promise<OutboxEntry> {
  const user = requireUser();
  const parsed = sendTipInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(
      issue?.message ?? MESSAGES.invalidAmount,
      'VALIDATION_FAILED',
      0,
      String(issue?.path[0] ?? 'amount'),
    );
  }
  await ensureMirrorOwner(user.id);
  const payload: SendTipPayload = { ...parsed.data, creatorName: input.creatorName };
  const entry: OutboxEntry = { ...base(user.id), kind: 'sendTip', payload };
  const amountPaise = rupeesToPaise(payload.amount);
  const now = entry.createdAt;
  const rowId = pendingRowId(entry.idempotencyKey);
  const activity: MirroredTransaction = {
    _id: rowId,
    type: 'debit',
    amount: payload.amount,
    amountPaise,
    description: `Tip to ${payload.creatorName ?? payload.creator ?? 'creator'}`,
    createdAt: now,
    version: Number.MAX_SAFE_INTEGER,
    pending: 1,
  };
  const recent: MirroredRecentTip = {
    _id: rowId,
    id: rowId,
    creatorId: '',
    amount: payload.amount,
    amountPaise,
    message: payload.message,
    name: user.name,
    guestName: null,
    sender: { name: user.name, profilePic: user.profilePic, phone: null },
    status: 'unread',
    createdAt: now,
    updatedAt: now,
    version: 0,
    pending: 1,
  };
  await db.transaction('rw', [db.outbox, db.walletActivity, db.recentTips], async () => {
    entry.seq = await db.outbox.add(entry);
    await db.walletActivity.put(activity);
    await db.recentTips.put(recent);
  });
  kickReplay();
  return entry;
}

/**
 * Queues a status change of a chat (Push live = `read`, or `ignore`), shown at once with a pending mark. With
 * `moderating` (a creator's handle), a moderator's action on that creator's chat: the same queue, replay and
 * Idempotency-Key, sent to the moderator's endpoint (the creator's chats are not in this device's mirror).
 */
export async function enqueueSetStatus(
  tipId: string,
  status: TipStatus,
  moderating?: string,
): Promise<OutboxEntry> {
  const user = requireUser();
  await ensureMirrorOwner(user.id);
  const entry: OutboxEntry = {
    ...base(user.id, tipId),
    kind: 'setStatus',
    payload: { tipId, status, previousStatus: 'unread', ...(moderating ? { moderating } : {}) },
  };
  await db.transaction('rw', [db.outbox, db.chats], async () => {
    const chat = await db.chats.get(tipId);
    // The status to restore if the server refuses: what the server last said (pending entries rebase on top).
    if (chat && entry.kind === 'setStatus') entry.payload.previousStatus = chat.status;
    entry.seq = await db.outbox.add(entry);
    if (chat) await db.chats.put({ ...chat, status, pending: 1 });
  });
  kickReplay();
  return entry;
}

/** Queues a chat deletion: hidden from the queue at once, removed for good when the server confirms. */
export async function enqueueDeleteChat(tipId: string, moderating?: string): Promise<OutboxEntry> {
  const user = requireUser();
  await ensureMirrorOwner(user.id);
  const entry: OutboxEntry = {
    ...base(user.id, tipId),
    kind: 'deleteChat',
    payload: { tipId, ...(moderating ? { moderating } : {}) },
  };
  await db.transaction('rw', [db.outbox, db.chats], async () => {
    entry.seq = await db.outbox.add(entry);
    const chat = await db.chats.get(tipId);
    if (chat) await db.chats.put({ ...chat, pending: 1, pendingDelete: 1 });
  });
  kickReplay();
  return entry;
}

/** Number of actions waiting in the outbox (the update prompt waits for 0 before reloading). */
export function outboxSize(): Promise<number> {
  return db.outbox.count();
}

/** A refusal the server will repeat on every retry: roll back. Network, 5xx, 408, 429 and 401 are retried. */
export function isPermanentRefusal(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 0) return error.code === 'VALIDATION_FAILED';
  return error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

/** Backoff after `attempts` transient failures: 1 s, 2 s, 4 s … at most 60 s, with a little jitter. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1)) + Math.floor(Math.random() * 250);
}

async function send(entry: OutboxEntry): Promise<unknown> {
  const options = { idempotencyKey: entry.idempotencyKey };
  switch (entry.kind) {
    case 'sendTip':
      return api('sendTip', {
        ...options,
        input: {
          amount: entry.payload.amount,
          message: entry.payload.message,
          creator: entry.payload.creator,
          ...(entry.payload.coverFees ? { coverFees: true } : {}),
        },
      });
    case 'setStatus':
      if (entry.payload.moderating)
        return api('moderateChatStatus', {
          ...options,
          params: { handle: entry.payload.moderating, id: entry.payload.tipId },
          input: { status: entry.payload.status },
        });
      return api('setChatStatus', {
        ...options,
        params: { id: entry.payload.tipId },
        input: { status: entry.payload.status },
      });
    case 'deleteChat':
      if (entry.payload.moderating)
        return api('moderateDeleteChat', {
          ...options,
          params: { handle: entry.payload.moderating, id: entry.payload.tipId },
        });
      return api('deleteChat', { ...options, params: { id: entry.payload.tipId } });
  }
}

/** Applies the server's confirmation and drops the entry, in one transaction. */
async function confirm(entry: OutboxEntry, result: unknown): Promise<void> {
  await db.transaction('rw', [db.outbox, db.chats, db.walletActivity, db.recentTips, db.meta], async () => {
    await db.outbox.delete(entry.seq ?? -1);
    // A moderator's action: the moderated creator's screen reads the server, not this mirror.
    if (entry.kind !== 'sendTip' && entry.payload.moderating) return;
    if (entry.kind === 'sendTip') {
      const sent = result as EndpointOutput<'sendTip'>;
      const rowId = pendingRowId(entry.idempotencyKey);
      await db.walletActivity.delete(rowId);
      await db.recentTips.delete(rowId);
      await db.recentTips.put({ ...sent.tip, pending: 0 });
      await db.meta.put({
        key: 'balance',
        value: { balancePaise: sent.balancePaise, confirmedAt: new Date().toISOString() },
      });
    } else if (entry.kind === 'setStatus') {
      const { tip } = result as EndpointOutput<'setChatStatus'>;
      const existing = await db.chats.get(tip.id);
      if (existing && existing.version > tip.version) await db.chats.put(await rebaseChat(existing));
      else await db.chats.put(await rebaseChat(tip));
    } else {
      await db.chats.delete(entry.payload.tipId);
    }
  });
}

/** The banner of a refused action, in the language chosen when it was refused. */
function refusalMessage(entry: OutboxEntry, reason: string, chat: MirroredChat | undefined): string {
  if (entry.kind === 'sendTip') {
    const { amount, creatorName } = entry.payload;
    const values = { failed: translate('msg.tipSendFailed'), amount: rupees(amount), reason };
    return creatorName
      ? translate('sync.refused.tipTo', { ...values, creator: creatorName })
      : translate('sync.refused.tip', values);
  }
  const failed = translate(
    entry.kind === 'deleteChat'
      ? 'msg.chatDeleteFailed'
      : entry.payload.status === 'read'
        ? 'msg.pushLiveFailed'
        : 'sync.updateChatFailed',
  );
  return chat
    ? translate('sync.refused.chat', { failed, name: chat.name, amount: rupees(chat.amount), reason })
    : translate('sync.refused.noChat', { failed, reason });
}

/** Undoes the optimistic change of a refused action, drops it and records the banner message, in one transaction. */
async function rollback(entry: OutboxEntry, reason: string): Promise<string> {
  let message = '';
  await db.transaction(
    'rw',
    [db.outbox, db.chats, db.walletActivity, db.recentTips, db.notices],
    async () => {
      await db.outbox.delete(entry.seq ?? -1);
      const chat = entry.kind === 'sendTip' ? undefined : await db.chats.get(entry.payload.tipId);
      message = refusalMessage(entry, reason, chat);
      if (entry.kind === 'sendTip') {
        const rowId = pendingRowId(entry.idempotencyKey);
        await db.walletActivity.delete(rowId);
        await db.recentTips.delete(rowId);
      } else if (chat) {
        const restored =
          entry.kind === 'setStatus' ? { ...chat, status: entry.payload.previousStatus } : chat;
        await db.chats.put(await rebaseChat(restored));
      }
      await db.notices.add({ kind: entry.kind, message, createdAt: new Date().toISOString() });
    },
  );
  return message;
}

let retryTimer: ReturnType<typeof setTimeout> | null = null;

function scheduleRetry(delayMs: number): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    kickReplay();
  }, delayMs);
}

async function drain(now: () => number): Promise<void> {
  const user = currentSyncUser();
  if (!user) return;
  for (;;) {
    const entry = await db.outbox.orderBy('seq').first();
    if (!entry) return;
    if (entry.owner !== user.id) {
      await db.outbox.delete(entry.seq ?? -1); // another account's action can never be replayed with this session
      continue;
    }
    if (entry.nextAttemptAt > now()) {
      scheduleRetry(entry.nextAttemptAt - now());
      return;
    }
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    let result: unknown;
    try {
      result = await send(entry);
    } catch (error) {
      if (isPermanentRefusal(error)) {
        reportApiReachable(true);
        const message = await rollback(entry, errorText(error));
        settle(entry.idempotencyKey, { status: 'refused', kind: entry.kind, message });
        requestPull();
        continue;
      }
      const attempts = entry.attempts + 1;
      const delay = backoffMs(attempts);
      if (error instanceof ApiError && error.status === 0) reportApiReachable(false);
      await db.outbox.update(entry.seq ?? -1, {
        attempts,
        lastError: error instanceof Error ? error.message : String(error),
        nextAttemptAt: now() + delay,
      });
      settle(entry.idempotencyKey, { status: 'queued' });
      scheduleRetry(delay);
      return; // strictly in order: later actions wait behind this one
    }
    reportApiReachable(true);
    await confirm(entry, result);
    settle(entry.idempotencyKey, { status: 'sent', kind: entry.kind, result });
    requestPull();
  }
}

const replayCoalesced = coalescing(drain);

/**
 * Replays the outbox one action at a time, oldest first, each with its stored Idempotency-Key: a confirmation is
 * applied to the mirror, a permanent refusal (4xx such as 402 or 404) is rolled back with a banner message, and a
 * transient failure (network, 5xx) stops the run and retries later with backoff. Runs never overlap in a tab;
 * across tabs only the sync leader calls this (see startSync).
 */
export function replayOutbox(options: { now?: () => number } = {}): Promise<void> {
  return replayCoalesced(options.now ?? Date.now);
}

type ReplayGate = () => boolean;
let gate: ReplayGate = () => true;

/** Decides whether this tab may replay (the Web Locks leader); set by startSync. */
export function setReplayGate(next: ReplayGate): void {
  gate = next;
}

/** Starts a replay soon if this tab leads the sync. */
export function kickReplay(): void {
  if (!gate()) return;
  replayOutbox().catch((error: unknown) => console.error('outbox replay failed', error));
}

/** Removes a banner message. */
export async function dismissNotice(id: number): Promise<void> {
  await db.notices.delete(id);
}
