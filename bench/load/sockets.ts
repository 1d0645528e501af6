import { WebSocket } from 'ws';

export interface OpenSocket {
  ws: WebSocket;
  /**
   * Replaced by the caller to see every text frame after the welcome, as the bytes ws parsed (no string is made
   * per frame: the bench holds 1,000 sockets and its own allocations and GC would count as latency).
   */
  onFrame: (data: Buffer) => void;
}

const WELCOME = Buffer.from('{"type":"welcome"');

/** True when `data` starts with `prefix`. */
export const startsWith = (data: Buffer, prefix: Buffer) =>
  data.length >= prefix.length && data.compare(prefix, 0, prefix.length, 0, prefix.length) === 0;

/**
 * Opens one /ws socket, sends `hello` (token or overlay key) and resolves on `welcome`; rejects on close,
 * error or `timeoutMs`. The ws client sends no pings, but answers the server's heartbeats (ws does that).
 * `localAddress` binds the client end (bench/phases/idle.ts spreads many sockets over loopback addresses).
 */
export function openSocket(
  wsUrl: string,
  hello: { token?: string; overlayKey?: string },
  timeoutMs = 15_000,
  localAddress?: string,
): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    // The server's frames are trusted here: no UTF-8 validation of each (a cost of the client, not the path).
    const ws = new WebSocket(wsUrl, {
      perMessageDeflate: false,
      skipUTF8Validation: true,
      ...(localAddress ? { localAddress } : {}),
    });
    const socket: OpenSocket = { ws, onFrame: () => undefined };
    let welcomed = false;
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('no welcome in time'));
    }, timeoutMs);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', ...hello })));
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) return;
      if (!welcomed) {
        if (startsWith(data, WELCOME)) {
          welcomed = true;
          clearTimeout(timer);
          resolve(socket);
        }
        return;
      }
      socket.onFrame(data);
    });
    ws.on('close', (code, reason) => {
      clearTimeout(timer);
      if (!welcomed) reject(new Error(`closed before welcome: ${code} ${reason.toString()}`));
    });
    ws.on('error', (err) => {
      clearTimeout(timer);
      if (!welcomed) reject(err);
    });
  });
}

/** Closes one socket and resolves when it is closed (terminating it if that takes longer than `timeoutMs`). */
export function closeSocket(ws: WebSocket, timeoutMs = 5000): Promise<void> {
  return new Promise<void>((resolve) => {
    if (ws.readyState === WebSocket.CLOSED) return resolve();
    const timer = setTimeout(() => {
      ws.terminate();
      resolve();
    }, timeoutMs);
    ws.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    ws.close(1000, 'bench done');
  });
}

/** Closes sockets and resolves when all are closed (terminating any that take longer than 5 s). */
export async function closeAll(sockets: readonly OpenSocket[]): Promise<void> {
  await Promise.all(sockets.map(({ ws }) => closeSocket(ws)));
}
