import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../api/src/db/knex.ts';
import { openIdleSockets } from '../phases/idle.ts';
import { rssBytes } from '../product.ts';
import type { FloorResults } from './figures.ts';
import type { SeededCreator, SeededUser } from '../load/seed.ts';
import { sleep } from '../settings.ts';

/**
 * The floors of `npm run bench` (bench/floors/README.md): the least a bare program of the same kind does on this
 * machine, in this run, under the same client as the product. Each is a plain-JavaScript child process.
 */
export type FloorKind = 'send' | 'read' | 'socket';

/** A running floor: its URL (http://127.0.0.1:port), pid (for RSS) and a stop that waits for its exit. */
export interface Floor {
  kind: FloorKind;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The send floor's tables, in the product's database but a schema of their own. */
export const FLOOR_SCHEMA = 'bench_floor';

/**
 * Starts `bench/floors/<kind>Floor.mjs` and resolves once it listens (rejects if it exits first or takes 15 s).
 * With BENCH_CPU_PROF=<dir>, the floor writes its own V8 CPU profile there too (`<kind>-floor-*.cpuprofile`), to
 * compare where the product's extra time per request goes.
 */
export function startFloor(kind: FloorKind, env: Record<string, string> = {}): Promise<Floor> {
  const profile = process.env.BENCH_CPU_PROF
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`,
        `--cpu-prof-name=${kind}-floor-${Date.now()}.cpuprofile`,
      ]
    : [];
  const child = spawn(process.execPath, [...profile, path.join(HERE, `${kind}Floor.mjs`)], {
    env: { ...process.env, FLOOR_SCHEMA, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${kind} floor: not listening within 15 s`));
    }, 15_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${kind} floor exited (${code}) before listening`));
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const port = /listening (\d+)/.exec(chunk)?.[1];
      if (!port || !child.pid) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ kind, url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => stopChild(child) });
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * The send floor's four tables (no foreign keys, no triggers), with a funded wallet per seeded viewer and a
 * version row per seeded creator, so the same client's requests (viewer tokens, creator handles) work on both.
 */
export async function prepareSendFloor(
  db: Db,
  viewers: readonly SeededUser[],
  creators: readonly SeededCreator[],
  balancePaise: number,
): Promise<void> {
  const s = FLOOR_SCHEMA;
  await db.raw(`drop schema if exists ${s} cascade`);
  await db.raw(`create schema ${s}`);
  await db.raw(`create table ${s}.wallets (user_id text primary key,
    balance_paise bigint not null check (balance_paise >= 0))`);
  await db.raw(`create table ${s}.creators (handle text primary key, user_id text not null,
    version bigint not null default 0)`);
  await db.raw(`create table ${s}.tips (id bigserial primary key, creator_id text not null, sender_id text not null,
    amount_paise bigint not null, message text not null, version bigint not null,
    created_at timestamptz not null default now())`);
  await db.raw(`create table ${s}.ledger (id bigserial primary key, user_id text not null,
    delta_paise bigint not null, tip_id bigint not null)`);
  await db(`${s}.wallets`).insert(viewers.map((v) => ({ user_id: v.id, balance_paise: balancePaise })));
  await db(`${s}.creators`).insert(creators.map((c) => ({ handle: c.handle, user_id: c.id })));
  await db.raw(`analyze ${s}.wallets, ${s}.creators`);
}

/** Drops the send floor's tables (so they never count in the product's database figures afterwards). */
export async function dropSendFloor(db: Db): Promise<void> {
  await db.raw(`drop schema if exists ${FLOOR_SCHEMA} cascade`);
}

/**
 * The socket floor's hellos and memory: `count` sockets opened exactly as the product's idle phase opens them
 * (bench/phases/idle.ts#openIdleSockets), the floor's RSS before and after (2 s after the last welcome), then closed.
 */
export async function socketFloorMemory(
  floor: Floor,
  count: number,
  keepGoing: () => boolean,
): Promise<NonNullable<FloorResults['memory']>> {
  await sleep(500);
  const rssBefore = rssBytes(floor.pid);
  const opened = await openIdleSockets(floor.url, count, () => ({ overlayKey: 'floor' }), keepGoing);
  try {
    await sleep(2000);
    return { open: opened.sockets.length, openMs: opened.openMs, rssBefore, rssAfter: rssBytes(floor.pid) };
  } finally {
    await Promise.all(opened.sockets.map((s) => s.close()));
  }
}
