import type { ServerMessage, ShowMessage } from '@shabaash/shared';
import { creatorSpace, payoutsSpace } from '../modules/sync/spaces.ts';
import type { Publisher } from './publish.ts';
import type { Sender } from './sending.ts';
import type { View } from './types.ts';

// Pushes to this instance's rooms of one creator: the unversioned messages (overlay settings, stream session,
// timer) and the show's moments.

/**
 * A space and the spaces that change with it: a tip in a creator's chat space is also an earning, credited by the
 * tips trigger in the same transaction, so the creator's payouts space is read with it.
 */
export function withPayouts(space: string): string[] {
  return space.startsWith('creator:') ? [space, payoutsSpace(space.slice('creator:'.length))] : [space];
}

export type RoomPusher = (creatorId: string, message: ServerMessage) => void;

/**
 * Sends an unversioned message to this instance's sockets of that creator in the given views: by default the
 * creator's and overlay rooms (overlay settings, stream session, timer); `['full', 'moderator']` for the creator's
 * Chat Loaders, bots and moderators (alerts paused or resumed).
 */
export function roomPusher(
  publisher: Publisher,
  sender: Sender,
  views: readonly View[] = ['full', 'overlay'],
): RoomPusher {
  return (creatorId, message) => {
    const state = publisher.states.get(creatorSpace(creatorId));
    if (!state) return;
    const data = sender.encode(message);
    for (const conn of state.subs) {
      const view = conn.subs.get(state.space)?.view;
      if (view && views.includes(view)) sender.sendRaw(conn, data);
    }
  };
}

export type ShowPusher = (creatorId: string, message: ShowMessage) => void;

/** Sends a show moment to this instance's overlay sockets of that creator (never to the Chat Loader or viewers). */
export function showPusher(publisher: Publisher, sender: Sender): ShowPusher {
  return (creatorId, message) => {
    const state = publisher.states.get(creatorSpace(creatorId));
    if (!state) return;
    const data = sender.encode(message);
    for (const conn of state.subs) {
      if (conn.subs.get(state.space)?.view === 'overlay') sender.sendRaw(conn, data);
    }
  };
}
