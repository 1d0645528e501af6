import { creatorSpace, walletSpace } from '@shabaash/shared/core';
import {
  type ApiToken,
  DEFAULT_SAFETY,
  paiseToRupees,
  type BlockedSender,
  type OverlaySettings,
  type CreatorTimer,
  type PaymentOrderStatus,
  type PayoutSummary,
  type SafetySettings,
  type ShowMessage,
  type StreamSession,
  type Tip,
  type TipStatus,
  type User,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WalletTransaction,
  type YouTubeSettings,
} from '@shabaash/shared';
import {
  CREATOR,
  CREATOR_TIPS,
  DEFAULT_OVERLAY,
  FIXTURE_USERS,
  INCOMING_TIPS,
  MOCK_PASSWORD,
  OVERLAY_KEYS,
  SENDERS,
  VIEWER,
  VIEWER_TRANSACTIONS,
  fixtureId,
} from './fixtures.ts';

export interface MockTipRow {
  tip: Tip;
  senderId: string | null;
  deleted: boolean;
  /** Space version of the change that created the tip (new vs status change for realtime). */
  createdVersion: number;
}

export interface MockCreator {
  userId: string;
  handle: string;
  displayName: string;
  overlayKey: string;
  overlay: OverlaySettings;
  safety: SafetySettings;
  blocked: BlockedSender[];
}

export interface MockWallet {
  balancePaise: number;
  /** Oldest first. */
  transactions: WalletTransaction[];
}

export interface MockOrder extends PaymentOrderStatus {
  userId: string | null;
  kind: 'topup' | 'guest';
  tip?: { creatorId: string; message: string; name: string };
}

/** A supporter a creator hid from the top-supporters widget (`key` as the supporters list names them). */
export interface HiddenSupporter {
  id: string;
  key: string;
  name: string;
  createdAt: string;
}

/** What changed, for the realtime mock: tips (by space) and wallets. */
export type MockChange =
  | { kind: 'tip'; space: string; row: MockTipRow }
  | { kind: 'wallet'; space: string; userId: string; version: number; balancePaise: number }
  | { kind: 'overlay'; creatorId: string; settings: OverlaySettings }
  /** The show: a test alert or Skip reading, for the creator's overlays only. */
  | { kind: 'show'; creatorId: string; message: ShowMessage };

export interface MockState {
  users: Map<string, { user: User; password: string }>;
  sessions: Map<string, string>;
  creators: Map<string, MockCreator>;
  wallets: Map<string, MockWallet>;
  tips: Map<string, MockTipRow>;
  versions: Map<string, number>;
  orders: Map<string, MockOrder>;
  idempotency: Map<string, { fingerprint: string; status: number; body: unknown }>;
  leads: unknown[];
  apiTokens: Array<ApiToken & { creatorId: string }>;
  webhooks: Array<WebhookEndpoint & { creatorId: string; deliveries: WebhookDelivery[] }>;
  /** Connect YouTube: each creator's channel, and the sign-ins started (state → creator id). */
  youtube: {
    channels: Map<string, { id: string; title: string; connectedAt: string }>;
    states: Map<string, string>;
    settings: Map<string, YouTubeSettings>;
  };
  /** Users the operator endpoints answer (none in mock mode; a test grants one with grantOperator). */
  operators: Set<string>;
  /** Each creator's payout summary (none: payouts not set up). */
  payouts: Map<string, PayoutSummary>;
  /** Each creator's stream sessions, latest last, and the supporters hidden from their widget. */
  streams: Map<string, StreamSession[]>;
  hiddenSupporters: Map<string, HiddenSupporter[]>;
  /** Each creator's subathon timer (none: the default settings, idle). */
  timers: Map<string, CreatorTimer>;
  defaultCreatorId: string;
  listeners: Set<(change: MockChange) => void>;
  /** Counts requests per endpoint name, so tests can assert "charged exactly once". */
  calls: Map<string, number>;
  nextIncoming: number;
  seq: number;
}

export { creatorSpace, walletSpace };

const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

