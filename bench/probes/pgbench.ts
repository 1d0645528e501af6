import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchUserIdSql } from '../load/seed.ts';

/**
 * The pgbench transaction comparable to one wallet tip: the conditional wallet debit, the creator space's
 * version bump, a ledger row and a tip row carrying that version, in one transaction. Ids come from the
 * bench_users / bench_creators lookup tables the seed creates (pgbench variables are integers only).
 */
export function tipScript(viewers: number, creators: number): string {
  return `\\set u random(1, ${viewers})
\\set c random(1, ${creators})
BEGIN;
UPDATE wallets SET balance_paise = balance_paise - 100, updated_at = now()
  WHERE user_id = (SELECT user_id FROM bench_users WHERE n = :u) AND balance_paise >= 100;
WITH v AS (
  INSERT INTO sync_spaces (space, version)
  SELECT 'creator:' || user_id, 1 FROM bench_creators WHERE n = :c
  ON CONFLICT (space) DO UPDATE SET version = sync_spaces.version + 1
  RETURNING version
)
INSERT INTO tips (creator_id, sender_id, source, amount_paise, message, version)
  SELECT c.user_id, u.user_id, 'wallet', 100, 'pgbench tip', v.version
  FROM v, bench_users u, bench_creators c WHERE u.n = :u AND c.n = :c;
INSERT INTO wallet_transactions (user_id, type, kind, amount_paise, description, version)
  SELECT user_id, 'debit', 'tip', 100, 'pgbench tip', 0 FROM bench_users WHERE n = :u;
END;
`;
}

/**
 * The MINIMAL comparable transaction, the baseline of: the conditional debit, the creator space's
 * version bump, the tip row and the ledger row, and no lookup (the ids are computed from pgbench's integers,
 * seed.ts). Run with `-M prepared`.
 */
export function minimalTipScript(run: string, viewers: number, creators: number): string {
  const viewer = benchUserIdSql(run, 2, ':u');
  const creator = benchUserIdSql(run, 1, ':c');
  return `\\set u random(1, ${viewers})
\\set c random(1, ${creators})
BEGIN;
UPDATE wallets SET balance_paise = balance_paise - 100, updated_at = now()
  WHERE user_id = ${viewer} AND balance_paise >= 100;
WITH v AS (
  INSERT INTO sync_spaces (space, version) VALUES ('creator:' || ${creator}, 1)
  ON CONFLICT (space) DO UPDATE SET version = sync_spaces.version + 1
  RETURNING version
)
INSERT INTO tips (creator_id, sender_id, source, amount_paise, message, version)
  SELECT ${creator}, ${viewer}, 'wallet', 100, 'pgbench tip', v.version FROM v;
INSERT INTO wallet_transactions (user_id, type, kind, amount_paise, description, version)
  VALUES (${viewer}, 'debit', 'tip', 100, 'pgbench tip', 0);
END;
`;
}

export interface PgbenchResult {
  tps: number;
  latencyAvgMs: number | null;
  transactions: number;
  failed: number;
  command: string;
}

/** True when a `pgbench` binary answers `--version`. */
export function pgbenchAvailable(): boolean {
  const r = spawnSync('pgbench', ['--version'], { encoding: 'utf8' });
  return r.status === 0;
}

/** Runs `pgbench -n -f <script> -c 16 -j 2 -T <seconds>` against a loopback PostgreSQL and parses its summary. */
export async function runPgbench(opts: {
  port: number;
  user: string;
  password: string;
  database: string;
  script: string;
  clients?: number;
  threads?: number;
  seconds?: number;
  /** `-M prepared` (the minimal baseline); the default is pgbench's simple protocol. */
  prepared?: boolean;
}): Promise<PgbenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-pgbench-'));
  const file = path.join(dir, 'tip.sql');
  fs.writeFileSync(file, opts.script);
  const args = [
    '-n',
    '-f',
    file,
    '-c',
    String(opts.clients ?? 16),
    '-j',
    String(opts.threads ?? 2),
    '-T',
    String(opts.seconds ?? 10),
  ];
  if (opts.prepared) args.push('-M', 'prepared');
  args.push('-h', '127.0.0.1', '-p', String(opts.port), '-U', opts.user, opts.database);
  const command = `pgbench -n${opts.prepared ? ' -M prepared' : ''} -f tip.sql -c ${opts.clients ?? 16} -j ${opts.threads ?? 2} -T ${opts.seconds ?? 10}`;
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn('pgbench', args, {
        env: { ...process.env, PGPASSWORD: opts.password },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.stderr.on('data', (d: Buffer) => (text += d.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), ((opts.seconds ?? 10) + 30) * 1000);
      child.on('error', reject);
      child.on('exit', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve(text);
        else reject(new Error(`pgbench exited ${code}:\n${text}`));
      });
    });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1];
    if (!tps) throw new Error(`could not read pgbench output:\n${out}`);
    const latency = /latency average = ([\d.]+) ms/.exec(out)?.[1];
    const processed = /number of transactions actually processed: (\d+)/.exec(out)?.[1];
    const failed = /number of failed transactions: (\d+)/.exec(out)?.[1];
    return {
      tps: Number(tps),
      latencyAvgMs: latency ? Number(latency) : null,
      transactions: Number(processed ?? 0),
      failed: Number(failed ?? 0),
      command,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
