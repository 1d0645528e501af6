import { MESSAGES, serverMessageSchema, type ServerMessage } from '@shabaash/shared';
import { readToken, reportUnauthorized } from '../api/client.ts';
import { readRememberedCreator } from '../lib/referringCreator.ts';
import {
  createRealtimeSocket,
  type RealtimeSocket,
  type RealtimeSocketOptions,
  type RealtimeStatus,
} from './socket.ts';

let shared: RealtimeSocket | null = null;
let users = 0;
let factory: (options: RealtimeSocketOptions) => RealtimeSocket = createRealtimeSocket;

/** Tests swap the socket factory (e.g. to a fake WebSocket); pass null to restore the real one. */
export function setAppSocketFactory(next: ((options: RealtimeSocketOptions) => RealtimeSocket) | null): void {
  factory = next ?? createRealtimeSocket;
}

function parse(value: ServerMessage): ServerMessage | null {
  const result = serverMessageSchema.safeParse(value);
  return result.success ? result.data : null;
}

/**
 * Subscribes to the app's one shared realtime connection (signed in with the stored bearer token, in the referring
 * creator's public room). The socket opens with the first subscriber and closes with the last; returns the
 * unsubscribe function.
 */
export function subscribeAppSocket(
  onMessage: (message: ServerMessage) => void,
  onStatus: (status: RealtimeStatus) => void,
): () => void {
  if (!shared) {
    shared = factory({
      // The public room joined is the referring creator's (their pushed-live tips fill the dashboard's recent
      // tips, sync/pull.ts), else the default creator's.
      credentials: () => {
        const token = readToken();
        const creator = readRememberedCreator();
        return token ? { token, ...(creator ? { creator } : {}) } : null;
      },
      parse,
      // A revoked session (logout elsewhere, password reset) signs this device out like a 401 does; the close
      // reason is the server's log text, so the device is told the shared message (shown in the chosen language).
      onUnauthorized: () => reportUnauthorized(MESSAGES.sessionExpired),
    });
  }
  const socket = shared;
  users += 1;
  const offMessage = socket.onMessage(onMessage);
  const offStatus = socket.onStatus(onStatus);
  onStatus(socket.status());
  return () => {
    offMessage();
    offStatus();
    users -= 1;
    if (users === 0 && shared === socket) {
      socket.close();
      shared = null;
    }
  };
}
