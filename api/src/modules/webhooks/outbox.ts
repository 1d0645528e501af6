import crypto from 'node:crypto';
import type { ExternalEvent, Tip, WebhookEvent } from '@shabaash/shared';
import type { TipRecord } from '../../domain/tip.ts';
import { creatorsChangesSince } from '../sync/changes.ts';
import { presentTip } from '../tips/tips.presenter.ts';
import { attemptAll, type Attempt, type WorkerDeps } from './attempts.ts';
import type { EndpointSlots } from './endpointSlots.ts';
import type { Lookup } from './ssrf.ts';
import {
  creatorsBehind,
  deliveryTargets,
  lockCursors,
  recordDerived,
  setCursors,
  skipUnsubscribedCursors,
  type FirstAttempt,
  type NewEvent,
} from './outbox.repository.ts';
import type { DueDelivery, Sendable } from './webhooks.repository.ts';

/** The same change always gets the same id, so a receiver that dedupes by id sees each event once. */
const eventId = (creatorId: string, tipId: string, event: WebhookEvent, version: number) =>
  `evt_${crypto.createHash('sha256').update(`${creatorId}:${tipId}:${event}:${version}`).digest('hex').slice(0, 32)}`;

/**
 * The events one committed change of a tip means to a reader that has seen up to `since`: created (new to the
 * reader; youtube.superchat for a Super Chat), live (its current state is read: pushed live), aired (its latest change is an overlay's receipt),
 * deleted (a tombstone of a tip the reader knew).
 */
export function eventsOf(row: TipRecord, since: number): NewEvent[] {
  const created = (row.createdVersion ?? row.version) > since;
  const { creatorId, version } = row;
  if (row.deletedAt) {
    if (created) return [];
    return [
      {
        id: eventId(creatorId, row.id, 'tip.deleted', version),
        creatorId,
        event: 'tip.deleted',
        data: { id: row.id },
      },
    ];
  }
  const tip = presentTip(row);
  const events: NewEvent[] = [];
  if (created) {
    const at = row.createdVersion ?? row.version;
    // A Super Chat arrives as youtube.superchat (its source and original amount), never as a paid tip.
    const arrival: { event: WebhookEvent; data: unknown } = tip.external
      ? youtubeSuperChatEvent(tip, tip.external)
      : { event: 'tip.created', data: { tip } };
    events.push({ id: eventId(creatorId, row.id, arrival.event, at), creatorId, ...arrival });
  }
  if (row.status !== 'read') return events;
  // The latest change may be the tip's alert receipt (airedVersion): tip.aired, and tip.live too when the reader
  // has not seen the version that put it live (same id as when derived at that version).
  const aired = row.airedVersion === version;
  const liveAt = aired ? (row.liveVersion ?? 0) : version;
  if (!aired || liveAt > since) {
    const { aired: _receipt, ...live } = tip;
    events.push({
      id: eventId(creatorId, row.id, 'tip.live', liveAt),
      creatorId,
      event: 'tip.live',
      data: { tip: aired ? live : tip },
    });
  }
  if (aired) {
    events.push({
      id: eventId(creatorId, row.id, 'tip.aired', version),
      creatorId,
      event: 'tip.aired',
      data: { tip },
    });
  }
  return events;
}

/** The youtube.superchat event of a YouTube tip (webhooks.ts youtubeSuperChatDataSchema). */
function youtubeSuperChatEvent(tip: Tip, external: ExternalEvent): { event: WebhookEvent; data: unknown } {
  const { kind, amountMicros, currency, displayAmount, counted } = external;
  return {
    event: 'youtube.superchat',
    data: {
      source: external.platform,
      kind,
      amountMicros,
      currency,
      displayAmount,
      counted,
      countedPaise: tip.amountPaise,
      tip,
    },
  };
}

/**
 * The value as PostgreSQL's jsonb gives it back: object keys shorter first, then by their UTF-8 bytes. The first
 * attempt is sent from the derived event and a retry from its stored row; both must be the same bytes.
 */
