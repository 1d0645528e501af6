import type { ShowMessage } from '@shabaash/shared';
import type { NotifyPayload } from './notifyPayload.ts';
import type { OverlayCounts } from './presence.ts';

/**
 * The fanout's news: what this instance has yet to announce (coalesced), and how it is packed into NOTIFY payloads
 * under PostgreSQL's 8,000-byte limit (fanout.ts sends them and hands other instances' payloads to the handlers).
 */

export interface PendingNews {
  changes: Array<{ space: string; version: number | null }>;
  overlays: string[];
  streams: string[];
  /** Creators whose subathon timer changed; `ended`: the change was its end. */
  timers: Array<{ creatorId: string; ended: boolean }>;
  /** Creators whose alerts were paused or resumed. */
  alerts: string[];
  /** Creators whose YouTube live-chat follower changed state. */
  youtube: string[];
  revoked: Array<{ userId: string; sessionId: string | null }>;
  rotated: string[];
  suspended: string[];
  revokedApiTokens: string[];
  removedModerators: Array<{ creatorId: string; userId: string }>;
  presence: Array<{ creatorId: string } & OverlayCounts>;
  /** Small messages (a test tip, or up to 5 alerts of alert:show, each a tip of at most 280 characters). */
  shows: Array<{ creatorId: string; message: ShowMessage }>;
  ask: boolean;
}

/**
 * The news this instance has not yet announced: sets where a repeat says nothing new (a space, a creator), lists
 * where each entry counts (a revocation, a show moment), and whether to ask for the others' presence.
 */
export function createPendingNews() {
  const sets = {
    spaces: new Set<string>(),
    overlays: new Set<string>(),
    streams: new Set<string>(),
    alerts: new Set<string>(),
    youtube: new Set<string>(),
    rotated: new Set<string>(),
    suspended: new Set<string>(),
    revokedApiTokens: new Set<string>(),
    presence: new Set<string>(),
  };
  const lists = {
    timers: [] as PendingNews['timers'],
    revoked: [] as PendingNews['revoked'],
    removedModerators: [] as PendingNews['removedModerators'],
    shows: [] as PendingNews['shows'],
  };
  let ask = false;
  return {
    sets,
    lists,
    ask() {
      ask = true;
    },
    isEmpty(): boolean {
      return (
        !ask &&
        Object.values(sets).every((set) => set.size === 0) &&
        Object.values(lists).every((list) => list.length === 0)
      );
    },
    /** Everything pending, emptied: the spaces (their versions are read by the caller) and the rest of the news. */
    take(localPresence: (creatorId: string) => OverlayCounts): {
      spaces: string[];
      news: Omit<PendingNews, 'changes'>;
    } {
      const drain = (set: Set<string>) => {
        const all = [...set];
        set.clear();
        return all;
      };
      const news = {
        overlays: drain(sets.overlays),
        streams: drain(sets.streams),
        alerts: drain(sets.alerts),
        youtube: drain(sets.youtube),
        rotated: drain(sets.rotated),
        suspended: drain(sets.suspended),
        revokedApiTokens: drain(sets.revokedApiTokens),
        presence: drain(sets.presence).map((creatorId) => ({ creatorId, ...localPresence(creatorId) })),
        timers: lists.timers.splice(0),
        revoked: lists.revoked.splice(0),
        removedModerators: lists.removedModerators.splice(0),
        shows: lists.shows.splice(0),
        ask,
      };
      ask = false;
      return { spaces: drain(sets.spaces), news };
    },
  };
}

/** Splits pending news into payloads under PostgreSQL's 8,000-byte NOTIFY limit. */
export function buildPayloads(instance: string, news: PendingNews): NotifyPayload[] {
  const payloads: NotifyPayload[] = [];
  const empty = () => ({ instance, changes: [] as PendingNews['changes'], overlays: [] as string[] });
  let current: NotifyPayload & ReturnType<typeof empty> = empty();
  for (const change of news.changes) {
    current.changes.push(change);
    if (JSON.stringify(current).length > 7000) {
      payloads.push(current);
      current = empty();
    }
  }
  current.overlays = news.overlays;
  if (news.streams.length > 0) current.streams = news.streams;
  if (news.timers.length > 0) current.timers = news.timers;
  if (news.alerts.length > 0) current.alerts = news.alerts;
  if (news.youtube.length > 0) current.youtube = news.youtube;
  if (news.revoked.length > 0) current.revoked = news.revoked;
  if (news.rotated.length > 0) current.rotated = news.rotated;
  if (news.suspended.length > 0) current.suspended = news.suspended;
  if (news.revokedApiTokens.length > 0) current.revokedApiTokens = news.revokedApiTokens;
  if (news.removedModerators.length > 0) current.removedModerators = news.removedModerators;
  if (news.ask) current.ask = true;
  // Not an empty one beside show moments or presence (it told the other instances nothing, at a NOTIFY each).
  const saysNothing = JSON.stringify(current) === JSON.stringify(empty());
  const alone = news.shows.length === 0 && news.presence.length === 0;
  if (!saysNothing || alone) payloads.push(current);
  // Show moments packed by size (an alert:show of 5 tips is ~4 KB): each payload stays under 8 KB.
  let shows: PendingNews['shows'] = [];
  for (const show of news.shows) {
    if (shows.length > 0 && JSON.stringify([...shows, show]).length > 7000) {
      payloads.push({ ...empty(), shows });
      shows = [];
    }
    shows.push(show);
  }
  if (shows.length > 0) payloads.push({ ...empty(), shows });
  // Presence in payloads of at most 100 creators (~6 KB).
  for (let i = 0; i < news.presence.length; i += 100) {
    payloads.push({ ...empty(), presence: news.presence.slice(i, i + 100) });
  }
  return payloads;
}
