/**
 * The YouTube Data API's quota, as Google counts it: units per call (developers.google.com/youtube/v3/
 * determine_quota_cost; every call, a failed one too, costs at least one), a daily allowance per Google Cloud
 * project (shared by every channel this deployment follows), reset at midnight Pacific time.
 */
export const QUOTA_UNITS = {
  liveChatMessagesList: 5,
  liveBroadcastsList: 1,
} as const;

const DAY_MS = 86_400_000;
const PACIFIC = 'America/Los_Angeles';

/** The Pacific-time calendar day (YYYY-MM-DD) whose quota a call at `now` counts against. */
export function pacificDay(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: PACIFIC,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Milliseconds until the quota resets (the next midnight in Pacific time). */
export function msUntilQuotaReset(now: Date = new Date()): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: PACIFIC,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, Number(p.value)]),
  ) as { hour: number; minute: number; second: number };
  const elapsed = ((parts.hour * 60 + parts.minute) * 60 + parts.second) * 1000 + now.getMilliseconds();
  return Math.max(1000, DAY_MS - elapsed);
}

/**
 * How far apart one channel's calls must be so that `channels` channels calling at that pace spend at most the
 * daily allowance: never closer than `floorMs` (what YouTube asked, pollingIntervalMillis, or our own floor).
 */
export function callSpacingMs(opts: {
  dailyUnits: number;
  unitsPerCall: number;
  channels: number;
  floorMs: number;
}): number {
  const budget = Math.ceil((DAY_MS * opts.unitsPerCall * Math.max(1, opts.channels)) / opts.dailyUnits);
  return Math.max(opts.floorMs, budget);
}
