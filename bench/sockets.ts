import { WebSocket } from 'ws';

export interface OpenSocket {
  ws: WebSocket;
  /** Replaced by the caller to see every text frame after the welcome. */
  onText: (text: string) => void;
}

/**
 * Opens one /ws socket, sends `hello` (token or overlay key) and resolves on `welcome`; rejects on close,
 * error or `timeoutMs`. The ws client sends no pings, but answers the server's heartbeats (ws does that).
 * `localAddress` binds the client end (bench/idle.ts spreads many sockets over loopback addresses).
 */
export function openSocket(
  wsUrl: string,
  hello: { token?: string; overlayKey?: string },
  timeoutMs = 15_000,
  localAddress?: string,
): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { perMessageDeflate: false, ...(localAddress ? { localAddress } : {}) });
    const socket: OpenSocket = { ws, onText: () => undefined };
    let welcomed = false;
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('no welcome in time'));
    }, timeoutMs);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', ...hello })));
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) return;
      const text = data.toString('utf8');
      if (!welcomed) {
        if (text.startsWith('{"type":"welcome"')) {
          welcomed = true;
          clearTimeout(timer);
          resolve(socket);
        }
        return;
      }
      socket.onText(text);
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
