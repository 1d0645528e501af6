// The bench's webhook receivers (bench/phases/webhooks.ts), in their own process so that the measurement measures the
// product, not the bench: the parent lowers this process's CPU priority. N loopback HTTP servers answer 200 at
// once and count each (port, path, event id) once, as the docs advise a receiver to deduplicate. IPC only:
// sends { urls } when listening, answers { count } to 'count', closes on 'close' or when the parent goes away.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const n = Number(process.argv[2] ?? 5);
const seen = new Set<string>();

const servers = await Promise.all(
  Array.from({ length: n }, async () => {
    let port = 0;
    const server = http.createServer((req, res) => {
      const id = req.headers['x-shabaash-event-id'];
      req.resume();
      req.on('end', () => {
        if (typeof id === 'string') seen.add(`${port}${req.url}:${id}`);
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    return { server, port };
  }),
);

const close = () => {
  for (const { server } of servers) {
    server.closeAllConnections();
    server.close();
  }
  process.disconnect?.();
};

process.on('message', (message) => {
  if (message === 'count') process.send?.({ count: seen.size });
  if (message === 'close') close();
});
process.on('disconnect', () => process.exit(0));
process.send?.({ urls: servers.map((s) => `http://127.0.0.1:${s.port}`) });
