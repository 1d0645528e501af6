import type { Role } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';

const HITS = 20;

/** `text` for a LIKE pattern, its wildcards taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface UserHitRow {
  id: string;
  name: string;
  role: Role;
  handle: string | null;
  phone: string | null;
  deleted_at: Date | null;
}

/** Users whose name or creator handle contains `q`, or whose phone ends in `q` when it is 4 digits. */
export async function searchUsers(db: Executor, q: string): Promise<UserHitRow[]> {
  const text = `%${likeLiteral(q.replace(/^@/, ''))}%`;
  return db('users as u')
    .leftJoin('creators as c', 'c.user_id', 'u.id')
    .where((w) => {
      w.whereILike('u.name', text).orWhereILike('c.handle', text);
      if (/^\d{4}$/.test(q)) w.orWhere('u.phone', 'like', `%${q}`);
    })
    .orderBy('u.created_at', 'desc')
    .limit(HITS)
    .select<UserHitRow[]>('u.id', 'u.name', 'u.role', 'c.handle', 'u.phone', 'u.deleted_at');
}

export interface TipHitRow {
  id: string;
  source: 'wallet' | 'guest';
  amount_paise: string | number;
  handle: string;
  sender_name: string | null;
  guest_name: string | null;
  payment_id: string | null;
  order_id: string | null;
  created_at: Date;
}

/** Tips paid by the Razorpay payment `q` or made from its order `q` (exact ids). */
export async function searchTips(db: Executor, q: string): Promise<TipHitRow[]> {
  return db('tips as t')
    .join('creators as c', 'c.user_id', 't.creator_id')
    .leftJoin('users as s', 's.id', 't.sender_id')
    .where((w) => w.where('t.payment_id', q).orWhere('t.order_id', q))
    .orderBy('t.created_at', 'desc')
    .limit(HITS)
    .select<TipHitRow[]>(
      't.id',
      't.source',
      't.amount_paise',
      'c.handle',
      's.name as sender_name',
      't.guest_name',
      't.payment_id',
      't.order_id',
      't.created_at',
    );
}
