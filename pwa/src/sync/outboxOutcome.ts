import { ApiError } from '../api/client.ts';
import { getConnectivity } from './connectivity.ts';
import { db } from './db.ts';
import { whenSettled } from './outbox.ts';

/** How an outbox action ended for the screen that made it. */
export type ActionOutcome =
  { status: 'sent'; result: unknown } | { status: 'queued' } | { status: 'refused'; message: string };

/** A later settlement of an action that was first reported as queued (sent after reconnecting, or refused). */
export type LaterOutcome = Exclude<ActionOutcome, { status: 'queued' }>;

/** How long a queued action's screen keeps listening for the replay's outcome. */
const LATER_MS = 24 * 60 * 60 * 1000;

function isOffline(): boolean {
  const { online, apiReachable } = getConnectivity();
  return !online || !apiReachable || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

function listenLater(key: string, onLater?: (outcome: LaterOutcome) => void): void {
  if (!onLater) return;
  void (async () => {
    for (;;) {
      const later = await whenSettled(key, LATER_MS);
      if (later.status === 'sent') return onLater({ status: 'sent', result: later.result });
      if (later.status === 'refused') return onLater({ status: 'refused', message: later.message });
      // Another transient failure (still offline): keep waiting, unless the day-long wait itself ran out.
      if (!(await stillQueued(key))) return;
    }
  })();
}

async function stillQueued(key: string): Promise<boolean> {
  return (await db.outbox.where('idempotencyKey').equals(key).count()) > 0;
}

/**
 * Waits for the outcome of the outbox action with this Idempotency-Key: offline it answers `queued` at once;
 * online it waits for the replay (`sent` or `refused`, rolled back) and answers `queued` when the replay
 * failed for a transient reason or takes longer than `timeoutMs`. After `queued`, `onLater` gets the final
 * outcome once the action replays.
 */
export async function awaitOutboxAction(
  idempotencyKey: string,
  { onLater, timeoutMs = 10_000 }: { onLater?: (outcome: LaterOutcome) => void; timeoutMs?: number } = {},
): Promise<ActionOutcome> {
  if (isOffline()) {
    listenLater(idempotencyKey, onLater);
    return { status: 'queued' };
  }
  const settled = await whenSettled(idempotencyKey, timeoutMs);
  if (settled.status === 'sent') return { status: 'sent', result: settled.result };
  if (settled.status === 'refused') return { status: 'refused', message: settled.message };
  listenLater(idempotencyKey, onLater);
  return { status: 'queued' };
}

/** An error carrying a refused replay's explanation (already rolled back in the mirror). */
export function refusalError(message: string): ApiError {
  return new ApiError(message, 'CONFLICT', 409);
}
