import http from 'node:http';

export interface ServerLimits {
  /** The whole request (headers and body) must arrive within this (a slow body cannot hold a connection). */
  requestTimeoutMs: number;
  /** The request headers must arrive within this. */
  headersTimeoutMs: number;
  /** Open connections (HTTP and websockets) per remote address; 0 = no cap (behind a proxy all share its address). */
  maxConnectionsPerIp: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  maxConnectionsPerIp: 4096,
};

/** Idle keep-alive connections close after this. */
const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/**
 * The Node HTTP server with request, header and keep-alive timeouts (a request that is too slow gets 408 and
 * its connection closed) and a cap on connections per remote address (the excess is closed at once).
 */
export function createHttpServer(handler: http.RequestListener, limits: ServerLimits): http.Server {
  const server = http.createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      // How often Node checks the two timeouts above; at most a quarter of the shorter one.
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(30_000, Math.floor(Math.min(limits.requestTimeoutMs, limits.headersTimeoutMs) / 4)),
      ),
    },
    handler,
  );
  if (limits.maxConnectionsPerIp > 0) {
    const open = new Map<string, number>();
    server.on('connection', (socket) => {
      const ip = socket.remoteAddress ?? '';
      const count = (open.get(ip) ?? 0) + 1;
      if (count > limits.maxConnectionsPerIp) {
        socket.destroy();
        return;
      }
      open.set(ip, count);
      socket.once('close', () => {
        const left = (open.get(ip) ?? 1) - 1;
        if (left <= 0) open.delete(ip);
        else open.set(ip, left);
      });
    });
  }
  return server;
}
