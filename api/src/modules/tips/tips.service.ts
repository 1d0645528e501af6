import { randomUUID } from 'node:crypto';
import {
  LIMITS,
  MESSAGES,
  coverFeesTotalPaise,
  paiseToRupees,
  percentOfPaise,
  rupeesToPaise,
  type Tip,
} from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import type { TipRecord } from '../../domain/tip.ts';
import { AppError, badRequest, conflict, paymentRequired, unauthenticated } from '../../http/errors.ts';
import { IDEMPOTENCY_KEY_REUSED, requestFingerprint, type StoredResponse } from '../../http/idempotency.ts';
import {
  creatorDeleted,
  creatorSuspended,
  findCreatorByUserId,
  resolveCreator,
  resolveVersionedCreator,
  usableCreator,
  type VersionedCreator,
} from '../creators/creators.repository.ts';
import {
  assertTipAmount,
  autoLiveCandidate,
  blockedSenderRefusal,
  contentRefusal,
  isNameBlocked,
} from '../safety/safety.service.ts';
import type { SafetyRecord } from '../safety/safety.repository.ts';
import { findUserById } from '../users/users.repository.ts';
import { tipContextOf } from '../safety/tipContext.ts';
import { principalOf, type SessionClaims } from '../sessions/sessions.service.ts';
import { PreparedJson } from '../../http/preparedJson.ts';
import { readCacheOf, type CachedRead } from '../sync/readCache.ts';
import { creatorSpace, walletSpace } from '../sync/spaces.ts';
import { isInsufficientBalance } from '../wallet/ledger.ts';
import { assertMayPay } from '../consent/consent.service.ts';
import { sendBatcherOf } from './sendBatcher.ts';
import { findRecentReader, recentTipsForViewer } from './recentReads.repository.ts';
import { presentTip } from './tips.presenter.ts';
import { liveTipsOfCreator, markTipFeesCovered } from './tips.repository.ts';
import {
  isWalletTipSnapshot,
  tipOfSnapshot,
  WALLET_TIP_SQLSTATE,
  type WalletTipOutcome,
} from './walletTips.repository.ts';

export interface SendTipInput {
  amount: number;
  message: string;
  creator?: string | undefined;
  /** "I'll cover the fees": `amount` is what the creator nets; the debit adds the creator's platform fee. */
  coverFees?: boolean | undefined;
}

export interface SendTipResponse {
  message: string;
  tip: Tip;
  balance: number;
  balancePaise: number;
}

/** How many times a tip is decided again after the creator context changed under it (SH412). */
const STALE_CONTEXT_RETRIES = 2;

/**
 * Sends a wallet tip in ONE database round trip, group-committed with the sends that arrive meanwhile on this
 * instance (sendBatcher.ts). The creator's context (identity and safety settings) comes from the per-instance
 * cache (tipContext.ts); the JS checks decide on amount, message and auto-live; then one statement
 * (shabaash_send_wallet_tips, committed on return) checks the session (401), claims or replays the
 * Idempotency-Key, checks that the context is still current (else it is reloaded and the tip decided again),
 * refuses a deleted creator (410, waiting for a deletion in progress) or a suspended one (403 CREATOR_SUSPENDED), a blocked sender (403) or a refused message (400), debits the wallet (402 when short), credits the
 * cashback, lands the tip (fee, creator space bump; `read` at once when auto-live) and stores the result.
 * Lock order: wallet row → wallet space → creator row → creator space. A replay returns the first response and
 * moves no money; a refusal or a 402 stores nothing. Announces the creator and wallet spaces after commit (not
 * on a replay).
 */
