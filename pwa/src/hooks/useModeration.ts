import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import type { EndpointOutput, ModeratedTip, ServerMessage } from '@shabaash/shared';
import { api } from '../api/client.ts';
import { useRealtime } from '../realtime/useRealtime.ts';
import { db, type OutboxEntry } from '../sync/db.ts';
import { enqueueDeleteChat, enqueueSetStatus } from '../sync/outbox.ts';
import { awaitOutboxAction, type ActionOutcome } from '../sync/outboxOutcome.ts';
import type { ChatActionOptions } from './useChats.ts';

const MODERATORS_KEY = ['creator', 'moderators'] as const;
const MY_MODERATION_KEY = ['moderation', 'me'] as const;
const chatsKey = (handle: string) => ['moderation', handle, 'chats'] as const;

type ModeratedChats = EndpointOutput<'moderatedChats'>;

// ---------- the creator's side ----------

/** The creator's moderators and pending invitations (phones masked by the server). */
export function useCreatorModerators() {
  return useQuery({
    queryKey: MODERATORS_KEY,
    queryFn: ({ signal }) => api('creatorModerators', { signal }),
  });
}

export function useInviteModerator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) => api('inviteModerator', { input: { phone } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: MODERATORS_KEY }),
  });
}

export function useRemoveModerator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('removeModerator', { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: MODERATORS_KEY }),
  });
}

// ---------- the invitee's side ----------

/** Invitations waiting for the signed-in user and the creators they moderate. */
export function useMyModeration(enabled = true) {
  return useQuery({
    queryKey: MY_MODERATION_KEY,
    queryFn: ({ signal }) => api('myModeration', { signal }),
    enabled,
  });
}

export function useAnswerInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      api(accept ? 'acceptModeration' : 'declineModeration', { params: { id } }),
    onSuccess: (state) => queryClient.setQueryData(MY_MODERATION_KEY, state),
  });
}

// ---------- the moderator's Chat Loader ----------

/** A realtime frame applied to the moderated queue: a changed chat replaces its older self, a deleted one goes. */
function applyFrame(data: ModeratedChats, message: ServerMessage): ModeratedChats {
  if (message.type === 'moderation:deleted')
    return { ...data, tips: data.tips.filter((tip) => tip.id !== message.data.id) };
  if (message.type !== 'moderation:tip' || message.data.creatorId !== data.tips[0]?.creatorId) return data;
  const tip: ModeratedTip = message.data;
  const existing = data.tips.find((t) => t.id === tip.id);
  if (existing && existing.version >= tip.version) return data;
  return { ...data, tips: [tip, ...data.tips.filter((t) => t.id !== tip.id)], version: message.version };
}

/** Actions of this device's outbox not yet confirmed, by chat: what the moderator asked for shows at once. */
function usePendingActions(): Map<string, OutboxEntry> {
  const entries = useLiveQuery(() => db.outbox.toArray(), []);
  const pending = new Map<string, OutboxEntry>();
  for (const entry of entries ?? []) if (entry.targetId) pending.set(entry.targetId, entry);
  return pending;
}

export interface ModeratedChat extends ModeratedTip {
  pending: boolean;
}

/**
 * A moderated creator's queue (no amounts: the server never sends them), kept live by the socket's
 * `moderation:*` frames and read again on every (re)connect; Show on live and Delete go through the outbox.
 */
export function useModeratedChats(handle: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: chatsKey(handle ?? ''),
    queryFn: ({ signal }) => api('moderatedChats', { params: { handle: handle ?? '' }, signal }),
    enabled: !!handle,
  });
  const realtime = useRealtime((message) => {
    if (!handle) return;
    // A (re)connect, or alerts paused or resumed by the creator or another moderator (of this creator or another:
    // the message names none, and a pause is rare): read the list and its paused state again.
    if (message.type === 'welcome' || message.type === 'alerts:update')
      void queryClient.invalidateQueries({ queryKey: chatsKey(handle) });
    if (message.type === 'moderation:tip' || message.type === 'moderation:deleted') {
      const data = queryClient.getQueryData<ModeratedChats>(chatsKey(handle));
      // A first chat, or one of a creator this list cannot tell apart: read the list again.
      if (!data || data.tips.length === 0) void queryClient.invalidateQueries({ queryKey: chatsKey(handle) });
      else queryClient.setQueryData(chatsKey(handle), applyFrame(data, message));
    }
  });
  const pending = usePendingActions();
  const chats: ModeratedChat[] = (query.data?.tips ?? []).flatMap((tip) => {
    const entry = pending.get(tip.id);
    if (entry?.kind === 'deleteChat') return [];
    const status = entry?.kind === 'setStatus' ? entry.payload.status : tip.status;
    return [{ ...tip, status, pending: !!entry }];
  });

  const pushLive = useCallback(
    async (id: string, options: ChatActionOptions = {}): Promise<ActionOutcome> => {
      const entry = await enqueueSetStatus(id, 'read', handle ?? undefined);
      return awaitOutboxAction(entry.idempotencyKey, options);
    },
    [handle],
  );
  const deleteChat = useCallback(
    async (id: string, options: ChatActionOptions = {}): Promise<ActionOutcome> => {
      const entry = await enqueueDeleteChat(id, handle ?? undefined);
      return awaitOutboxAction(entry.idempotencyKey, options);
    },
    [handle],
  );
  return { query, chats, realtime, pushLive, deleteChat };
}

/** Test alert, Skip reading, Pause and Resume for the moderated creator. */
export function useModeratorShow(handle: string) {
  const queryClient = useQueryClient();
  const params = { handle };
  return {
    testAlert: useMutation({ mutationFn: () => api('moderateTestAlert', { params }) }),
    skip: useMutation({ mutationFn: () => api('moderateSkipSpeech', { params }) }),
    setPaused: useMutation({
      mutationFn: (paused: boolean) => api('moderateAlerts', { params, input: { paused } }),
      onSuccess: ({ paused }) =>
        queryClient.setQueryData<ModeratedChats>(chatsKey(handle), (data) =>
          data ? { ...data, paused } : data,
        ),
    }),
  };
}
