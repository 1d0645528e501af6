import type { Executor } from '../../db/knex.ts';
import { sendWalletTips, type WalletTipInput, type WalletTipOutcome } from './walletTips.repository.ts';

/** The most tips one round trip carries (also bounds the statement's locks and its size). */
export const SEND_BATCH_CAP = 64;

interface Pending {
  tip: WalletTipInput;
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
 * Group commit for wallet tips, per API instance (one per database handle). A send that finds no round trip in
 * flight (fewer than SEND_BATCHES_IN_FLIGHT, default 1) goes at once, alone; sends that arrive while one is in flight wait for it to return and then go
 * together, in ONE call of `shabaash_send_wallet_tips`, as soon as a round trip returns. A batch also goes as soon
 * as it reaches SEND_BATCH_CAP, even with a round trip in flight. Nothing ever waits on a timer. Two sends of the same Idempotency-Key never
 * share a batch (the later one goes in the next, and replays). Each send gets its own outcome; if the batch
 * statement fails as a whole (an unexpected fault rolls it back), its tips are sent again one per round trip,
 * so that only the faulty one fails.
 */
export class SendBatcher {
  private readonly queue: Pending[] = [];
  private inFlight = 0;

  constructor(
    private readonly db: Executor,
    /** Batches allowed in flight at once (SEND_BATCHES_IN_FLIGHT, default 1). */
    private readonly maxInFlight = 1,
  ) {}

  send(tip: WalletTipInput): Promise<WalletTipOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ tip, resolve, reject });
      if (this.inFlight < this.maxInFlight || this.queue.length >= SEND_BATCH_CAP) this.flush();
    });
  }

  private flush(): void {
    const batch = this.take();
    if (batch.length === 0) return;
    this.inFlight++;
    void this.run(batch).finally(() => {
      this.inFlight--;
      if (this.queue.length > 0) this.flush(); // what arrived meanwhile goes together, now
    });
  }

  /** Up to SEND_BATCH_CAP queued sends in arrival order, skipping a second send of a key already taken. */
  private take(): Pending[] {
    const batch: Pending[] = [];
    const keys = new Set<string>();
    for (let i = 0; i < this.queue.length && batch.length < SEND_BATCH_CAP;) {
      const { tip } = this.queue[i]!;
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
