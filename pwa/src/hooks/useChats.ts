import { useCallback, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useAuth } from './useAuth.ts';
import { useRealtime } from '../realtime/useRealtime.ts';
import { useRealtimeSync } from '../realtime/syncBridge.ts';
import type { RealtimeStatus } from '../realtime/socket.ts';
import { db } from '../sync/db.ts';
import { useMirroredChats } from '../sync/hooks.ts';
import { enqueueDeleteChat, enqueueSetStatus } from '../sync/outbox.ts';
import { creatorSpace } from '@shabaash/shared/core';
import { normalizeChats, toChatView, type ChatView } from '../lib/chatQueue.ts';
import { awaitOutboxAction, type ActionOutcome, type LaterOutcome } from '../sync/outboxOutcome.ts';
import { useMirrorPull } from './useMirrorPull.ts';

export type { ActionOutcome, LaterOutcome } from '../sync/outboxOutcome.ts';

/** Options of a queued moderation action: `onLater` hears how an action first reported `queued` ended. */
export interface ChatActionOptions {
  onLater?: (outcome: LaterOutcome) => void;
}

export interface OverlayPresence {
  count: number;
  showing: number;
  heard: number;
}

export interface ChatsState {
  /** The queue from the offline mirror; `pending` on chats with an action not yet confirmed by the server. */
  chats: ChatView[];
  isLoading: boolean;
  isError: boolean;
  /** Whether an OBS overlay of this creator is connected; null until the server says. */
  overlayConnected: boolean | null;
  /** Overlays connected, shown by OBS and heard (alert receipts); null until the server says. */
  overlays: OverlayPresence | null;
  realtime: RealtimeStatus;
  /** Push live through the outbox: shown at once, then `sent`, `refused` (rolled back) or `queued` (offline). */
  pushLive: (id: string, options?: ChatActionOptions) => Promise<ActionOutcome>;
  /** Delete through the outbox: hidden at once, then `sent`, `refused` (restored) or `queued` (offline). */
  deleteChat: (id: string, options?: ChatActionOptions) => Promise<ActionOutcome>;
}

/**
 * The creator's chats (at most 200, most recently updated first) read from the offline mirror, so the Chat Loader
 * renders instantly and offline. Realtime messages go into the mirror (tip:new / tip:status / tip:deleted with
 * version checks; a gap pulls), every (re)connect pulls, and moderation goes through the outbox with
 * client-made Idempotency-Keys.
 */
export function useChats(): ChatsState {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [overlays, setOverlays] = useState<OverlayPresence | null>(null);
  const realtime = useRealtimeSync();
  useRealtime((message) => {
    if (message.type !== 'overlay:presence') return;
    const { count, showing = count, heard = showing } = message.data;
    setOverlays({ count, showing, heard });
  });
  const pull = useMirrorPull(userId);
  const mirrored = useMirroredChats({ sort: 'updated' });
  // The queue counts as loaded once this creator's cursor is stored (rows and cursor are written together).
  const cursor = useLiveQuery(
    async () => (userId ? ((await db.cursors.get(creatorSpace(userId))) ?? false) : false),
    [userId],
  );
  const loaded = !!cursor && pull.owned === true;

  const chats =
    loaded && mirrored
      ? normalizeChats(mirrored.map((c) => ({ ...toChatView(c), pending: c.pending === 1 })))
      : [];

  const pushLive = useCallback(async (id: string, options: ChatActionOptions = {}) => {
    const entry = await enqueueSetStatus(id, 'read');
    return awaitOutboxAction(entry.idempotencyKey, options);
  }, []);
  const deleteChat = useCallback(async (id: string, options: ChatActionOptions = {}) => {
    const entry = await enqueueDeleteChat(id);
    return awaitOutboxAction(entry.idempotencyKey, options);
  }, []);

  return {
    chats,
    isLoading: !loaded && !(pull.settled && pull.error),
    isError: !loaded && pull.settled && !!pull.error,
    overlayConnected: overlays ? overlays.count > 0 : null,
    overlays,
    realtime,
    pushLive,
    deleteChat,
  };
}
