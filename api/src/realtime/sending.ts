import { WebSocket } from 'ws';
import type { ServerMessage } from '@shabaash/shared';
import type { Logger } from '../logger.ts';
import { encode } from './messages.ts';
import type { Conn } from './types.ts';

/** Writes to sockets: one encoding per message, backpressure by terminating a socket that does not keep up. */
export interface Sender {
  /**
   * Encodes a message once, to the UTF-8 bytes of its JSON (checked against the shared union when `check` is on):
   * every socket of a room is sent the same buffer, so no socket re-encodes the text.
   */
  encode(message: ServerMessage): Buffer;
  /** Sends already-encoded data as a text frame; terminates the socket instead when its unsent buffer is over the limit. */
  sendRaw(conn: Conn, data: Buffer): void;
  send(conn: Conn, message: ServerMessage): void;
  /** Closes a socket that is open or opening with a close code and reason. */
  refuse(conn: Conn, code: number, reason: string): void;
  /** Messages written so far. */
  sent(): number;
}

export function createSender(options: { maxBufferedBytes: number; check: boolean; log: Logger }): Sender {
  let messagesSent = 0;
  const sendRaw = (conn: Conn, data: Buffer): void => {
    const ws = conn.ws;
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > options.maxBufferedBytes) {
      options.log.warn({ buffered: ws.bufferedAmount }, 'terminating a socket that does not keep up');
      ws.terminate();
      return;
    }
    ws.send(data, { binary: false });
    messagesSent++;
  };
  return {
    encode: (message) => Buffer.from(encode(message, options.check)),
    sendRaw,
    send: (conn, message) => sendRaw(conn, Buffer.from(encode(message, options.check))),
    refuse(conn, code, reason) {
      if (conn.ws.readyState === WebSocket.OPEN || conn.ws.readyState === WebSocket.CONNECTING)
        conn.ws.close(code, reason);
    },
    sent: () => messagesSent,
  };
}
