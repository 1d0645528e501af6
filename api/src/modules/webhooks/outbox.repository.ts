import type { Executor } from '../../db/knex.ts';

// The outbox's SQL (the worker's derivation, and the stream and test events): cursors per creator, events and
// their deliveries as derived or queued. The endpoints' and deliveries' SQL is in webhooks.repository.ts.

export interface NewEvent {
  id: string;
  creatorId: string;
  event: string;
  data: unknown;
}

/** A derived delivery's first attempt as the derivation records it (see recordDerived). */
export interface FirstAttempt {
  event_id: string;
  endpoint_id: string;
  /** delivered: answered 2xx; sent: failed or still in flight (the sender records the outcome); due: not sent. */
  outcome: 'delivered' | 'sent' | 'due';
  code: number | null;
}

/** Starts the creator's outbox cursor at the space's current version (no history is replayed to a new endpoint). */
export async function ensureCursor(db: Executor, creatorId: string, space: string): Promise<void> {
  await db.raw(
    `insert into outgoing_webhook_cursors (creator_id, version)
     values (?, coalesce((select version from sync_spaces where space = ?), 0))
     on conflict (creator_id) do nothing`,
    [creatorId, space],
  );
}

/** Creators with an enabled endpoint whose chat space moved past their outbox cursor. */
export async function creatorsBehind(db: Executor, limit: number): Promise<string[]> {
  const result = await db.raw<{ rows: Array<{ creator_id: string }> }>(
    `select c.creator_id from outgoing_webhook_cursors c
     join sync_spaces s on s.space = 'creator:' || c.creator_id::text
     where s.version > c.version
       and exists (select 1 from outgoing_webhook_endpoints p where p.creator_id = c.creator_id and p.enabled)
     limit ?`,
    [limit],
  );
  return result.rows.map((r) => r.creator_id);
}

/**
 * Moves the cursors of creators with no enabled endpoint to their space's version in one statement: nobody is
 * subscribed, so nothing is read or written for their changes (an endpoint enabled later starts from there).
 */
export async function skipUnsubscribedCursors(db: Executor): Promise<number> {
  const result = await db.raw<{ rowCount: number }>(
    `update outgoing_webhook_cursors c set version = s.version
     from sync_spaces s
     where s.space = 'creator:' || c.creator_id::text and s.version > c.version
       and not exists (select 1 from outgoing_webhook_endpoints p where p.creator_id = c.creator_id and p.enabled)`,
  );
  return result.rowCount;
}

/** The cursors of these creators, locked for this transaction; those another instance holds are left out. */
export async function lockCursors(tx: Executor, creatorIds: string[]): Promise<Map<string, number>> {
  const result = await tx.raw<{ rows: Array<{ creator_id: string; version: string }> }>(
    `select creator_id, version from outgoing_webhook_cursors where creator_id = any(?::uuid[])
     order by creator_id for update skip locked`,
    [creatorIds],
  );
  return new Map(result.rows.map((r) => [r.creator_id, Number(r.version)]));
}

export async function setCursors(
  tx: Executor,
  cursors: Array<{ creatorId: string; version: number }>,
): Promise<void> {
  if (cursors.length === 0) return;
  await tx.raw(
    `update outgoing_webhook_cursors c set version = v.version
     from unnest(?::uuid[], ?::bigint[]) as v(creator_id, version) where c.creator_id = v.creator_id`,
    [cursors.map((c) => c.creatorId), cursors.map((c) => c.version)],
  );
}

/**
 * Writes events and one pending delivery per enabled endpoint subscribed to each (or to `onlyEndpointId`); an
 * event no enabled endpoint subscribes to is not written. Both inserts ignore rows that exist, so writing the
 * same event twice sends nothing twice. (Stream and test events; the worker records tip events with
 * recordDerived.)
 */
