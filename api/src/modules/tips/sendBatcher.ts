import type { Executor } from '../../db/knex.ts';
import { sendWalletTips, type WalletTipInput, type WalletTipOutcome } from './walletTips.repository.ts';

/** The most tips one round trip carries (also bounds the statement's locks and its size). */
export const SEND_BATCH_CAP = 64;

interface Pending {
  tip: WalletTipInput;
  /** The people whose rows the tip locks: its sender and its creator. */
  parties: readonly [string, string];
  resolve: (outcome: WalletTipOutcome) => void;
  reject: (err: unknown) => void;
}

/** A refused tip, as the single statement raised it: an Error whose `code` is the SQLSTATE. */
export class WalletTipRefusal extends Error {
  constructor(readonly code: string) {
    super(`wallet tip refused (${code})`);
  }
}

/** A database error (SQLSTATE): the statement rolled back. Anything else (a lost connection) may have committed. */
const isStatementError = (err: unknown) =>
  /^[0-9A-Z]{5}$/.test(String((err as { code?: unknown })?.code ?? ''));

/**
 * Group commit for wallet tips, per API instance (one per database handle). A send that finds a round trip free
 * (fewer than SEND_BATCHES_IN_FLIGHT in flight, default 1) goes at once; sends that cannot go yet wait for a round
 * trip to return and then go together, in ONE call of `shabaash_send_wallet_tips`. Batches in flight at the same
 * time touch disjoint people: a tip whose sender or creator is a party of a batch in flight waits, and so does every
 * later tip of those people, so one creator's tips (and one sender's) still commit in arrival order and two batches
 * never wait on each other's row locks. A batch also goes as soon as it reaches SEND_BATCH_CAP. Nothing ever waits
 * on a timer. Two sends of the same Idempotency-Key never share a batch (the later one goes in the next, and
 * replays). Each send gets its own outcome; if the batch statement fails as a whole (an unexpected fault rolls it
 * back), its tips are sent again one per round trip, so that only the faulty one fails.
 */
export class SendBatcher {
  private readonly queue: Pending[] = [];
  private inFlight = 0;
  /** Senders and creators of the batches in flight, with how many of those batches hold each. */
  private readonly busy = new Map<string, number>();

  constructor(
    private readonly db: Executor,
    /** Batches allowed in flight at once (SEND_BATCHES_IN_FLIGHT, default 1). */
    private readonly maxInFlight = 1,
  ) {}

  send(tip: WalletTipInput): Promise<WalletTipOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ tip, parties: [tip.userId, tip.creator.creatorId], resolve, reject });
      if (this.inFlight < this.maxInFlight || this.queue.length >= SEND_BATCH_CAP) this.flush();
    });
  }

  private flush(): void {
    const batch = this.take();
    if (batch.length === 0) return;
    this.inFlight++;
    const parties = [...new Set(batch.flatMap((p) => p.parties))];
    for (const id of parties) this.busy.set(id, (this.busy.get(id) ?? 0) + 1);
    void this.run(batch).finally(() => {
      this.inFlight--;
      for (const id of parties) {
        const n = this.busy.get(id)! - 1;
        if (n === 0) this.busy.delete(id);
        else this.busy.set(id, n);
      }
      // what arrived meanwhile goes together, now (more than one batch when the rest touch other people)
      while (this.queue.length > 0 && this.inFlight < this.maxInFlight && this.flushed()) continue;
    });
  }

  /** Flushes once; whether a batch went. */
  private flushed(): boolean {
    const before = this.inFlight;
    this.flush();
    return this.inFlight > before;
  }

  /**
   * Up to SEND_BATCH_CAP queued sends in arrival order, skipping a second send of a key already taken and every
   * send of a sender or creator that a batch in flight holds, or that a skipped send holds (so none overtakes it).
   */
  private take(): Pending[] {
    const batch: Pending[] = [];
    const keys = new Set<string>();
    const held = new Set<string>();
    for (let i = 0; i < this.queue.length && batch.length < SEND_BATCH_CAP;) {
      const { tip, parties } = this.queue[i]!;
      if (parties.some((id) => this.busy.has(id) || held.has(id))) {
        for (const id of parties) held.add(id);
        i++;
        continue;
      }
      const key = tip.idempotencyKey === null ? null : `${tip.userId}\n${tip.idempotencyKey}`;
      if (key !== null && keys.has(key)) {
        i++;
        continue;
      }
      if (key !== null) keys.add(key);
      batch.push(...this.queue.splice(i, 1));
    }
    return batch;
  }

  private async run(batch: Pending[]): Promise<void> {
    let outcomes;
    try {
      outcomes = await sendWalletTips(
        this.db,
        batch.map((p) => p.tip),
      );
    } catch (err) {
      if (batch.length > 1 && isStatementError(err)) {
        await Promise.all(batch.map((p) => this.run([p])));
      } else {
        for (const p of batch) p.reject(err);
      }
      return;
    }
    batch.forEach((p, i) => {
      const outcome = outcomes[i]!;
      if ('error' in outcome) p.reject(new WalletTipRefusal(outcome.error));
      else p.resolve(outcome);
    });
  }
}

const batchers = new WeakMap<Executor, SendBatcher>();

/** The batcher of this API instance's database handle. */
export function sendBatcherOf(db: Executor, maxInFlight = 1): SendBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new SendBatcher(db, maxInFlight);
    batchers.set(db, batcher);
  }
  return batcher;
}
