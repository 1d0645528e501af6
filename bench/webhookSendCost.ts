// CPU per webhook send in the worker's own code path, without the database: attemptAll
// (api/src/modules/webhooks/attempts.ts) sends batches of 250 deliveries to 100 endpoints on the bench's 5 loopback
// receivers (bench/load/webhookReceivers.ts, a child process) and this prints the CPU time of this process per send.
// `flock /work/wt/bench.lock node --import tsx bench/webhookSendCost.ts [sends, default 20000]`.
import { fork } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '../api/src/config.ts';
import { createLogger } from '../api/src/logger.ts';
import { attemptAll } from '../api/src/modules/webhooks/attempts.ts';
import { EndpointSlots } from '../api/src/modules/webhooks/endpointSlots.ts';
import type { Sendable } from '../api/src/modules/webhooks/webhooks.repository.ts';
import { REPO_ROOT } from './product.ts';

const child = fork(path.join(REPO_ROOT, 'bench', 'load', 'webhookReceivers.ts'), ['5'], {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const urls = await new Promise<string[]>((r) =>
  child.once('message', (m) => r((m as { urls: string[] }).urls)),
);
const config = loadConfig({ JWT_SECRET: 'x'.repeat(40), NODE_ENV: 'development', LOG_LEVEL: 'warn' });
// attemptAll sends only: it never touches the database.
const deps = { config, db: null as never, logger: createLogger('warn') };
const slots = new EndpointSlots(8);
const data = {
  tip: {
    id: 'b0000000-0000-4000-8000-000000000001',
    amount: 250,
    message: 'Shabaash! '.repeat(10),
    senderName: 'Guest 1',
    status: 'unread',
    createdAt: new Date().toISOString(),
    version: 12345,
    speech: false,
    guest: true,
  },
};
let n = 0;
const batch = (k: number): Sendable[] =>
  Array.from({ length: k }, (_, i) => ({
    event_id: `evt_${n}_${i}`,
    endpoint_id: `ep${i % 100}`,
    event: 'tip.created',
    data,
    event_created_at: new Date(),
    url: `${urls[i % 5]}/creator${i % 20}`,
    secret: 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEF',
  }));
// Warm-up (JIT, connections), then the measured sends.
for (let w = 0; w < 10; w++) {
  n++;
  await attemptAll(deps, batch(250), slots, undefined);
}
const t = process.cpuUsage();
const total = Number(process.argv[2] ?? 20000);
for (let done = 0; done < total; done += 250) {
  n++;
  await attemptAll(deps, batch(250), slots, undefined);
}
const used = process.cpuUsage(t);
console.log(
  `CPU per send: ${((used.user + used.system) / 1000 / total).toFixed(4)} ms (user ${(used.user / 1000 / total).toFixed(4)}, sys ${(used.system / 1000 / total).toFixed(4)})`,
);
child.send('close');
process.exit(0);
