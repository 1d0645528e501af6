import pg from 'pg';
import type { Executor } from '../../db/knex.ts';
import type { TipRecord } from '../../domain/tip.ts';
import { FEE_PARAMETERS } from './tips.repository.ts';
import { tipFromRow, type TipRow } from './tips.row.ts';

/** The wallet tip in one statement: batches of wallet tips through `shabaash_send_wallet_tips`, and their stored results. */

/** SQLSTATEs a wallet tip is refused with besides the ledger's SH402 (insufficient balance). */
export const WALLET_TIP_SQLSTATE = {
  sessionEnded: 'SH401',
  senderBlocked: 'SH403',
  creatorDeleted: 'SH410',
  creatorSuspended: 'SH423',
  refused: 'SH400',
  keyReused: 'SH409',
  staleContext: 'SH412',
} as const;

export interface WalletTipInput {
  tipId: string;
  userId: string;
  /** The sender's session: the statement refuses a revoked or expired one (SH401). */
  sessionId: string;
  /** The creator context the API decided with; the statement raises SH412 when it changed. */
  creator: { creatorId: string; handle: string; displayName: string; settingsUpdatedAt: string | null };
  amountPaise: number;
  message: string;
  /** Auto-live mode and an amount at or above its minimum: `read` when the sender was pushed live before. */
  autoLive: boolean;
  tipDescription: string;
  cashbackPaise: number;
  cashbackDescription: string;
  idempotencyKey: string | null;
  requestHash: string;
  /** Stream safety refused the amount or message: only a replay of the key can answer; otherwise SH400. */
  refused: boolean;
}

/** What a wallet tip stores under its Idempotency-Key and returns: the tip row with its sender, and the balance. */
export interface WalletTipSnapshot {
  kind: 'wallet_tip';
  balance_paise: number;
  tip: Omit<TipRow, 'created_at' | 'updated_at' | 'deleted_at' | 'aired_at'> & {
    created_at: string;
    updated_at: string;
    deleted_at: string | null;
    aired_at?: string | null;
  };
}

export interface WalletTipOutcome {
  replayed: boolean;
  status: number;
  /** A WalletTipSnapshot; on a replay of a key stored before the function existed, the stored response body. */
  response: unknown;
}

/** Per tip of a batch: its outcome, or the SQLSTATE of WALLET_TIP_SQLSTATE (or SH402) it was refused with. */
export type WalletTipBatchOutcome = WalletTipOutcome | { error: string };

/**
 * A batch of wallet tips in one statement and one round trip, committed on return (`shabaash_send_wallet_tips`):
 * per tip, the session check, Idempotency-Key claim or replay, creator context check, blocked sender, ledger
 * debit, cashback credit, the tip (shabaash_insert_tip) and the stored result. Outcome i is tip i's; a refused
 * tip's outcome names its SQLSTATE and never fails its neighbours. Throws only on an unexpected fault, which
 * rolls back the whole batch.
 */
export async function sendWalletTips(
  db: Executor,
  tips: readonly WalletTipInput[],
): Promise<WalletTipBatchOutcome[]> {
  const column = <T>(of: (tip: WalletTipInput) => T) => tips.map(of);
  const result = await db.raw<{ rows: Array<{ outcomes: WalletTipBatchOutcome[] }> }>(
    `select shabaash_send_wallet_tips(?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::uuid[], ?::text[], ?::text[],
                                      ?::timestamptz[], ?::boolean[], ?::boolean[], ?::uuid[], ?::bigint[],
                                      ?::text[], ?::text[], ?::bigint[], ?::text[], ?::bigint, ?::integer) as outcomes`,
    [
      column((t) => t.userId),
      column((t) => t.sessionId),
      column((t) => t.idempotencyKey),
      column((t) => t.requestHash),
      column((t) => t.creator.creatorId),
      column((t) => t.creator.handle),
      column((t) => t.creator.displayName),
      column((t) => t.creator.settingsUpdatedAt),
      column((t) => t.refused),
      column((t) => t.autoLive),
      column((t) => t.tipId),
      column((t) => t.amountPaise),
      column((t) => t.message),
      column((t) => t.tipDescription),
      column((t) => t.cashbackPaise),
      column((t) => t.cashbackDescription),
      ...FEE_PARAMETERS,
    ] as unknown as readonly string[], // node-postgres sends a JS array as a PostgreSQL array
  );
  const outcomes = result.rows[0]?.outcomes;
  if (!outcomes || outcomes.length !== tips.length)
    throw new Error('wallet tip batch returned no outcome per tip');
  return outcomes;
}

const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (v: string) => Date;

/** True when a stored wallet tip result is a snapshot written by shabaash_send_wallet_tips (or by the single-tip function of earlier releases). */
export function isWalletTipSnapshot(value: unknown): value is WalletTipSnapshot {
  return (value as { kind?: unknown } | null)?.kind === 'wallet_tip';
}

/** The tip of a snapshot, with timestamps parsed exactly as a column read parses them. */
export function tipOfSnapshot(snapshot: WalletTipSnapshot): TipRecord {
  const { tip } = snapshot;
  const timestamp = (value: string | null | undefined) => (value == null ? null : parseTimestamptz(value));
  return tipFromRow({
    ...tip,
    created_at: parseTimestamptz(tip.created_at),
    updated_at: parseTimestamptz(tip.updated_at),
    deleted_at: timestamp(tip.deleted_at),
    aired_at: timestamp(tip.aired_at),
  });
}