export async function sendTip(
  deps: Pick<AppDeps, 'db' | 'config' | 'realtime' | 'speech'>,
  session: SessionClaims,
  input: SendTipInput,
  idempotencyKey: string | undefined,
): Promise<StoredResponse<SendTipResponse>> {
  const { db, config } = deps;
  const { userId } = session;
  // With coverFees, the amount chosen (what the creator nets) and the total debited differ; the creator's
  // minimum and auto-live threshold apply to the amount chosen, and the key's fingerprint names the choice.
  const amountPaise = rupeesToPaise(input.amount);
  assertTipAmount(config, amountPaise);
  const coverFees = input.coverFees === true;
  const creatorRef = input.creator
    ? { handle: input.creator }
    : { creatorId: (await resolveCreator(db, config)).userId };
  const requestHash = (creatorId: string) =>
    requestFingerprint('POST /api/tips/send', {
      amountPaise,
      message: input.message,
      creatorId,
      ...(coverFees ? { coverFees } : {}),
    });
  for (let attempt = 0; ; attempt++) {
    const context = await tipContextOf(db, creatorRef, { fresh: attempt > 0 });
    if (!context) {
      // Unknown creator: a revoked session still hears 401 first, as on every other route.
      if (!(await principalOf(db, session))) throw unauthenticated();
      throw new AppError('NOT_FOUND', MESSAGES.creatorNotFound);
    }
    if (context.deleted) throw creatorDeleted();
    if (context.suspended) {
      // This instance's cached context may predate a lifted suspension: read it again once before refusing.
      if (attempt === 0) continue;
      throw creatorSuspended();
    }
    if (context.creatorId === userId) throw badRequest(MESSAGES.ownChannelTip, 'creator');
    const refusal = contentRefusal(context.settings, { message: input.message, amountPaise });
    const autoLive = await autoLiveAllowed(db, context.settings, userId, amountPaise);
    const debitPaise = coverFees ? await coveredTotalPaise(db, context.creatorId, amountPaise) : amountPaise;
    if (coverFees) assertTipAmount(config, debitPaise);
    // The age rule before the batcher: a minor pays only with a parent's consent, within the month's cap.
    await assertMayPay(deps, userId, debitPaise, 'tip');
    let outcome: WalletTipOutcome;
    try {
      outcome = await sendBatcherOf(db, config.SEND_BATCHES_IN_FLIGHT).send({
        tipId: randomUUID(),
        userId,
        sessionId: session.sessionId,
        creator: context,
        amountPaise: debitPaise,
        message: input.message,
        autoLive,
        tipDescription: `Tip to ${context.displayName}`,
        cashbackPaise: percentOfPaise(debitPaise, config.CASHBACK_BASIS_POINTS),
        cashbackDescription: 'Cashback on your tip',
        idempotencyKey: idempotencyKey ?? null,
        requestHash: requestHash(context.creatorId),
        refused: refusal !== null,
      });
    } catch (err) {
      const code = (err as { code?: string } | null)?.code;
      if (code === WALLET_TIP_SQLSTATE.staleContext && attempt < STALE_CONTEXT_RETRIES) continue;
      if (code === WALLET_TIP_SQLSTATE.sessionEnded) throw unauthenticated();
      if (code === WALLET_TIP_SQLSTATE.senderBlocked) throw blockedSenderRefusal();
      if (code === WALLET_TIP_SQLSTATE.creatorDeleted) throw creatorDeleted();
      if (code === WALLET_TIP_SQLSTATE.creatorSuspended) throw creatorSuspended();
      if (code === WALLET_TIP_SQLSTATE.refused && refusal) throw refusal;
      if (code === WALLET_TIP_SQLSTATE.keyReused) throw conflict(IDEMPOTENCY_KEY_REUSED);
      if (isInsufficientBalance(err)) throw paymentRequired(MESSAGES.insufficientBalance);
      throw err;
    }
    // A snapshot written by shabaash_send_wallet_tips; null for a key stored before the wallet tip was one statement.
    const snapshot = isWalletTipSnapshot(outcome.response) ? outcome.response : null;
    const tip = snapshot && tipOfSnapshot(snapshot);
    if (tip && coverFees && !outcome.replayed) {
      await markTipFeesCovered(db, tip.id);
      tip.feesCovered = true;
    }
    const result: StoredResponse<SendTipResponse> = {
      status: outcome.status,
      body:
        snapshot && tip ? presentSentTip(tip, snapshot.balance_paise) : (outcome.response as SendTipResponse),
      replayed: outcome.replayed,
    };
    if (!result.replayed) {
      // The tip as it committed (new: created at its version): this instance pushes it to its sockets without
      // reading it back.
      const committed = tip ? [{ ...tip, createdVersion: tip.version }] : undefined;
      deps.realtime.changed([creatorSpace(context.creatorId), walletSpace(userId)], committed);
      // Auto-live: the tip is already on screen, so its speech is synthesised now (off the request path).
      if (tip?.status === 'read') deps.speech.tipLive(tip.id);
    }
    return result;
  }
}

