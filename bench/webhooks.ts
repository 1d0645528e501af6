import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { HttpClient } from './load.ts';
import { latency } from './phases.ts';
import type { BenchProduct } from './product.ts';
import type { LatencyPhase } from './report.ts';
import type { SeededCreator, SeededUser } from './seed.ts';
import { log, sleep } from './settings.ts';
import type { OpenSocket } from './sockets.ts';

/** Webhook endpoints each creator registers in the webhooks phase (issue 18: five). */
export const ENDPOINTS_PER_CREATOR = 5;
/** How long the phase waits for the outbox to deliver everything after the webhooks run. */
const DRAIN_LIMIT_MS = 60_000;

/** What the webhooks phase measured: the same latency run without, with, and again without endpoints. */
export interface WebhooksPhase {
  endpoints: number;
  before: LatencyPhase;
  with: LatencyPhase;
  after: LatencyPhase;
  /** p99 send → socket with webhooks over the mean p99 of the runs without (≤ 1.10 is the target). */
  p99Ratio: number;
  deliveriesExpected: number;
  /** Distinct (endpoint, event id) pairs the receivers got by the end of the drain. */
  deliveriesReceived: number;
  /** From the end of the webhooks run until the last expected delivery arrived (null: not all arrived). */
  drainMs: number | null;
}

/** Five loopback receivers answering 200 at once, counting each (path, event id) once as the docs advise. */
async function startReceivers(n: number) {
  const seen = new Set<string>();
  const servers = await Promise.all(
    Array.from({ length: n }, async () => {
      const server = http.createServer((req, res) => {
        const id = req.headers['x-shabaash-event-id'];
        req.resume();
        req.on('end', () => {
          if (typeof id === 'string') seen.add(`${server.listenPort}${req.url}:${id}`);
          res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        });
      }) as http.Server & { listenPort?: number };
      server.keepAliveTimeout = 30_000;
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      server.listenPort = (server.address() as AddressInfo).port;
      return server;
    }),
  );
  return {
    urls: servers.map((s) => `http://127.0.0.1:${s.listenPort}`),
    received: () => seen.size,
    close: () =>
      Promise.all(
        servers.map((s) => {
          s.closeAllConnections();
          return new Promise<void>((resolve) => s.close(() => resolve()));
        }),
      ),
  };
}

/**
 * Send → creator socket at `rate` tips/s over twenty creators without webhooks, then with five endpoints per
 * creator on loopback receivers (tip.created, tip.live, tip.deleted), then without again (the endpoints deleted)
 * so the noise of this machine shows. The outbox must have delivered every tip.created of the webhooks run.
 */
export async function webhooksPhase(
  product: BenchProduct,
  viewers: SeededUser[],
  creators: SeededCreator[],
  socketsByCreator: OpenSocket[][],
  run: string,
  rate: number,
  warmUp: boolean,
): Promise<WebhooksPhase> {
  const spread = (i: number) => i % creators.length;
  if (warmUp) {
    // Run alone, the API is cold (JIT, PostgreSQL caches): a first run would be slower whatever it measured.
    log(`webhooks: warming up at ${rate} tips/s (not counted)…`);
    await latency(product, 'whwarm', viewers, spread, creators, socketsByCreator, run, rate);
  }
  log(`webhooks: ${rate} tips/s over ${creators.length} creators, no webhook endpoints…`);
  const before = await latency(product, 'whbefore', viewers, spread, creators, socketsByCreator, run, rate);

  const receivers = await startReceivers(ENDPOINTS_PER_CREATOR);
  const client = new HttpClient(product.url, 8);
  const created: Array<{ creator: SeededCreator; id: string }> = [];
  try {
    for (const creator of creators)
      for (const url of receivers.urls) {
        const res = await client.request(
          'POST',
          '/api/creator/webhooks',
          { authorization: `Bearer ${creator.token}`, 'content-type': 'application/json' },
          JSON.stringify({
            url: `${url}/${creator.handle}`,
            events: ['tip.created', 'tip.live', 'tip.deleted'],
          }),
        );
        if (res.status !== 200) throw new Error(`webhook endpoint not created: ${res.status} ${res.body}`);
        created.push({ creator, id: (JSON.parse(res.body) as { endpoint: { id: string } }).endpoint.id });
      }
    log(
      `webhooks: ${created.length} endpoints (${ENDPOINTS_PER_CREATOR} per creator); same rate with webhooks…`,
    );
    const withHooks = await latency(
      product,
      'whwith',
      viewers,
      spread,
      creators,
      socketsByCreator,
      run,
      rate,
    );
    const deliveriesExpected = withHooks.ok * ENDPOINTS_PER_CREATOR;
    const ended = performance.now();
    let drainMs: number | null = null;
    while (performance.now() - ended < DRAIN_LIMIT_MS) {
      if (receivers.received() >= deliveriesExpected) {
        drainMs = performance.now() - ended;
        break;
      }
      await sleep(100);
    }
    const deliveriesReceived = receivers.received();
    log(`webhooks: ${deliveriesReceived}/${deliveriesExpected} deliveries; deleting the endpoints…`);
    for (const { creator, id } of created)
      await client.request('DELETE', `/api/creator/webhooks/${id}`, {
        authorization: `Bearer ${creator.token}`,
      });
    log('webhooks: no endpoints again…');
    const after = await latency(product, 'whafter', viewers, spread, creators, socketsByCreator, run, rate);
    const baseline = (before.sendToReceipt.p99 + after.sendToReceipt.p99) / 2;
    return {
      endpoints: created.length,
      before,
      with: withHooks,
      after,
      p99Ratio: withHooks.sendToReceipt.p99 / baseline,
      deliveriesExpected,
      deliveriesReceived,
      drainMs,
    };
  } finally {
    client.close();
    await receivers.close();
  }
}
