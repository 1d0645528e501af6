/**
 * Token buckets for full catch-ups (a hello that asks to replay a space from 0, or from far behind): each key
 * (an account, a client address) holds up to `perMinute` tokens, refilled continuously. Keys whose bucket has
 * refilled are forgotten, so the map stays as small as the set of recent replayers.
 */
export interface ReplayThrottle {
  /** Takes one token from every key, or none when any key is empty (returns false: refuse the replay). */
  take(keys: ReadonlyArray<readonly [key: string, perMinute: number]>): boolean;
}

interface Bucket {
  tokens: number;
  at: number;
}

export function createReplayThrottle(now: () => number = Date.now): ReplayThrottle {
  const buckets = new Map<string, Bucket>();

  function level(key: string, perMinute: number, t: number): number {
    const b = buckets.get(key);
    if (!b) return perMinute;
    return Math.min(perMinute, b.tokens + ((t - b.at) * perMinute) / 60_000);
  }

  function prune(t: number): void {
    // A bucket idle for a minute is full again: the same as no bucket.
    for (const [key, b] of buckets) if (t - b.at >= 60_000) buckets.delete(key);
  }

  return {
    take(keys) {
      const t = now();
      if (buckets.size > 10_000) prune(t);
      const levels = keys.map(([key, perMinute]) => level(key, perMinute, t));
      if (levels.some((tokens) => tokens < 1)) return false;
      keys.forEach(([key], i) => buckets.set(key, { tokens: levels[i]! - 1, at: t }));
      return true;
    },
  };
}
