import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createHttpServer } from './server.ts';

// Like the app's body parser: answers once the whole body has arrived.
const server = createHttpServer((req, res) => req.resume().on('end', () => res.end('ok')), {
  requestTimeoutMs: 400,
  headersTimeoutMs: 300,
  maxConnectionsPerIp: 3,
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const port = (server.address() as net.AddressInfo).port;
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Opens a raw TCP connection and resolves what the server wrote before closing it (or '' if still open at `waitMs`). */
function rawConnection(write: string, waitMs: number): Promise<{ data: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(write));
    let data = '';
    socket.on('data', (d) => (data += d.toString()));
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ data, closed });
    };
    socket.on('close', () => done(true));
    socket.on('error', () => done(true));
    const timer = setTimeout(() => done(false), waitMs);
  });
}

describe('the HTTP server does not let slow or many connections hold it (finding 7)', () => {
  it('answers 408 and closes a request whose body trickles in', async () => {
    const started = Date.now();
    const result = await rawConnection(
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      5_000,
    );
    expect(result.closed).toBe(true);
    expect(result.data).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses connections from one address beyond the cap', async () => {
    const open = await Promise.all(
      [1, 2, 3].map(
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect(port, '127.0.0.1', () => resolve(s));
          }),
      ),
    );
    try {
      const fourth = await rawConnection('GET / HTTP/1.1\r\nHost: x\r\n\r\n', 2_000);
      expect(fourth.closed).toBe(true);
      expect(fourth.data).toBe('');
    } finally {
      for (const s of open) s.destroy();
    }
    // Once they close, the address may connect again.
    await new Promise((r) => setTimeout(r, 100));
    const again = await rawConnection('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 2_000);
    expect(again.data).toMatch(/^HTTP\/1\.1 200/);
  });
});
