import type { SupporterRange, WidgetSettings } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';
import { creatorSettingsTable } from '../creators/settingsTable.repository.ts';

export interface SessionRow {
  id: string;
  creator_id: string;
  started_at: Date;
  ended_at: Date | null;
}

export interface TotalsRow {
  amount_paise: string | number;
  count: string | number;
  top_name: string | null;
  top_paise: string | number | null;
}

export interface SupporterRow {
  name: string;
  key: string;
  amount_paise: string | number;
  count: string | number;
}

/** The creator's latest session, live or ended; null before the first "Start stream". */
export async function findLatestSession(db: Executor, creatorId: string): Promise<SessionRow | null> {
  return (
    (await db('stream_sessions')
      .where({ creator_id: creatorId })
      .orderBy('started_at', 'desc')
      .first<SessionRow | undefined>()) ?? null
  );
}

/** Opens a session unless one is live (the partial unique index decides); null when one was already live. */
export async function insertSession(tx: Executor, creatorId: string): Promise<SessionRow | null> {
  const result = await tx.raw<{ rows: SessionRow[] }>(
    `insert into stream_sessions (creator_id) values (?::uuid)
     on conflict (creator_id) where ended_at is null do nothing
     returning *`,
    [creatorId],
  );
  return result.rows[0] ?? null;
}

/** Ends the live session; null when none was live. */
export async function endLiveSession(tx: Executor, creatorId: string): Promise<SessionRow | null> {
  const [row] = await tx('stream_sessions')
    .where({ creator_id: creatorId })
    .whereNull('ended_at')
    .update({ ended_at: tx.raw('greatest(clock_timestamp(), started_at)') })
    .returning<SessionRow[]>('*');
  return row ?? null;
}

/** The paid tips of a creator inside a session's window (every tip row is a paid tip). */
const IN_SESSION = `t.creator_id = ?::uuid and t.created_at >= ?::timestamptz
  and (?::timestamptz is null or t.created_at <= ?::timestamptz)`;

/** Amount, count and top tip (largest, earliest on a tie) of the paid tips of a session. */
export async function sessionTotals(db: Executor, session: SessionRow): Promise<TotalsRow> {
  const window = [session.creator_id, session.started_at, session.ended_at, session.ended_at];
  const result = await db.raw<{ rows: TotalsRow[] }>(
    `select coalesce(sum(t.amount_paise), 0) as amount_paise, count(*) as count,
       (select coalesce(nullif(u.name, ''), nullif(btrim(t.guest_name), ''), 'Anonymous')
          from tips t left join users u on u.id = t.sender_id
          where ${IN_SESSION} order by t.amount_paise desc, t.created_at limit 1) as top_name,
       (select max(t.amount_paise) from tips t where ${IN_SESSION}) as top_paise
     from tips t where ${IN_SESSION}`,
    [...window, ...window, ...window],
  );
  const row = result.rows[0];
  if (!row) throw new Error('session totals returned no row');
  return row;
}

/** Where a range of the top supporters widget starts: the latest session's start, Monday 00:00 IST, or ever. */
function rangeStart(range: SupporterRange, session: SessionRow | null): string {
  if (range === 'week')
    return `date_trunc('week', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata'`;
  if (range === 'all') return `'-infinity'::timestamptz`;
  return session ? `?::timestamptz` : `'infinity'::timestamptz`;
}

/**
 * A tip's supporter: 'u:<sender id>' for wallet users, 'y:<author channel id>' for YouTube Super Chats, 'g:<guest
 * name, case and spaces folded>' for guests.
 */
const SUPPORTER_KEY = `case when t.sender_id is not null then 'u:' || t.sender_id::text
  when t.source = 'youtube' then 'y:' || (select y.author_channel_id from youtube_events y where y.tip_id = t.id)
  else 'g:' || lower(regexp_replace(btrim(coalesce(t.guest_name, '')), '\\s+', ' ', 'g')) end`;

/** The name a tip shows: the sender's current name, the guest's name, or 'Anonymous'. */
const TIP_NAME = `coalesce(nullif(u.name, ''), nullif(btrim(t.guest_name), ''), 'Anonymous')`;

