import { randomUUID } from 'node:crypto';
import { LIMITS, MESSAGES, paiseToRupees, percentOfPaise, rupeesToPaise, type Tip } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest, conflict, paymentRequired } from '../../http/errors.ts';
import { IDEMPOTENCY_KEY_REUSED, requestFingerprint, type StoredResponse } from '../../http/idempotency.ts';
import { resolveCreator } from '../creators/creators.repository.ts';
import { loadTipSafety, shouldAutoLive, tipRefusal } from '../safety/safety.service.ts';
import type { SessionClaims } from '../sessions/sessions.service.ts';
import { creatorSpace, walletSpace } from '../sync/spaces.ts';
import { isInsufficientBalance } from '../wallet/ledger.ts';
import { presentTip } from './tips.presenter.ts';
import {
  isWalletTipSnapshot,
  liveTipsOfCreator,
  recentTipsForViewer,
  sendWalletTip,
  tipRowOfSnapshot,
  WALLET_TIP_SQLSTATE,
  type WalletTipOutcome,
  type WalletTipSnapshot,
} from './tips.repository.ts';

export interface SendTipInput {
  amount: number;
  message: string;
  creator?: string | undefined;
}

export interface SendTipResponse {
  message: string;
  tip: Tip;
  balance: number;
  balancePaise: number;
}

/**
 * Sends a wallet tip. One query reads the creator with everything stream safety needs (settings, blocked
 * sender, trusted sender); the JS checks run; then ONE statement (shabaash_send_wallet_tip, committed on return)
 * claims the Idempotency-Key, debits the wallet (402 when short), credits the cashback, lands the tip (fee,
 * creator space bump; `read` at once when auto-live) and stores the result. Lock order: wallet row → wallet
 * space → creator row → creator space. With an Idempotency-Key, a replay returns the first response and moves
 * no money; a refused message or a 402 stores nothing. Announces the creator and wallet spaces after commit
 * (not on a replay). The sender's session row is checked inside the safety query (401 when revoked): the route
 * passes the token's claims unread, so a tip costs three round trips in all.
 */
export async function sendTip(
  deps: Pick<AppDeps, 'db' | 'config' | 'realtime'>,
  session: SessionClaims,
  input: SendTipInput,
  idempotencyKey: string | undefined,
): Promise<StoredResponse<SendTipResponse>> {
  const { db, config } = deps;
  const { userId } = session;
  const amountPaise = rupeesToPaise(input.amount);
  const sender = { senderUserId: userId, amountPaise };
  const safety = input.creator
    ? await loadTipSafety(db, { handle: input.creator }, sender, session)
    : await loadTipSafety(db, { creatorId: (await resolveCreator(db, config)).userId }, sender, session);
  if (!safety) throw new AppError('NOT_FOUND', MESSAGES.creatorNotFound);
  if (safety.creatorId === userId) throw badRequest(MESSAGES.ownChannelTip, 'creator');
  // Stream safety first: a refused message moves no money (issue 9). With a key, the statement below still
  // runs so that a replay of an earlier answer wins, then raises the refusal without storing anything.
  const refusal = tipRefusal(safety, { message: input.message, amountPaise });
  if (refusal && idempotencyKey === undefined) throw refusal;

  let outcome: WalletTipOutcome;
  try {
    outcome = await sendWalletTip(db, {
      tipId: randomUUID(),
      userId,
      creatorId: safety.creatorId,
      amountPaise,
      message: input.message,
      status: shouldAutoLive(safety, sender) ? 'read' : 'unread',
      tipDescription: `Tip to ${safety.creatorDisplayName}`,
      cashbackPaise: percentOfPaise(amountPaise, config.CASHBACK_BASIS_POINTS),
      cashbackDescription: 'Cashback on your tip',
      idempotencyKey: idempotencyKey ?? null,
      requestHash: requestFingerprint('POST /api/tips/send', {
        amountPaise,
        message: input.message,
        creatorId: safety.creatorId,
      }),
      refused: refusal !== null,
    });
  } catch (err) {
    const code = (err as { code?: string } | null)?.code;
    if (code === WALLET_TIP_SQLSTATE.refused && refusal) throw refusal;
    if (code === WALLET_TIP_SQLSTATE.keyReused) throw conflict(IDEMPOTENCY_KEY_REUSED);
    if (isInsufficientBalance(err)) throw paymentRequired(MESSAGES.insufficientBalance);
    throw err;
  }
  const result: StoredResponse<SendTipResponse> = {
    status: outcome.status,
    body: isWalletTipSnapshot(outcome.response)
      ? presentSentTip(outcome.response)
      : (outcome.response as SendTipResponse), // stored by the API before the wallet tip was one statement
    replayed: outcome.replayed,
  };
  if (!result.replayed) deps.realtime.changed([creatorSpace(safety.creatorId), walletSpace(userId)]);
  return result;
}

/** The response body of a wallet tip, the same from its first answer and from every replay. */
function presentSentTip(snapshot: WalletTipSnapshot): SendTipResponse {
  return {
    message: MESSAGES.tipSent,
    tip: presentTip(tipRowOfSnapshot(snapshot), { includePhone: true }),
    balance: paiseToRupees(Number(snapshot.balance_paise)),
    balancePaise: Number(snapshot.balance_paise),
  };
}

/**
 * The viewer dashboard's recent activity for a creator: that creator's pushed-live tips plus the caller's own
 * tips to them, newest first, at most 10. Phone numbers only on the caller's own tips.
 */
export async function recentTips(
  deps: Pick<AppDeps, 'db' | 'config'>,
  userId: string,
  handle?: string,
): Promise<Tip[]> {
  const creator = await resolveCreator(deps.db, deps.config, handle);
  const rows = await recentTipsForViewer(deps.db, creator.userId, userId, LIMITS.recentTipsKept);
  return rows.map((row) => presentTip(row, { includePhone: row.sender_id === userId }));
}

/** The overlay's tips of a creator (pushed live, most recent first, at most 10, no phone numbers). */
export async function displayTips(deps: Pick<AppDeps, 'db'>, creatorId: string): Promise<Tip[]> {
  const rows = await liveTipsOfCreator(deps.db, creatorId, LIMITS.recentTipsKept);
  return rows.map((row) => presentTip(row));
}
