import type { Executor } from '../../db/knex.ts';

/** What the payment rule needs of a viewer: their date of birth and their parent's consent, if any. */
export interface AgeAndConsent {
  /** `YYYY-MM-DD`, or null for an account made before it was asked. */
  dateOfBirth: string | null;
  consent: ConsentRecord | null;
}

export interface ConsentRecord {
  userId: string;
  parentPhoneHash: string;
  parentPhoneMasked: string;
  requestedAt: Date;
  givenAt: Date | null;
  withdrawnAt: Date | null;
}

interface ConsentRow {
  user_id: string;
  parent_phone_hash: string;
  parent_phone_masked: string;
  requested_at: Date;
  given_at: Date | null;
  withdrawn_at: Date | null;
}

const CONSENT_COLUMNS = [
  'user_id',
  'parent_phone_hash',
  'parent_phone_masked',
  'requested_at',
  'given_at',
  'withdrawn_at',
];

function toConsent(row: ConsentRow): ConsentRecord {
  return {
    userId: row.user_id,
    parentPhoneHash: row.parent_phone_hash,
    parentPhoneMasked: row.parent_phone_masked,
    requestedAt: row.requested_at,
    givenAt: row.given_at,
    withdrawnAt: row.withdrawn_at,
  };
}

/** The viewer's date of birth and consent row in one read; null for an unknown user. */
export async function findAgeAndConsent(db: Executor, userId: string): Promise<AgeAndConsent | null> {
  const row = await db('users as u')
    .leftJoin('parental_consents as pc', 'pc.user_id', 'u.id')
    .where('u.id', userId)
    .first<(Partial<ConsentRow> & { date_of_birth: string | null }) | undefined>(
      db.raw(`to_char(u.date_of_birth, 'YYYY-MM-DD') as date_of_birth`),
      ...CONSENT_COLUMNS.map((c) => `pc.${c}`),
    );
  if (!row) return null;
  return {
    dateOfBirth: row.date_of_birth,
    consent: row.user_id ? toConsent(row as ConsentRow) : null,
  };
}

/** Sets a date of birth where none is set; false when one was already there (it is given once). */
export async function setDateOfBirthOnce(
  db: Executor,
  userId: string,
  dateOfBirth: string,
): Promise<boolean> {
  const updated = await db('users')
    .where({ id: userId })
    .whereNull('date_of_birth')
    .update({ date_of_birth: dateOfBirth, updated_at: db.fn.now() });
  return updated > 0;
}

/** The minor's phone (to refuse it as the parent's); null for an unknown user. */
export async function findUserPhone(db: Executor, userId: string): Promise<string | null> {
  const row = await db('users').where({ id: userId }).first<{ phone: string | null } | undefined>('phone');
  return row?.phone ?? null;
}

/**
 * Asks a parent's consent: a new request replaces the last one (a new link; the old link stops working) and
 * clears a given or withdrawn consent, which the parent must then give again.
 */
export async function upsertConsentRequest(
  db: Executor,
  request: { userId: string; parentPhoneHash: string; parentPhoneMasked: string; linkTokenHash: string },
): Promise<ConsentRecord> {
  const values = {
    parent_phone_hash: request.parentPhoneHash,
    parent_phone_masked: request.parentPhoneMasked,
    link_token_hash: request.linkTokenHash,
    withdraw_token_hash: null,
    requested_at: db.fn.now(),
    given_at: null,
    withdrawn_at: null,
    updated_at: db.fn.now(),
  };
  const [row] = await db('parental_consents')
    .insert({ user_id: request.userId, ...values })
    .onConflict('user_id')
    .merge(values)
    .returning<ConsentRow[]>(CONSENT_COLUMNS);
  if (!row) throw new Error('consent upsert returned no row');
  return toConsent(row);
}