export async function insertEvents(
  tx: Executor,
  events: NewEvent[],
  onlyEndpointId: string | null = null,
): Promise<Array<{ id: string }>> {
  if (events.length === 0) return [];
  await tx.raw(
    `insert into outgoing_webhook_events (id, creator_id, event, data)
     select * from jsonb_to_recordset(?::jsonb) as e(id text, "creatorId" uuid, event text, data jsonb)
     where ?::uuid is not null or exists (select 1 from outgoing_webhook_endpoints p
       where p.creator_id = e."creatorId" and p.enabled and e.event = any(p.events))
     on conflict (id) do nothing`,
    [JSON.stringify(events), onlyEndpointId],
  );
  const result = await tx.raw<{ rows: Array<{ id: string }> }>(
    `insert into outgoing_webhook_deliveries (event_id, endpoint_id)
     select e.id, p.id
     from outgoing_webhook_events e
     join outgoing_webhook_endpoints p on p.creator_id = e.creator_id
     where e.id = any(?::text[])
       and (p.id = ?::uuid or (?::uuid is null and p.enabled and e.event = any(p.events)))
     on conflict (event_id, endpoint_id) do nothing
     returning id`,
    [events.map((e) => e.id), onlyEndpointId, onlyEndpointId],
  );
  return result.rows;
}

/** Every enabled endpoint subscribed to each event, in the events' order: the deliveries to derive. */
export async function deliveryTargets(
  tx: Executor,
  events: NewEvent[],
): Promise<Array<{ event_id: string; endpoint_id: string; url: string; secret: string }>> {
  if (events.length === 0) return [];
  const result = await tx.raw<{
    rows: Array<{ event_id: string; endpoint_id: string; url: string; secret: string }>;
  }>(
    `select e.id as event_id, p.id as endpoint_id, p.url, p.secret
     from unnest(?::text[], ?::uuid[], ?::text[]) with ordinality as e(id, creator_id, event, n)
     join outgoing_webhook_endpoints p on p.creator_id = e.creator_id and p.enabled and e.event = any(p.events)
     order by e.n, p.created_at`,
    [events.map((e) => e.id), events.map((e) => e.creatorId), events.map((e) => e.event)],
  );
  return result.rows;
}

/**
 * Writes derived events and each delivery once, with its first attempt's outcome, in one statement: a delivery
 * answered 2xx is written delivered (the common case: one row write per delivery, no update); one whose attempt
 * failed or is still in flight is written pending and claimed for `claimMs` (the sender records its outcome
 * next, as for any claimed delivery); one never sent is written pending and due now. Events with no delivery are
 * not written; rows that exist are left alone. Returns the rows written pending.
 */
export async function recordDerived(
  tx: Executor,
  events: Array<NewEvent & { createdAt: Date }>,
  attempts: FirstAttempt[],
  claimMs: number,
): Promise<Array<{ id: string; event_id: string; endpoint_id: string; attempts: number; created_at: Date }>> {
  if (attempts.length === 0) return [];
  const written = new Set(attempts.map((a) => a.event_id));
  const result = await tx.raw<{
    rows: Array<{ id: string; event_id: string; endpoint_id: string; attempts: number; created_at: Date }>;
  }>(
    `with e as (
       insert into outgoing_webhook_events (id, creator_id, event, data, created_at)
       select e.id, e."creatorId", e.event, e.data, e."createdAt"
       from jsonb_to_recordset(?::jsonb) as e(id text, "creatorId" uuid, event text, data jsonb, "createdAt" timestamptz)
       on conflict (id) do nothing
     ), d as (
       insert into outgoing_webhook_deliveries
         (event_id, endpoint_id, status, attempts, last_status_code, delivered_at, locked_until, created_at)
       select a.event_id, a.endpoint_id, case when a.outcome = 'delivered' then 'delivered' else 'pending' end,
         case when a.outcome = 'due' then 0 else 1 end, a.code,
         case when a.outcome = 'delivered' then clock_timestamp() end,
         case when a.outcome = 'sent' then now() + make_interval(secs => ?::int / 1000.0) end, v."createdAt"
       from jsonb_to_recordset(?::jsonb) as a(event_id text, endpoint_id uuid, outcome text, code int)
       join jsonb_to_recordset(?::jsonb) as v(id text, "createdAt" timestamptz) on v.id = a.event_id
       on conflict (event_id, endpoint_id) do nothing
       returning id, event_id, endpoint_id, status, attempts, created_at
     ), ok as (
       update outgoing_webhook_endpoints set consecutive_failures = 0
       where id in (select endpoint_id from d where status = 'delivered') and consecutive_failures <> 0
     )
     select id, event_id, endpoint_id, attempts, created_at from d where status = 'pending'`,
    [
      JSON.stringify(events.filter((e) => written.has(e.id))),
      claimMs,
      JSON.stringify(attempts),
      JSON.stringify(events.map((e) => ({ id: e.id, createdAt: e.createdAt }))),
    ],
  );
  return result.rows;
}
