import crypto from 'node:crypto';
import type { WebhookEvent } from '@shabaash/shared';
import type { Db } from '../../db/knex.ts';
import { creatorChangesSince, type TipChangeRow } from '../sync/changes.ts';
import { presentTip } from '../tips/tips.presenter.ts';
import {
  creatorsBehind,
  insertEvents,
  lockCursors,
  setCursors,
  skipUnsubscribedCursors,
  type DueDelivery,
  type NewEvent,
} from './webhooks.repository.ts';

/** The same change always gets the same id, so a receiver that dedupes by id sees each event once. */
const eventId = (creatorId: string, tipId: string, event: WebhookEvent, version: number) =>
  `evt_${crypto.createHash('sha256').update(`${creatorId}:${tipId}:${event}:${version}`).digest('hex').slice(0, 32)}`;

/**
 * The events one committed change of a tip means to a reader that has seen up to `since`: created (new to the
 * reader), live (its current state is read: pushed live), deleted (a tombstone of a tip the reader knew).
 */
export function eventsOf(row: TipChangeRow, since: number): NewEvent[] {
  const created = Number(row.created_version ?? row.version) > since;
  const creatorId = row.creator_id;
  const version = Number(row.version);
  if (row.deleted_at) {
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
    const at = Number(row.created_version ?? row.version);
    events.push({
      id: eventId(creatorId, row.id, 'tip.created', at),
      creatorId,
      event: 'tip.created',
      data: { tip },
    });
  }
  if (row.status === 'read') {
    events.push({
      id: eventId(creatorId, row.id, 'tip.live', version),
      creatorId,
      event: 'tip.live',
      data: { tip },
    });
  }
  return events;
}

/**
 * Reads what committed in the spaces of the creators behind their outbox cursor and writes the events and their
 * deliveries in the one transaction that moves those cursors (a few statements for a whole batch of creators, so
 * the outbox adds little work to the database the tip path uses). Never on the request path: the worker calls
 * it. The deliveries come back claimed for `claimMs` (their first attempt) so the worker sends them at once
 * without claiming them again.
 */
export async function deriveEvents(db: Db, claimMs: number, batch = 50): Promise<DueDelivery[]> {
  await skipUnsubscribedCursors(db);
  const behind = await creatorsBehind(db, batch);
  if (behind.length === 0) return [];
  return db.transaction(async (tx) => {
    const events: NewEvent[] = [];
    const moved: Array<{ creatorId: string; version: number }> = [];
    for (const [creatorId, since] of await lockCursors(tx, behind)) {
      const changes = await creatorChangesSince(tx, creatorId, since);
      events.push(...changes.rows.flatMap((row) => eventsOf(row, since)));
      moved.push({ creatorId, version: changes.version });
    }
    const deliveries = await insertEvents(tx, events, null, claimMs);
    await setCursors(tx, moved);
    return deliveries;
  });
}
