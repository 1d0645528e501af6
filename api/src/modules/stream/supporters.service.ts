import { WIDGET_LIMITS, type CreatorSupporters } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/knex.ts';
import { notFound } from '../../http/errors.ts';
import { getOverlay, pickSettings } from '../creators/overlay.service.ts';
import { presentCreatorSupporter, presentHiddenSupporter } from './stream.presenter.ts';
import {
  deleteHiddenSupporter,
  findLatestSession,
  insertHiddenSupporter,
  listHiddenSupporters,
  topSupporters,
} from './stream.repository.ts';
import { getWidgetSettings } from './stream.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What hiding and showing use: the database and the push that makes open widgets refetch. */
type SupportersDeps = Pick<AppDeps, 'db' | 'realtime'>;

/** The widget's list as the creator sees it (the widget's range, hidden ones left out) and the hidden supporters. */
export async function creatorSupporters(db: Executor, creatorId: string): Promise<CreatorSupporters> {
  const [widgets, session, hidden] = await Promise.all([
    getWidgetSettings(db, creatorId),
    findLatestSession(db, creatorId),
    listHiddenSupporters(db, creatorId),
  ]);
  const rows = await topSupporters(
    db,
    creatorId,
    widgets.supporters.range,
    session,
    WIDGET_LIMITS.topSupporters,
  );
  return { supporters: rows.map(presentCreatorSupporter), hidden: hidden.map(presentHiddenSupporter) };
}

/** Tells open widgets to refetch (overlay:update with the unchanged settings). */
async function announce(deps: SupportersDeps, creatorId: string): Promise<void> {
  deps.realtime.overlayUpdated(creatorId, pickSettings(await getOverlay(deps.db, creatorId)));
}

/**
 * Hides one supporter of the creator's list from the widget, by the key the list gave; a key that is not among
 * the creator's supporters (any range) → 404, so a key never hides someone the creator cannot see.
 */
export async function hideSupporter(
  deps: SupportersDeps,
  creatorId: string,
  key: string,
): Promise<CreatorSupporters> {
  const all = await topSupporters(deps.db, creatorId, 'all', null, 10_000, { includeHidden: true });
  const supporter = all.find((row) => row.key === key);
  if (!supporter) throw notFound('Supporter');
  await insertHiddenSupporter(deps.db, { creatorId, key, name: supporter.name });
  await announce(deps, creatorId);
  return creatorSupporters(deps.db, creatorId);
}

/** Shows a hidden supporter on the widget again; another creator's or an unknown id → 404. */
export async function unhideSupporter(
  deps: SupportersDeps,
  creatorId: string,
  id: string,
): Promise<CreatorSupporters> {
  if (!UUID.test(id) || !(await deleteHiddenSupporter(deps.db, creatorId, id))) throw notFound('Supporter');
  await announce(deps, creatorId);
  return creatorSupporters(deps.db, creatorId);
}