/** The consent a link names, with the child's name, locked for the parent's answer when `lock`. */
export async function findConsentByLink(
  db: Executor,
  linkTokenHash: string,
  options: { lock?: boolean } = {},
): Promise<(ConsentRecord & { childName: string }) | null> {
  const query = db('parental_consents as pc')
    .join('users as u', 'u.id', 'pc.user_id')
    .where('pc.link_token_hash', linkTokenHash)
    .whereNull('u.deleted_at')
    .first<(ConsentRow & { child_name: string }) | undefined>(
      ...CONSENT_COLUMNS.map((c) => `pc.${c}`),
      'u.name as child_name',
    );
  if (options.lock) void query.forUpdate('pc');
  const row = await query;
  return row ? { ...toConsent(row), childName: row.child_name } : null;
}

/** Records the parent's consent and the hash of their withdrawal link. */
export async function markConsentGiven(
  db: Executor,
  userId: string,
  withdrawTokenHash: string,
): Promise<Date> {
  const [row] = await db('parental_consents')
    .where({ user_id: userId })
    .update({
      given_at: db.fn.now(),
      withdrawn_at: null,
      withdraw_token_hash: withdrawTokenHash,
      updated_at: db.fn.now(),
    })
    .returning<Array<{ given_at: Date }>>('given_at');
  if (!row) throw new Error('consent row vanished');
  return row.given_at;
}

/** Withdraws the consent a withdrawal link names; the minor's id, or null for an unknown or used link. */
export async function markConsentWithdrawn(db: Executor, withdrawTokenHash: string): Promise<string | null> {
  const [row] = await db('parental_consents')
    .where({ withdraw_token_hash: withdrawTokenHash })
    .whereNull('withdrawn_at')
    .update({ withdrawn_at: db.fn.now(), updated_at: db.fn.now() })
    .returning<Array<{ user_id: string }>>('user_id');
  return row?.user_id ?? null;
}

/**
 * What a viewer paid since `monthStart`: tips (wallet tips sent, guest tips ordered while signed in) and top-ups.
 * An order counts once paid, or while its checkout may still be finished (created after `openSince`), so a minor
 * cannot open several checkouts at once to pass the cap.
 */
export async function spentSince(
  db: Executor,
  userId: string,
  monthStart: Date,
  openSince: Date,
): Promise<{ tipsPaise: number; topUpsPaise: number }> {
  const [walletTips, orders] = await Promise.all([
    db('tips')
      .where({ sender_id: userId, source: 'wallet' })
      .where('created_at', '>=', monthStart)
      .sum<Array<{ sum: string | null }>>('amount_paise as sum'),
    db('payment_orders')
      .where({ user_id: userId })
      .where('created_at', '>=', monthStart)
      .where((q) =>
        q
          .where('status', 'paid')
          .orWhere((open) =>
            open.where('status', 'created').whereNull('closed_at').where('created_at', '>=', openSince),
          ),
      )
      .groupBy('purpose')
      .select<Array<{ purpose: string; sum: string | null }>>('purpose', db.raw('sum(amount_paise) as sum')),
  ]);
  const ordered = (purpose: string) => Number(orders.find((o) => o.purpose === purpose)?.sum ?? 0);
  return {
    tipsPaise: Number(walletTips[0]?.sum ?? 0) + ordered('guest_tip'),
    topUpsPaise: ordered('top_up'),
  };
}

/** Erases the date of birth and the consent row (account deletion). */
export async function eraseAgeAndConsent(tx: Executor, userId: string): Promise<void> {
  await tx('parental_consents').where({ user_id: userId }).delete();
  await tx('users').where({ id: userId }).update({ date_of_birth: null });
}

/** How many consents are given and not withdrawn, and how many were withdrawn (for the metrics' gauge). */
export async function countConsentsByState(db: Executor): Promise<Array<{ state: string; count: number }>> {
  const rows = await db('parental_consents')
    .select<Array<{ state: string; count: string }>>(
      db.raw(
        `case when withdrawn_at is not null then 'withdrawn' when given_at is not null then 'given' else 'pending' end as state`,
      ),
      db.raw('count(*) as count'),
    )
    .groupBy('state');
  return rows.map((r) => ({ state: r.state, count: Number(r.count) }));
}
