import { STATUS_TEXTS, type WebhookEvent } from '@shabaash/shared';
import type { Executor } from '../../db/knex.ts';

export interface EndpointRow {
  id: string;
  creator_id: string;
  url: string;
  secret: string;
  events: WebhookEvent[];
  enabled: boolean;
  disabled_reason: string | null;
  consecutive_failures: number;
  created_at: Date;
}

export interface DeliveryRow {
  id: string;
  event_id: string;
  event: string;
  endpoint_id: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date;
  created_at: Date;
  delivered_at: Date | null;
}

/** What sending one delivery needs: its event (the same bytes on every attempt) and its endpoint. */
export interface Sendable {
  event_id: string;
  endpoint_id: string;
  event: string;
  data: unknown;
  event_created_at: Date;
  url: string;
  secret: string;
}

/** A delivery row (claimed, or written with its first attempt in flight) with what sending it needs. */
export interface DueDelivery extends Sendable {
  id: string;
  attempts: number;
  created_at: Date;
}

// ---------- endpoints ----------

export async function listEndpoints(db: Executor, creatorId: string): Promise<EndpointRow[]> {
  return db('outgoing_webhook_endpoints').where({ creator_id: creatorId }).orderBy('created_at', 'desc');
}

export async function findEndpoint(db: Executor, creatorId: string, id: string): Promise<EndpointRow | null> {
  return (await db('outgoing_webhook_endpoints').where({ creator_id: creatorId, id }).first()) ?? null;
}

export async function countEndpoints(db: Executor, creatorId: string): Promise<number> {
  const row = await db('outgoing_webhook_endpoints')
    .where({ creator_id: creatorId })
    .count<{ n: string }>('* as n')
    .first();
  return Number(row?.n ?? 0);
}

/** Serialises a creator's endpoint registrations (inside a transaction) so the cap holds. */
export async function lockCreatorEndpoints(tx: Executor, creatorId: string): Promise<void> {
  await tx.raw('select pg_advisory_xact_lock(hashtext(?))', [`webhook_endpoints:${creatorId}`]);
}

export async function insertEndpoint(
  db: Executor,
  endpoint: { creatorId: string; url: string; secret: string; events: WebhookEvent[] },
): Promise<EndpointRow> {
  const [row] = await db('outgoing_webhook_endpoints')
    .insert({
      creator_id: endpoint.creatorId,
      url: endpoint.url,
      secret: endpoint.secret,
      events: endpoint.events,
    })
    .returning('*');
  if (!row) throw new Error('insert into outgoing_webhook_endpoints returned no row');
  return row as EndpointRow;
}

export async function setEndpointEnabled(
  db: Executor,
  creatorId: string,
  id: string,
  enabled: boolean,
): Promise<EndpointRow | null> {
  const [row] = await db('outgoing_webhook_endpoints')
    .where({ creator_id: creatorId, id })
    .update({ enabled, disabled_reason: null, consecutive_failures: 0 })
    .returning('*');
  return (row as EndpointRow | undefined) ?? null;
}

export async function deleteEndpoint(db: Executor, creatorId: string, id: string): Promise<boolean> {
  return (await db('outgoing_webhook_endpoints').where({ creator_id: creatorId, id }).delete()) > 0;
}

/** Deletes every endpoint of the creator (account deletion): nothing more is sent for them. */
export async function deleteAllEndpoints(db: Executor, creatorId: string): Promise<void> {
  await db('outgoing_webhook_endpoints').where({ creator_id: creatorId }).delete();
}

// ---------- deliveries ----------

const DELIVERY_COLUMNS = `d.id, d.event_id, e.event, d.endpoint_id, d.status, d.attempts, d.last_status_code,
  d.last_error, d.next_attempt_at, d.created_at, d.delivered_at`;

export async function listDeliveries(db: Executor, endpointId: string, limit = 50): Promise<DeliveryRow[]> {
  const result = await db.raw<{ rows: DeliveryRow[] }>(
    `select ${DELIVERY_COLUMNS} from outgoing_webhook_deliveries d join outgoing_webhook_events e on e.id = d.event_id
     where d.endpoint_id = ? order by d.created_at desc, d.id limit ?`,
    [endpointId, limit],
  );
  return result.rows;
}

export async function findDelivery(db: Executor, id: string): Promise<DeliveryRow | null> {
  const result = await db.raw<{ rows: DeliveryRow[] }>(
    `select ${DELIVERY_COLUMNS} from outgoing_webhook_deliveries d join outgoing_webhook_events e on e.id = d.event_id where d.id = ?`,
    [id],
  );
  return result.rows[0] ?? null;
}

/** The endpoint id of a delivery of the creator's; null when it is not theirs. */
export async function findDeliveryEndpoint(
  db: Executor,
  creatorId: string,
  id: string,
): Promise<string | null> {
  const result = await db.raw<{ rows: Array<{ endpoint_id: string }> }>(
    `select d.endpoint_id from outgoing_webhook_deliveries d
     join outgoing_webhook_endpoints p on p.id = d.endpoint_id
     where d.id = ? and p.creator_id = ?`,
    [id, creatorId],
  );
  return result.rows[0]?.endpoint_id ?? null;
}

/** Puts a delivery of the creator's back in the queue, due now; null when it is not theirs. */
export async function requeueDelivery(db: Executor, creatorId: string, id: string): Promise<string | null> {
  const result = await db.raw<{ rows: Array<{ id: string }> }>(
    `update outgoing_webhook_deliveries d set status = 'pending', next_attempt_at = now(), locked_until = null
     from outgoing_webhook_endpoints p
     where d.id = ? and p.id = d.endpoint_id and p.creator_id = ?
     returning d.id`,
    [id, creatorId],
  );
  return result.rows[0]?.id ?? null;
}

