import { useCallback, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServerMessage } from '@shabaash/shared';
import { api } from '../api/client.ts';
import { useRealtime } from '../realtime/useRealtime.ts';
import type { RealtimeStatus } from '../realtime/socket.ts';
import {
  applyChatEvent,
  normalizeChats,
  removeChat,
  toChatView,
  upsertChat,
  type ChatView,
} from '../screens/ChatControl/chatQueue.ts';

export const CHATS_QUERY_KEY = ['creator', 'chats'] as const;

export interface ChatsState {
  chats: ChatView[];
  isLoading: boolean;
  isError: boolean;
  /** Whether an OBS overlay of this creator is connected; null until the server says. */
  overlayConnected: boolean | null;
  realtime: RealtimeStatus;
  pushLive: (id: string) => Promise<void>;
  deleteChat: (id: string) => Promise<void>;
}

/**
 * The creator's chats (at most 200, most recently updated first) kept live by tip:new / tip:status /
 * tip:deleted, plus overlay presence. Events that arrive while a load is in flight are re-applied on top of
 * its answer, and every (re)connect pulls the list again, so nothing is lost between the load and the socket.
 */
export function useChats(): ChatsState {
  const queryClient = useQueryClient();
  const inflight = useRef(new Set<ServerMessage[]>());
  const [overlayConnected, setOverlayConnected] = useState<boolean | null>(null);

  const query = useQuery({
    queryKey: CHATS_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const buffer: ServerMessage[] = [];
      inflight.current.add(buffer);
      try {
        const { tips } = await api('chats', { query: { sort: 'updated' }, signal });
        let chats = normalizeChats(tips.map((tip) => toChatView(tip)));
        for (const message of buffer) chats = applyChatEvent(chats, message);
        return chats;
      } finally {
        inflight.current.delete(buffer);
      }
    },
    staleTime: Infinity,
  });

  const realtime = useRealtime((message) => {
    if (message.type === 'overlay:presence') {
      setOverlayConnected(message.data.connected);
      return;
    }
    if (message.type === 'welcome') {
      void queryClient.invalidateQueries({ queryKey: CHATS_QUERY_KEY });
      return;
    }
    if (message.type !== 'tip:new' && message.type !== 'tip:status' && message.type !== 'tip:deleted') return;
    for (const buffer of inflight.current) buffer.push(message);
    queryClient.setQueryData<ChatView[]>(CHATS_QUERY_KEY, (chats) =>
      chats ? applyChatEvent(chats, message) : chats,
    );
  });

  const push = useMutation({
    mutationFn: (id: string) => api('setChatStatus', { params: { id }, input: { status: 'read' } }),
    onSuccess: ({ tip }) => {
      queryClient.setQueryData<ChatView[]>(CHATS_QUERY_KEY, (chats) =>
        upsertChat(chats ?? [], toChatView(tip)),
      );
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api('deleteChat', { params: { id } }),
    onSuccess: ({ id }) => {
      queryClient.setQueryData<ChatView[]>(CHATS_QUERY_KEY, (chats) => removeChat(chats ?? [], id));
    },
  });

  const pushLive = useCallback(async (id: string) => void (await push.mutateAsync(id)), [push]);
  const deleteChat = useCallback(async (id: string) => void (await remove.mutateAsync(id)), [remove]);

  return {
    chats: query.data ?? [],
    isLoading: query.isPending,
    isError: query.isError && !query.data,
    overlayConnected,
    realtime,
    pushLive,
    deleteChat,
  };
}