/** A fresh in-memory world seeded with the fixtures; every handler reads and writes one of these. */
export function createMockState(): MockState {
  const state: MockState = {
    users: new Map(),
    sessions: new Map(),
    creators: new Map(),
    wallets: new Map(),
    tips: new Map(),
    versions: new Map(),
    orders: new Map(),
    idempotency: new Map(),
    leads: [],
    apiTokens: [],
    webhooks: [],
    youtube: { channels: new Map(), states: new Map(), settings: new Map() },
    operators: new Set(),
    payouts: new Map(),
    timers: new Map(),
    streams: new Map(),
    hiddenSupporters: new Map(),
    defaultCreatorId: CREATOR.user.id,
    listeners: new Set(),
    calls: new Map(),
    nextIncoming: 0,
    seq: 0,
  };
  for (const f of FIXTURE_USERS) {
    state.users.set(f.user.id, { user: structuredClone(f.user), password: MOCK_PASSWORD });
    state.sessions.set(f.token, f.user.id);
    state.wallets.set(f.user.id, { balancePaise: f.balancePaise, transactions: [] });
    if (f.user.creator) {
      state.creators.set(f.user.id, {
        userId: f.user.id,
        handle: f.user.creator.handle,
        displayName: f.user.creator.displayName,
        overlayKey: OVERLAY_KEYS[f.user.id] ?? `ovl_${f.user.creator.handle}`,
        overlay: { ...DEFAULT_OVERLAY },
        safety: { ...DEFAULT_SAFETY, blockedTerms: [] },
        blocked: [],
      });
    }
  }
  const viewerWallet = state.wallets.get(VIEWER.user.id);
  if (viewerWallet) {
    VIEWER_TRANSACTIONS.forEach((t, i) => {
      viewerWallet.transactions.push({
        _id: fixtureId('c', i + 1),
        type: t.type,
        amount: paiseToRupees(t.amountPaise),
        amountPaise: t.amountPaise,
        description: t.description,
        createdAt: iso(t.daysAgo * 86_400_000),
        version: bump(state, walletSpace(VIEWER.user.id)),
      });
    });
  }
  CREATOR_TIPS.forEach((t, i) => {
    const sender = t.sender === null ? null : (SENDERS[t.sender] ?? null);
    insertTip(state, {
      id: fixtureId('b', i + 1),
      creatorId: CREATOR.user.id,
      sender,
      guestName: t.guestName ?? null,
      amountPaise: t.amountPaise,
      message: t.message,
      status: t.status,
      at: iso(t.minutesAgo * 60_000),
    });
  });
  return state;
}

/** Takes the next version of a space. */
export function bump(state: MockState, space: string): number {
  const next = (state.versions.get(space) ?? 0) + 1;
  state.versions.set(space, next);
  return next;
}

/** Current version of a space (0 when it never changed). */
export function versionOf(state: MockState, space: string): number {
  return state.versions.get(space) ?? 0;
}

/** Announces a change to realtime listeners. */
export function emit(state: MockState, change: MockChange): void {
  for (const listener of state.listeners) listener(change);
}

/** Subscribes to changes; returns the unsubscribe function. */
export function onChange(state: MockState, listener: (change: MockChange) => void): () => void {
  state.listeners.add(listener);
  return () => state.listeners.delete(listener);
}

/** A new id for rows created at run time (UUID shaped, like the API's). */
export function newId(state: MockState, kind: 'b' | 'c' | 'd'): string {
  state.seq += 1;
  return fixtureId(kind, 0x10000 + state.seq);
}

/** Inserts a tip at the creator space's next version and announces it. */
export function insertTip(
  state: MockState,
  input: {
    id?: string;
    creatorId: string;
    sender: User | null;
    guestName: string | null;
    amountPaise: number;
    message: string;
    status?: TipStatus;
    at?: string;
  },
): MockTipRow {
  const space = creatorSpace(input.creatorId);
  const version = bump(state, space);
  const at = input.at ?? new Date().toISOString();
  const id = input.id ?? newId(state, 'b');
  const tip: Tip = {
    _id: id,
    id,
    creatorId: input.creatorId,
    amount: paiseToRupees(input.amountPaise),
    amountPaise: input.amountPaise,
    message: input.message,
    name: input.sender?.name || input.guestName || 'Anonymous',
    guestName: input.guestName,
    sender: input.sender
      ? { name: input.sender.name, profilePic: input.sender.profilePic, phone: input.sender.phone }
      : null,
    status: input.status ?? 'unread',
    createdAt: at,
    updatedAt: at,
    version,
  };
  const row: MockTipRow = {
    tip,
    senderId: input.sender?.id ?? null,
    deleted: false,
    createdVersion: version,
  };
  state.tips.set(id, row);
  emit(state, { kind: 'tip', space, row });
  return row;
}

