import { randomUUID } from 'node:crypto';
import { LIMITS, MESSAGES, paiseToRupees, percentOfPaise, rupeesToPaise, type Tip } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../http/errors.ts';
import { requestFingerprint, runIdempotent, type StoredResponse } from '../../http/idempotency.ts';
import { resolveCreator } from '../creators/creators.repository.ts';
import { creatorSpace, walletSpace } from '../sync/spaces.ts';
import type { TipRow } from './tips.presenter.ts';
import { postLedgerEntry } from '../wallet/ledger.ts';
import { presentTip } from './tips.presenter.ts';
import { checkTip, shouldAutoLive } from '../safety/safety.service.ts';
import { bumpSpace } from '../sync/spaces.ts';
import {
  findTipById,
  insertTip,
  liveTipsOfCreator,
  recentTipsForViewer,
  updateTipStatus,
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
 * Sends a wallet tip in one transaction (lock order: wallet row → creator row → sync_spaces sorted by name):
 * balance check under the wallet lock (402 when short), tip row with its fee (creator space bump), ledger
 * debit and cashback credit (wallet space bumps). With an Idempotency-Key, a replay returns the first stored
 * response and moves no money. Announces the creator and wallet spaces after commit (not on a replay).
 */
export async function sendTip(
  deps: Pick<AppDeps, 'db' | 'config' | 'realtime'>,
  userId: string,
  input: SendTipInput,
  idempotencyKey: string | undefined,
): Promise<StoredResponse<SendTipResponse>> {
  const { db, config } = deps;
  const creator = await resolveCreator(db, config, input.creator);
  if (creator.userId === userId) throw badRequest(MESSAGES.ownChannelTip, 'creator');
  const amountPaise = rupeesToPaise(input.amount);
  const fingerprint = requestFingerprint('POST /api/tips/send', {
    amountPaise,
    message: input.message,
    creatorId: creator.userId,
  });

  const result = await runIdempotent<SendTipResponse>(
    db,
    { userId, key: idempotencyKey, fingerprint },
    async (tx) => {
      // Stream safety first: a refused message moves no money (issue 9).
      await checkTip(tx, {
        creatorId: creator.userId,
        message: input.message,
        amountPaise,
        senderUserId: userId,
      });
      // Wallet first (the conditional debit locks the row and refuses with 402 when short), the creator row
      // last: a hot creator's row lock is then held only for the tip insert and the commit.
      const tipId = randomUUID();
      let ledger = await postLedgerEntry(tx, {
        userId,
        type: 'debit',
        kind: 'tip',
        amountPaise,
        description: `Tip to ${creator.displayName}`,
        reference: tipId,
      });
      const cashbackPaise = percentOfPaise(amountPaise, config.CASHBACK_BASIS_POINTS);
      if (cashbackPaise > 0) {
        ledger = await postLedgerEntry(tx, {
          userId,
          type: 'credit',
          kind: 'cashback',
          amountPaise: cashbackPaise,
          description: 'Cashback on your tip',
          reference: tipId,
        });
      }
      const autoLive = await shouldAutoLive(tx, {
        creatorId: creator.userId,
        senderUserId: userId,
        amountPaise,
      });
      let tip: TipRow = await insertTip(tx, {
        id: tipId,
        creatorId: creator.userId,
        senderId: userId,
        guestName: null,
        source: 'wallet',
        amountPaise,
        message: input.message,
      });
      if (autoLive) {
        await updateTipStatus(tx, tip.id, 'read', await bumpSpace(tx, creatorSpace(creator.userId)));
        tip = (await findTipById(tx, tip.id)) ?? tip;
      }
      return {
        status: 200,
        body: {
          message: MESSAGES.tipSent,
          tip: presentTip(tip, { includePhone: true }),
          balance: paiseToRupees(ledger.balancePaise),
          balancePaise: ledger.balancePaise,
        },
      };
    },
  );
  if (!result.replayed) deps.realtime.changed([creatorSpace(creator.userId), walletSpace(userId)]);
  return result;
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
