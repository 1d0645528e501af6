import { randomBytes, randomUUID } from 'node:crypto';
import type { Config } from '../src/config.ts';
import type { Db, Executor } from '../src/db/knex.ts';
import { insertTip } from '../src/modules/tips/tips.repository.ts';
import { postLedgerEntry } from '../src/modules/wallet/ledger.ts';
import { createWallet } from '../src/modules/wallet/wallet.repository.ts';
import { issueSession } from '../src/modules/sessions/sessions.service.ts';
import { activateInvite, insertInvite } from '../src/modules/moderators/moderators.repository.ts';

export interface BuiltUser {
  id: string;
  name: string;
  phone: string;
  token: string;
}

export interface BuiltCreator extends BuiltUser {
  handle: string;
  overlayKey: string;
}

/** The date of birth test users have unless told otherwise: an adult's. */
export const ADULT_DATE_OF_BIRTH = '1990-06-15';

/** A random, valid, unique-enough Indian mobile number. */
export function randomPhone(): string {
  return `9${String(randomBytes(5).readUIntBE(0, 5) % 1_000_000_000).padStart(9, '0')}`;
}

/** Inserts a viewer with a wallet (optionally funded through a ledger credit) and a live session token. */
export async function buildUser(
  db: Executor,
  config: Config,
  opts: {
    name?: string;
    /** A given number (10 digits); a random one by default. */
    phone?: string;
    role?: 'viewer' | 'creator' | 'operator';
    balancePaise?: number;
    /** `YYYY-MM-DD`; an adult's by default, null for an account made before sign-up asked it. */
    dateOfBirth?: string | null;
  } = {},
): Promise<BuiltUser> {
  const name = opts.name ?? `Viewer ${randomBytes(2).toString('hex')}`;
  const phone = opts.phone ?? randomPhone();
  const dateOfBirth = opts.dateOfBirth === undefined ? ADULT_DATE_OF_BIRTH : opts.dateOfBirth;
  const [row] = await db('users')
    .insert({
      name,
      phone,
      password_hash: 'not-a-real-hash',
      role: opts.role ?? 'viewer',
      date_of_birth: dateOfBirth,
    })
    .returning<{ id: string }[]>('id');
  if (!row) throw new Error('user insert failed');
  await createWallet(db, row.id);
  if (opts.balancePaise && opts.balancePaise > 0) {
    await postLedgerEntry(db, {
      userId: row.id,
      type: 'credit',
      kind: 'top_up',
      amountPaise: opts.balancePaise,
      description: 'Test funding',
      reference: `test:${randomBytes(8).toString('hex')}`,
    });
  }
  return { id: row.id, name, phone, token: await issueSession(db, config, row.id) };
}

/** Inserts a creator (user with role creator + creator profile with handle and overlay key). */
export async function buildCreator(
  db: Executor,
  config: Config,
  opts: { name?: string; handle?: string; lifetimeGrossPaise?: number } = {},
): Promise<BuiltCreator> {
  const user = await buildUser(db, config, {
    name: opts.name ?? `Creator ${randomBytes(2).toString('hex')}`,
    role: 'creator',
  });
  const handle = opts.handle ?? `c-${randomBytes(4).toString('hex')}`;
  const overlayKey = randomBytes(24).toString('base64url');
  await db('creators').insert({
    user_id: user.id,
    handle,
    display_name: user.name,
    overlay_key: overlayKey,
    lifetime_gross_paise: opts.lifetimeGrossPaise ?? 0,
  });
  return { ...user, handle, overlayKey };
}

/** An operator (as `npm run operator:add` makes one) with a live session token. */
export async function buildOperator(
  db: Executor,
  config: Config,
  opts: { name?: string } = {},
): Promise<BuiltUser> {
  return buildUser(db, config, {
    name: opts.name ?? `Operator ${randomBytes(2).toString('hex')}`,
    role: 'operator',
  });
}

/** A fresh viewer account that moderates `creator` (invited and accepted; no wallet money). */
export async function buildModerator(
  db: Executor,
  config: Config,
  creator: { id: string },
  opts: { name?: string } = {},
): Promise<BuiltUser> {
  const user = await buildUser(db, config, { name: opts.name ?? `Mod ${randomBytes(2).toString('hex')}` });
  const invite = await insertInvite(db, creator.id, user.phone);
  if (!invite) throw new Error('moderator invite not inserted');
  await activateInvite(db, invite.id, user.id);
  return user;
}

/** A fresh creator and a viewer whose wallet holds `balancePaise` (the two sides of most tip tests). */
export async function creatorAndViewer(
  deps: { db: Executor; config: Config },
  balancePaise: number,
): Promise<{ creator: BuiltCreator; viewer: BuiltUser }> {
  const creator = await buildCreator(deps.db, deps.config);
  const viewer = await buildUser(deps.db, deps.config, { balancePaise });
  return { creator, viewer };
}

/** Ledger invariant: for every wallet, credits − debits equals the balance, and no balance is negative. */
export async function ledgerMismatches(
  db: Executor,
): Promise<Array<{ user_id: string; balance: number; ledger: number }>> {
  const result = await db.raw<{ rows: Array<{ user_id: string; balance: number; ledger: number }> }>(`
    select w.user_id, w.balance_paise as balance,
           coalesce(sum(case when t.type = 'credit' then t.amount_paise else -t.amount_paise end), 0)::bigint as ledger
    from wallets w left join wallet_transactions t on t.user_id = w.user_id
    group by w.user_id, w.balance_paise
    having w.balance_paise < 0
        or w.balance_paise <> coalesce(sum(case when t.type = 'credit' then t.amount_paise else -t.amount_paise end), 0)`);
  return result.rows;
}

/** A paid guest tip straight into the database, as the payment webhook would leave it; returns its id. */
export async function seedGuestTip(
  db: Db,
  creatorId: string,
  tip: { status?: 'unread' | 'read'; amountPaise?: number; message?: string; guestName?: string } = {},
): Promise<string> {
  const row = await db.transaction((tx) =>
    insertTip(tx, {
      creatorId,
      senderId: null,
      guestName: tip.guestName ?? 'Guest',
      source: 'guest',
      amountPaise: tip.amountPaise ?? 10_000,
      message: tip.message ?? 'hello',
      status: tip.status ?? 'unread',
      paymentId: `pay_${randomUUID()}`,
    }),
  );
  return row.id;
}