/** Sets a live tip's status at the next version (no change when equal); null when missing or deleted. */
export function setTipStatus(
  state: MockState,
  creatorId: string,
  id: string,
  status: TipStatus,
): MockTipRow | null {
  const row = state.tips.get(id);
  if (!row || row.deleted || row.tip.creatorId !== creatorId) return null;
  if (row.tip.status === status) return row;
  const space = creatorSpace(creatorId);
  row.tip = { ...row.tip, status, updatedAt: new Date().toISOString(), version: bump(state, space) };
  emit(state, { kind: 'tip', space, row });
  return row;
}

/** Tombstones a tip at the next version; false when missing or already deleted. */
export function deleteTip(state: MockState, creatorId: string, id: string): boolean {
  const row = state.tips.get(id);
  if (!row || row.deleted || row.tip.creatorId !== creatorId) return false;
  const space = creatorSpace(creatorId);
  row.deleted = true;
  row.tip = { ...row.tip, message: '', updatedAt: new Date().toISOString(), version: bump(state, space) };
  emit(state, { kind: 'tip', space, row });
  return true;
}

/** Posts a ledger entry (credit or debit) at the wallet space's next version and announces the balance. */
export function postLedger(
  state: MockState,
  userId: string,
  entry: { type: 'credit' | 'debit'; amountPaise: number; description: string },
): WalletTransaction {
  const wallet = state.wallets.get(userId) ?? { balancePaise: 0, transactions: [] };
  state.wallets.set(userId, wallet);
  const space = walletSpace(userId);
  const version = bump(state, space);
  wallet.balancePaise += entry.type === 'credit' ? entry.amountPaise : -entry.amountPaise;
  const row: WalletTransaction = {
    _id: newId(state, 'c'),
    type: entry.type,
    amount: paiseToRupees(entry.amountPaise),
    amountPaise: entry.amountPaise,
    description: entry.description,
    createdAt: new Date().toISOString(),
    version,
  };
  wallet.transactions.push(row);
  emit(state, { kind: 'wallet', space, userId, version, balancePaise: wallet.balancePaise });
  return row;
}

/** Replaces a user's wallet for a test: `entries` posted oldest first, then the balance set to `balancePaise`. */
export function setWallet(
  state: MockState,
  userId: string,
  balancePaise: number,
  entries: Array<{ type: 'credit' | 'debit'; amountPaise: number; description: string }> = [],
): void {
  const wallet: MockWallet = { balancePaise: 0, transactions: [] };
  state.wallets.set(userId, wallet);
  for (const entry of entries) postLedger(state, userId, entry);
  wallet.balancePaise = balancePaise;
}

/** Makes a user an operator for a test (mock mode has none): operator endpoints then answer them. */
export function grantOperator(state: MockState, userId: string): User {
  const account = state.users.get(userId);
  if (!account) throw new Error(`No mock user ${userId}`);
  account.user = { ...account.user, role: 'operator' };
  state.operators.add(userId);
  return account.user;
}

/** The next simulated incoming superchat for the default creator (round robin over INCOMING_TIPS). */
export function simulateIncomingTip(state: MockState): MockTipRow {
  const fixture = INCOMING_TIPS[state.nextIncoming % INCOMING_TIPS.length];
  if (!fixture) throw new Error('INCOMING_TIPS is empty');
  // Every other one arrives already live (a trusted sender), so the overlay moves too.
  const status: TipStatus = state.nextIncoming % 2 === 0 ? 'read' : 'unread';
  state.nextIncoming += 1;
  const sender = fixture.sender === null ? null : (SENDERS[fixture.sender] ?? null);
  return insertTip(state, {
    creatorId: state.defaultCreatorId,
    sender,
    guestName: fixture.guestName ?? null,
    amountPaise: fixture.amountPaise,
    message: fixture.message,
    status,
  });
}

/** Puts `state` back to the fixtures in place (handlers keep their reference; realtime listeners stay). */
export function resetMockState(state: MockState): void {
  const listeners = state.listeners;
  Object.assign(state, createMockState(), { listeners });
}
