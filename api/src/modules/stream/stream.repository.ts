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
 * The top supporters of a creator by the sum of their paid tips in the range: wallet users grouped by account
 * (shown with their current name), guests by the name on their tips (case and spaces folded, shown as they last
 * wrote it). Tips of a blocked viewer (by account, or by the phone of the account) are left out. No phone, no id.
 */
export async function topSupporters(
  db: Executor,
  creatorId: string,
  range: SupporterRange,
  session: SessionRow | null,
  limit: number,
): Promise<SupporterRow[]> {
  const sessionBounds = range === 'stream' && session;
  const bindings: Array<string | number | Date | null> = [creatorId];
  if (sessionBounds) bindings.push(session.started_at, session.ended_at, session.ended_at);
  bindings.push(limit);
  const result = await db.raw<{ rows: SupporterRow[] }>(
    `select (array_agg(coalesce(nullif(u.name, ''), nullif(btrim(t.guest_name), ''), 'Anonymous')
                       order by t.created_at desc))[1] as name,
            sum(t.amount_paise) as amount_paise, count(*) as count
     from tips t left join users u on u.id = t.sender_id
     where t.creator_id = ?::uuid
       and t.created_at >= ${rangeStart(range, session)}
       ${sessionBounds ? 'and (?::timestamptz is null or t.created_at <= ?::timestamptz)' : ''}
       and not exists (select 1 from blocked_senders b where b.creator_id = t.creator_id
                       and (b.user_id = t.sender_id or (b.phone is not null and b.phone = u.phone)))
     group by case when t.sender_id is not null then 'u:' || t.sender_id::text
                   else 'g:' || lower(regexp_replace(btrim(coalesce(t.guest_name, '')), '\\s+', ' ', 'g')) end
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
