import type { Conn } from './types.ts';

/** How often the heartbeat wakes to ping its next slice of sockets (ms). */
const HEARTBEAT_SLICE_MS = 100;

/**
 * Pings every socket once each `ms`; a socket that has not answered its previous ping by then is terminated. The
 * pings of a round are spread over it in slices (every HEARTBEAT_SLICE_MS, the round's share of the sockets open at
 * its start), not written all in one tick: 1,000 pings at once held the event loop ~15 ms (bench: tips that
 * arrived meanwhile waited). A socket pinged less than `ms / 2` ago is never judged nor pinged again (a round can
 * reach it early when sockets before it closed).
 */
export function startHeartbeat(conns: ReadonlySet<Conn>, ms: number): NodeJS.Timeout {
  const slices = Math.max(1, Math.floor(ms / HEARTBEAT_SLICE_MS));
  let round: Iterator<Conn> | null = null;
  let quota = 0;
  let tick = 0;
  const beat = (conn: Conn, now: number) => {
    if (now - conn.pingedAt < ms / 2) return;
    if (!conn.alive) {
      conn.ws.terminate();
      return;
    }
    conn.alive = false;
    conn.pingedAt = now;
    try {
      conn.ws.ping();
    } catch {
      conn.ws.terminate();
    }
  };
  const heartbeat = setInterval(() => {
    if (tick++ % slices === 0) {
      round = conns.values();
      quota = Math.ceil(conns.size / slices);
    }
    const now = Date.now();
    for (let k = 0; round && k < quota; k++) {
      const next = round.next();
      if (next.done) round = null;
      else beat(next.value, now);
    }
  }, ms / slices);
  heartbeat.unref();
  return heartbeat;
}
