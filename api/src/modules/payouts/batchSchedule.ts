/** When Starter payouts are batched: India Standard Time calendar dates and hours. */

const IST_OFFSET_MS = 5.5 * 60 * 60_000;

/** The IST calendar date (YYYY-MM-DD) and hour of an instant. */
export function istClock(now: Date): { date: string; hour: number } {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  return { date: ist.toISOString().slice(0, 10), hour: ist.getUTCHours() };
}

/** When the next Starter batch runs: today at `hour` IST, at the next tick once that hour has passed, else tomorrow. */
export function nextStarterBatch(now: Date, hour: number, lastBatchOn: string | null): Date {
  const { date } = istClock(now);
  const todayAt = Date.parse(`${date}T00:00:00.000Z`) - IST_OFFSET_MS + hour * 3_600_000;
  if (lastBatchOn !== null && lastBatchOn >= date) return new Date(todayAt + 86_400_000);
  return new Date(Math.max(now.getTime(), todayAt));
}
