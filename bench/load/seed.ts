import { randomBytes } from 'node:crypto';
import type { Config } from '../../api/src/config.ts';
import type { Db } from '../../api/src/db/knex.ts';
import { issueSession } from '../../api/src/modules/sessions/sessions.service.ts';
import { postLedgerEntry } from '../../api/src/modules/wallet/ledger.ts';
import { createWallet } from '../../api/src/modules/wallet/wallet.repository.ts';
import { pool } from '../settings.ts';

export interface SeededUser {
  id: string;
  token: string;
}

export interface SeededCreator extends SeededUser {
  handle: string;
  overlayKey: string;
}

/** A 10-digit phone unique within this run: a random 4-digit run prefix, a role digit and a 5-digit index. */
function phoneFor(run: string, role: number, i: number): string {
  return `9${run}${role}${String(i).padStart(5, '0')}`;
}

/** One user row, its wallet funded through the ledger (so ledger and balances agree), and a session token. */
async function buildUser(
  db: Db,
  config: Config,
  opts: { id: string; name: string; phone: string; role: 'viewer' | 'creator'; balancePaise: number },
): Promise<SeededUser> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx('users')
      .insert({
        id: opts.id,
        name: opts.name,
        phone: opts.phone,
        password_hash: 'bench-not-a-hash',
        role: opts.role,
        // Adults: every payment first asks for a date of birth (the age rule), and a bench viewer has given it.
        date_of_birth: '1990-01-01',
      })
      .returning<{ id: string }[]>('id');
    if (!row) throw new Error('user insert failed');
    await createWallet(tx, row.id);
    if (opts.balancePaise > 0) {
      await postLedgerEntry(tx, {
        userId: row.id,
        type: 'credit',
        kind: 'top_up',
        amountPaise: opts.balancePaise,
        description: 'Bench funding',
        reference: `bench:${randomBytes(8).toString('hex')}`,
      });
    }
    return row.id;
  });
  return { id, token: await issueSession(db, config, id) };
}

/**
 * The id of seeded user n (1-based) of a role in a run, computed so that a pgbench script reaches any user's rows
 * without a lookup (the minimal baseline, pgbench.ts): `b0000000-0<run>-4000-800<role>-<n, 12 digits>`.
 */
export function benchUserIdSql(run: string, role: 1 | 2, n: string): string {
  return `('b0000000-0${run}-4000-800${role}-' || lpad(${n}::text, 12, '0'))::uuid`;
}
const benchUserId = (run: string, role: 1 | 2, n: number) =>
  `b0000000-0${run}-4000-800${role}-${String(n).padStart(12, '0')}`;

/** The tables the seed writes (users, their wallets funded through the ledger, sessions, creators). */
const SEEDED_TABLES = [
  'users',
  'sessions',
  'wallets',
  'wallet_transactions',
  'sync_spaces',
  'creators',
  'bench_users',
  'bench_creators',
];

/**
 * `VACUUM (ANALYZE)` of those of `tables` that hold rows. Never of an empty one: a table vacuumed or analysed while
 * empty is planned as empty (sequential scans) by every statement and foreign-key check that a pooled connection
 * prepares and caches, until the next ANALYZE, however much the table grows meanwhile. That is what held the
 * 20-creator send phase at a third of the hot one (docs/PERFORMANCE.md, "Why 20 creators were slower"): the
 * foreign-key checks of each tip's earning (earnings.tip_id → tips, earning_movements.earning_id → earnings) scanned
 * every tip the phases before had written. A table never analysed is planned as ten pages, as in a fresh
 * production database, and autovacuum analyses it as it grows.
 */
export async function analyzeFilled(db: Db, tables: readonly string[]): Promise<void> {
  const filled: string[] = [];
  for (const table of tables) {
    const { rows } = await db.raw<{ rows: Array<{ some: boolean }> }>(
      `select exists (select 1 from ${table}) as some`,
    );
    if (rows[0]?.some) filled.push(table);
  }
  if (filled.length > 0) await db.raw(`vacuum (analyze) ${filled.join(', ')}`);
}

/**
 * Creates `creators` creators (handle `bench-<run>-<i>`, overlay key) and `viewers` funded viewers directly in the
 * product's database, plus the lookup tables `bench_users(n, user_id)` and `bench_creators(n, user_id)` (1-based)
 * that the pgbench script picks random ids from.
 */
export async function seed(
  db: Db,
  config: Config,
  opts: { creators: number; viewers: number; balancePaise: number },
): Promise<{ run: string; creators: SeededCreator[]; viewers: SeededUser[] }> {
  const run = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  const creators = await pool(opts.creators, 8, async (i) => {
    const user = await buildUser(db, config, {
      id: benchUserId(run, 1, i + 1),
      name: `Bench Creator ${i + 1}`,
      phone: phoneFor(run, 1, i),
      role: 'creator',
      balancePaise: 0,
    });
    const handle = `bench-${run}-${i + 1}`;
    const overlayKey = randomBytes(24).toString('base64url');
    await db('creators').insert({
      user_id: user.id,
      handle,
      display_name: `Bench Creator ${i + 1}`,
      overlay_key: overlayKey,
    });
    return { ...user, handle, overlayKey };
  });
  const viewers = await pool(opts.viewers, 8, (i) =>
    buildUser(db, config, {
      id: benchUserId(run, 2, i + 1),
      name: `Bench Viewer ${i + 1}`,
      phone: phoneFor(run, 2, i),
      role: 'viewer',
      balancePaise: opts.balancePaise,
    }),
  );
  await db.raw('create table if not exists bench_users (n int primary key, user_id uuid not null)');
  await db.raw('create table if not exists bench_creators (n int primary key, user_id uuid not null)');
  await db('bench_users').insert(viewers.map((v, i) => ({ n: i + 1, user_id: v.id })));
  await db('bench_creators').insert(creators.map((c, i) => ({ n: i + 1, user_id: c.id })));
  await analyzeFilled(db, SEEDED_TABLES);
  return { run, creators, viewers };
}