export function asJsonb(value: unknown): unknown {
  // (JSON values only: the caller round-trips through JSON first, so dates are strings.)
  if (Array.isArray(value)) return value.map(asJsonb);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  entries.sort(
    ([a], [b]) => a.length - b.length || Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')),
  );
  return Object.fromEntries(entries.map(([k, v]) => [k, asJsonb(v)]));
}

/** A derived delivery written pending (failed, in flight or not sent), with what sending it again needs. */
export type Followup = { delivery: DueDelivery; attempt: Attempt };

/**
 * Derives the events of what committed in the spaces of the creators behind their outbox cursor and sends their
 * deliveries' first attempts before anything is written (attemptAll: at most WEBHOOK_BATCH of them, the rest
 * are written due for the lanes). Then, in the transaction that holds and moves those cursors, it writes the
 * events and each delivery once with its outcome (recordDerived) — a few statements for a whole batch of
 * creators and one row write per answered delivery, so the outbox adds little work to the database the tip path
 * uses. A crash before that commit leaves the cursors where they were: the same events (same ids and data) are
 * derived and sent again, which a receiver that dedupes by id handles once. Never on the request path: the
 * worker calls it. Returns the deliveries written pending, for the caller to record their outcome.
 */
export async function deriveAndSend(
  deps: WorkerDeps,
  slots: EndpointSlots,
  lookup: Lookup | undefined,
  batch = 50,
): Promise<{ derived: number; followups: Followup[] }> {
  const { db, config } = deps;
  await skipUnsubscribedCursors(db);
  const behind = await creatorsBehind(db, batch);
  if (behind.length === 0) return { derived: 0, followups: [] };
  return db.transaction(async (tx) => {
    const events: NewEvent[] = [];
    const moved: Array<{ creatorId: string; version: number }> = [];
    const cursors = [...(await lockCursors(tx, behind))].map(([creatorId, since]) => ({ creatorId, since }));
    const read = await creatorsChangesSince(tx, cursors);
    for (const { creatorId, since } of cursors) {
      const changes = read.get(creatorId);
      if (!changes) continue;
      for (const e of changes.rows.flatMap((row) => eventsOf(row, since)))
        events.push({ ...e, data: asJsonb(JSON.parse(JSON.stringify(e.data))) });
      moved.push({ creatorId, version: changes.version });
    }
    // The event's time is the derivation's: its body (and every retry's) carries it.
    const createdAt = new Date();
    const byId = new Map(events.map((e) => [e.id, e]));
    const deliveries: Sendable[] = (await deliveryTargets(tx, events)).map((t) => {
      const e = byId.get(t.event_id)!;
      return { ...t, event: e.event, data: e.data, event_created_at: createdAt };
    });
    const now = deliveries.slice(0, config.WEBHOOK_BATCH);
    const attempts: Attempt[] = [
      ...(await attemptAll(deps, now, slots, lookup)),
      ...deliveries.slice(now.length).map((): Attempt => ({ kind: 'notStarted' })),
    ];
    const pending = await recordDerived(
      tx,
      events.map((e) => ({ ...e, createdAt })),
      deliveries.map((d, i) => firstAttempt(d, attempts[i]!)),
      config.WEBHOOK_CLAIM_MS,
    );
    await setCursors(tx, moved);
    const index = new Map(deliveries.map((d, i) => [`${d.event_id}:${d.endpoint_id}`, i]));
    const followups = pending.flatMap((row): Followup[] => {
      const i = index.get(`${row.event_id}:${row.endpoint_id}`)!;
      const attempt = attempts[i]!;
      return attempt.kind === 'notStarted' ? [] : [{ delivery: { ...deliveries[i]!, ...row }, attempt }];
    });
    return { derived: deliveries.length, followups };
  });
}

function firstAttempt(d: Sendable, attempt: Attempt): FirstAttempt {
  const base = { event_id: d.event_id, endpoint_id: d.endpoint_id };
  if (attempt.kind === 'notStarted') return { ...base, outcome: 'due', code: null };
  if (attempt.kind === 'done' && attempt.result.ok)
    return { ...base, outcome: 'delivered', code: attempt.result.status };
  return { ...base, outcome: 'sent', code: attempt.kind === 'done' ? attempt.result.status : null };
}