/**
 * Which tips a supporter list counts: not deleted, not ignored, not from a blocked viewer (by account or by the
 * phone of the account) nor a blocked guest payer. Binds nothing (the creator is t.creator_id).
 */
const COUNTED_TIP = `t.deleted_at is null and t.status <> 'ignore'
  and not exists (select 1 from blocked_senders b where b.creator_id = t.creator_id
                  and (b.user_id = t.sender_id or (b.phone is not null and b.phone = u.phone)))
  and not exists (select 1 from tip_payers p join blocked_senders b
                    on b.creator_id = t.creator_id and b.payer_keys && p.payer_keys
                  where p.tip_id = t.id)`;

/**
 * The top supporters of a creator by the sum of their counted tips in the range (see COUNTED_TIP): wallet
 * users grouped by account, guests by the name on their tips (case and spaces folded). A supporter's name comes
 * only from a tip the creator put on air (status read): the account's current name, or the guest's name as they
 * last wrote it on such a tip; a supporter with no tip on air yet is 'Anonymous'. Supporters the creator hid are
 * left out unless `includeHidden`. `key` is the grouping key (for the creator's own list); no phone.
 */
export async function topSupporters(
  db: Executor,
  creatorId: string,
  range: SupporterRange,
  session: SessionRow | null,
  limit: number,
  options: { includeHidden?: boolean } = {},
): Promise<SupporterRow[]> {
  const sessionBounds = range === 'stream' && session;
  const bindings: Array<string | number | Date | null> = [creatorId];
  if (sessionBounds) bindings.push(session.started_at, session.ended_at, session.ended_at);
  bindings.push(limit);
  const result = await db.raw<{ rows: SupporterRow[] }>(
    `select coalesce((array_agg(${TIP_NAME} order by t.created_at desc)
                        filter (where t.status = 'read'))[1], 'Anonymous') as name,
            (${SUPPORTER_KEY}) as key,
            sum(t.amount_paise) as amount_paise, count(*) as count
     from tips t left join users u on u.id = t.sender_id
     where t.creator_id = ?::uuid
       and t.created_at >= ${rangeStart(range, session)}
       ${sessionBounds ? 'and (?::timestamptz is null or t.created_at <= ?::timestamptz)' : ''}
       and ${COUNTED_TIP}
       ${
         options.includeHidden
           ? ''
           : `and not exists (select 1 from hidden_supporters h
                              where h.creator_id = t.creator_id and h.supporter_key = (${SUPPORTER_KEY}))`
       }
     group by (${SUPPORTER_KEY})
     order by sum(t.amount_paise) desc, min(t.created_at)
     limit ?::integer`,
    bindings,
  );
  return result.rows;
}

const widgetSettingsTable = creatorSettingsTable<WidgetSettings>('creator_widget_settings');

/** A creator's stored widget settings, or null when they kept the defaults. */
export const findWidgetSettings = widgetSettingsTable.find;

/** Stores a creator's widget settings (validated by widgetSettingsSchema). */
export const upsertWidgetSettings = widgetSettingsTable.upsert;

/** A supporter the creator hid from the widget (the name as the widget showed it when hidden). */
export interface HiddenSupporterRow {
  id: string;
  supporter_key: string;
  name: string;
  created_at: Date;
}

/** The creator's hidden supporters, newest first. */
export async function listHiddenSupporters(db: Executor, creatorId: string): Promise<HiddenSupporterRow[]> {
  return db('hidden_supporters')
    .where({ creator_id: creatorId })
    .orderBy('created_at', 'desc')
    .select<HiddenSupporterRow[]>('id', 'supporter_key', 'name', 'created_at');
}

/** Hides a supporter by its grouping key; hiding twice keeps the first row. */
export async function insertHiddenSupporter(
  db: Executor,
  row: { creatorId: string; key: string; name: string },
): Promise<void> {
  await db('hidden_supporters')
    .insert({ creator_id: row.creatorId, supporter_key: row.key, name: row.name })
    .onConflict(['creator_id', 'supporter_key'])
    .ignore();
}

/** Shows a hidden supporter again; false when the row is not the creator's. */
export async function deleteHiddenSupporter(db: Executor, creatorId: string, id: string): Promise<boolean> {
  return (await db('hidden_supporters').where({ creator_id: creatorId, id }).delete()) > 0;
}