/**
 * Claims due deliveries of enabled endpoints for `claimMs` (another instance skips them; if this process dies
 * the claim runs out and they are sent again: at least once, with the same event id): at most `perEndpoint` per
 * endpoint, none for the endpoints in `skipEndpoints` (their slots in this process are all taken), the oldest
 * first among the 4 × `limit` oldest due.
 */
export async function claimDue(
  db: Executor,
  limit: number,
  claimMs: number,
  { perEndpoint, skipEndpoints }: { perEndpoint: number; skipEndpoints: string[] },
): Promise<DueDelivery[]> {
  const result = await db.raw<{ rows: DueDelivery[] }>(
    `with oldest as (
       select d.id, d.endpoint_id, d.next_attempt_at
       from outgoing_webhook_deliveries d join outgoing_webhook_endpoints p on p.id = d.endpoint_id
       where d.status = 'pending' and d.next_attempt_at <= now() and p.enabled
         and (d.locked_until is null or d.locked_until < now()) and d.endpoint_id <> all(?::uuid[])
       order by d.next_attempt_at
       limit ?
     ), capped as (
       select id from (
         select id, next_attempt_at, row_number() over (partition by endpoint_id order by next_attempt_at) as n
         from oldest
       ) r where n <= ? order by next_attempt_at limit ?
     ), due as (
       select d.id from outgoing_webhook_deliveries d where d.id in (select id from capped)
         and d.status = 'pending' and (d.locked_until is null or d.locked_until < now())
       for update of d skip locked
     ), claimed as (
       update outgoing_webhook_deliveries d
       set locked_until = now() + make_interval(secs => ? / 1000.0), attempts = d.attempts + 1
       from due where d.id = due.id
       returning d.id, d.event_id, d.endpoint_id, d.attempts, d.created_at
     )
     select c.*, e.event, e.data, e.created_at as event_created_at, p.url, p.secret
     from claimed c join outgoing_webhook_events e on e.id = c.event_id join outgoing_webhook_endpoints p on p.id = c.endpoint_id
     order by c.created_at`,
    [skipEndpoints, limit * 4, perEndpoint, limit, claimMs],
  );
  return result.rows;
}

/** Gives claimed deliveries back unsent (their attempt not made): any worker may claim them now. */
export async function releaseClaims(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.raw(
    `update outgoing_webhook_deliveries set locked_until = null, attempts = attempts - 1
     where id = any(?::uuid[]) and status = 'pending'`,
    [ids],
  );
}

/**
 * Marks sent deliveries delivered, in one statement for a whole batch (their status codes beside them), and
 * ends the run of failures of their endpoints (only where there was one, so a healthy endpoint's row is not
 * rewritten on every batch).
 */
export async function markDelivered(
  db: Executor,
  delivered: Array<{ id: string; statusCode: number }>,
): Promise<void> {
  if (delivered.length === 0) return;
  await db.raw(
    `with d as (
       update outgoing_webhook_deliveries d set status = 'delivered', last_status_code = v.code, last_error = null,
         delivered_at = now(), locked_until = null
       from unnest(?::uuid[], ?::int[]) as v(id, code)
       where d.id = v.id returning d.endpoint_id
     )
     update outgoing_webhook_endpoints set consecutive_failures = 0
     where id in (select endpoint_id from d) and consecutive_failures <> 0`,
    [delivered.map((d) => d.id), delivered.map((d) => d.statusCode)],
  );
}

/**
 * Records a failed attempt: retried at `retryAt`, or failed for good when null. The endpoint's run of failures
 * grows; at `disableAfter` in a row it is disabled with the reason the creator sees. Returns true when this
 * attempt disabled it.
 */
export async function markFailed(
  db: Executor,
  delivery: DueDelivery,
  outcome: { statusCode: number | null; error: string; retryAt: Date | null; disableAfter: number },
): Promise<boolean> {
  const result = await db.raw<{ rows: Array<{ disabled: boolean }> }>(
    `with d as (
       update outgoing_webhook_deliveries
       set status = case when ?::timestamptz is null then 'failed' else 'pending' end,
           next_attempt_at = coalesce(?::timestamptz, next_attempt_at),
           last_status_code = ?, last_error = ?, locked_until = null
       where id = ? returning endpoint_id
     )
     update outgoing_webhook_endpoints p
     set consecutive_failures = p.consecutive_failures + 1,
         enabled = p.enabled and p.consecutive_failures + 1 < ?,
         disabled_reason = case when p.enabled and p.consecutive_failures + 1 >= ?
           then replace(replace(?::text, '{count}', (p.consecutive_failures + 1)::text), '{last}', ?::text)
           else p.disabled_reason end
     where p.id in (select endpoint_id from d)
     returning (p.enabled = false and p.consecutive_failures = ?) as disabled`,
    [
      outcome.retryAt,
      outcome.retryAt,
      outcome.statusCode,
      outcome.error.slice(0, 500),
      delivery.id,
      outcome.disableAfter,
      outcome.disableAfter,
      STATUS_TEXTS.webhookDisabled,
      outcome.error.slice(0, 200),
      outcome.disableAfter,
    ],
  );
  return result.rows[0]?.disabled ?? false;
}

/** Deletes events (and their deliveries) older than `olderThanMs` that have nothing left to send. */
export async function pruneEvents(db: Executor, olderThanMs: number): Promise<number> {
  const result = await db.raw<{ rowCount: number }>(
    `delete from outgoing_webhook_events e
     where e.created_at < now() - make_interval(secs => ? / 1000.0)
       and not exists (select 1 from outgoing_webhook_deliveries d where d.event_id = e.id and d.status = 'pending')`,
    [olderThanMs],
  );
  return result.rowCount;
}