/** The wallet debit that nets `intendedPaise` to the creator at their platform fee now (their lifetime gross). */
async function coveredTotalPaise(
  db: AppDeps['db'],
  creatorId: string,
  intendedPaise: number,
): Promise<number> {
  const creator = await findCreatorByUserId(db, creatorId);
  return coverFeesTotalPaise(intendedPaise, { lifetimeGrossPaise: creator?.lifetimeGrossPaise ?? 0 });
}

/**
 * Whether a tip may go live at once (see autoLiveCandidate). Auto-live shows the sender's current name on air, so
 * a name the creator's lists refuse holds the tip in the queue, as a refused message would be (one read of the
 * sender, only for an auto-live candidate).
 */
async function autoLiveAllowed(
  db: AppDeps['db'],
  settings: SafetyRecord,
  userId: string,
  amountPaise: number,
): Promise<boolean> {
  if (!autoLiveCandidate(settings, amountPaise)) return false;
  const sender = await findUserById(db, userId);
  return !isNameBlocked(settings, sender?.name);
}

/** The response body of a wallet tip, the same from its first answer and from every replay. */
function presentSentTip(tip: TipRecord, balancePaise: number): SendTipResponse {
  return {
    message: MESSAGES.tipSent,
    tip: presentTip(tip, { ownPhone: true }),
    balance: paiseToRupees(Number(balancePaise)),
    balancePaise: Number(balancePaise),
  };
}

/**
 * The viewer dashboard's recent activity for a creator: that creator's pushed-live tips plus the caller's own
 * tips to them, newest first, at most 10. Phone numbers only on the caller's own tips. Served from the
 * instance's read cache at the creator space's version. The session row (401 first, as everywhere) and the
 * creator with that version are read in ONE statement, shared by the reads that arrive meanwhile.
 */
export async function recentTips(
  deps: Pick<AppDeps, 'db' | 'config'>,
  claims: SessionClaims,
  handle?: string,
): Promise<CachedRead<{ tips: Tip[] }>> {
  const { creatorId, spaceVersion } = await recentReadCreator(deps, claims, handle);
  const { userId } = claims;
  const cache = readCacheOf(deps.db);
  return cache.readPreparedAt(`recent:${creatorId}:${userId}`, spaceVersion, async () => {
    const rows = await recentTipsForViewer(deps.db, creatorId, userId);
    // None of the viewer's own tips among them: the creator's public list, which every such viewer shares (one
    // body and ETag per version, no phone in it).
    if (!rows.some((row) => row.senderId === userId)) {
      return cache.readAt(`recent-public:${creatorId}`, spaceVersion, async () => ({
        tips: rows.map((row) => presentTip(row)),
      }));
    }
    return new PreparedJson({
      tips: rows.map((row) => presentTip(row, { ownPhone: row.senderId === userId })),
    });
  });
}

/** The creator of a recent-tips read and its space's current version, once the session is found live (else 401). */
async function recentReadCreator(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  claims: SessionClaims,
  handle: string | undefined,
): Promise<{ creatorId: string; spaceVersion: number }> {
  if (!handle) {
    // The default creator (rare): the session and the creator are read in parallel, 401 still first.
    const versioned = resolveVersionedCreator(db, config);
    versioned.catch(() => undefined); // awaited below, after the session check
    if (!(await principalOf(db, claims))) throw unauthenticated();
    const { creator, spaceVersion } = await versioned;
    return { creatorId: creator.userId, spaceVersion };
  }
  const { role, creator } = await findRecentReader(db, claims, handle);
  if (!role) throw unauthenticated();
  const { userId, spaceVersion } = usableCreator(creator, (found) => found.deleted);
  return { creatorId: userId, spaceVersion };
}

/** The overlay's tips of a creator (pushed live, most recent first, at most 10, no phone numbers); cached as above. */
export function displayTips(
  deps: Pick<AppDeps, 'db'>,
  { creator, spaceVersion }: VersionedCreator,
): Promise<CachedRead<{ tips: Tip[] }>> {
  return readCacheOf(deps.db).readAt(`display:${creator.userId}`, spaceVersion, async () => {
    const rows = await liveTipsOfCreator(deps.db, creator.userId, LIMITS.recentTipsKept);
    return { tips: rows.map((row) => presentTip(row)) };
  });
}
