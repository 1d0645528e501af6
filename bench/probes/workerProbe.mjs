// Statement count of the webhook worker process under `npm run bench`: preloaded with `--import` into
// the API process (bench/probes/probe.ts) and so inherited by the worker it forks (workerProcess.ts keeps execArgv), but
// active only in the worker (its entry is webhooksWorker.ts). Never part of the product. Plain JavaScript because
// it loads before tsx. It counts every statement the worker's pg clients send (BEGIN and COMMIT included) and
// writes the running total to BENCH_PROBE_FILE.worker.json every second; the bench reads it before and after a run.
import fs from 'node:fs';
import process from 'node:process';
import { setInterval } from 'node:timers';
import pg from 'pg';

const file = process.env.BENCH_PROBE_FILE;
if (file && (process.argv[1] ?? '').includes('webhooksWorker')) {
  const out = `${file}.worker.json`;
  let statements = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(...args) {
    statements++;
    return query.apply(this, args);
  };
  let written = -1;
  setInterval(() => {
    if (statements === written) return;
    written = statements;
    fs.writeFileSync(`${out}.tmp`, JSON.stringify({ pid: process.pid, statements }));
    fs.renameSync(`${out}.tmp`, out);
  }, 1000).unref();
}
