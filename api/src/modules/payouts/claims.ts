import { randomUUID } from 'node:crypto';
import type { Tds194oSettings } from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/knex.ts';
import {
  lockAvailableEarnings,
  lockBalances,
  markBatched,
  moveEarning,
  setEarningsState,
  type EarningRow,
} from './earnings.repository.ts';
import { findLinkedAccount } from './linkedAccounts.repository.ts';
import { payoutsHeld } from './payoutHolds.repository.ts';
import { deductionForClaim, recordClaimDeduction } from './tdsLedger.ts';
import { moveTransferEarnings } from './transferEarnings.ts';
import { insertTransfer, type TransferRow } from './transfers.repository.ts';

/** Claiming a creator's available earnings into transfer rows, before any call to Razorpay (transfers.service.ts sends them). */

/** Razorpay's smallest transfer (₹1). Smaller groups wait for more earnings. */
export const MIN_TRANSFER_PAISE = 100;
/** Claims a creator's available earnings into transfers in one transaction (claimInto). */
export async function claimBatch(
  deps: AppDeps,
  creatorId: string,
  batchDate: string | null,
): Promise<TransferRow[]> {
  return deps.db.transaction((tx) => claimInto(tx, deps.config.legal.tds194o, creatorId, batchDate));
}

/**
 * Claims a creator's available earnings into transfers BEFORE any Razorpay call: guest earnings go in one transfer
 * per captured payment, wallet earnings in one direct transfer (`only`: just that group, a payment id or 'direct');
 * a debt is recovered first. Each transfer row carries our key; its earnings move available → in transit. Nothing
 * while an operator holds the creator's payouts (read under the balances lock the hold also takes); earnings a
 * dispute holds are never claimed. With 194-O TDS (`tds`), each transfer carries its earnings less the year's
 * deduction (tdsLedger.ts), keyed by the transfer: a resend or a reconciliation never deducts again.
 */
export async function claimInto(
  tx: Executor,
  tds: Tds194oSettings | null,
  creatorId: string,
  batchDate: string | null,
  only?: string,
): Promise<TransferRow[]> {
  const balances = await lockBalances(tx, creatorId);
  const account = await findLinkedAccount(tx, creatorId);
  if (!account?.account_id || account.status !== 'activated') return [];
  if (await payoutsHeld(tx, creatorId)) return [];
  const groups = new Map<string, EarningRow[]>();
  for (const e of await lockAvailableEarnings(tx, creatorId)) {
    const key = e.source === 'guest' && e.payment_id ? e.payment_id : 'direct';
    if (only === undefined || key === only) groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  let debt = Number(balances.debt_paise);
  const made: TransferRow[] = [];
  // Direct first: a debt is recovered from wallet earnings before guest payments.
  const ordered = [...groups.entries()].sort(([a], [b]) => (a === 'direct' ? -1 : b === 'direct' ? 1 : 0));
  for (const [key, earnings] of ordered) {
    const gross = earnings.reduce((s, e) => s + Number(e.net_paise) - Number(e.withheld_paise), 0);
    const take = Math.min(debt, gross);
    const carries = gross - take;
    if (carries > 0 && carries < MIN_TRANSFER_PAISE) continue;
    const transferId = randomUUID();
    if (carries === 0) {
      // Wholly consumed by a debt: nothing to send; the earnings offset an earlier reversal.
      await recoverDebt(tx, { creatorId, amountPaise: take, reference: transferId, transferId: null });
      await setEarningsState(
        tx,
        earnings.map((e) => e.id),
        'reversed',
        null,
      );
      debt -= take;
      continue;
    }
    const earningIds = earnings.map((e) => e.id);
    const claim = { creatorId, earningIds, carriesPaise: carries, minTransferPaise: MIN_TRANSFER_PAISE };
    const deduction = await deductionForClaim(tx, tds, { ...claim, now: new Date() });
    const amount = carries - (deduction?.deductPaise ?? 0);
    const transfer = await insertTransfer(tx, {
      id: transferId,
      creatorId,
      kind: key === 'direct' ? 'direct' : 'payment',
      sourcePaymentId: key === 'direct' ? null : key,
      accountId: account.account_id,
      amountPaise: amount,
    });
    await recoverDebt(tx, { creatorId, amountPaise: take, reference: transferId, transferId });
    debt -= take;
    if (deduction) await recordClaimDeduction(tx, creatorId, transferId, deduction);
    await moveTransferEarnings(
      tx,
      earnings,
      { state: 'in_transit', link: transferId },
      {
        creatorId,
        kind: 'transfer',
        from: 'available',
        to: 'in_transit',
        amountPaise: amount,
        transferId,
        reference: transferId,
      },
    );
    made.push(transfer);
  }
  if (batchDate) await markBatched(tx, creatorId, batchDate);
  return made;
}

/**
 * Recovers part of a creator's debt from their available earnings (movement `debt_recovery` of the transfer key
 * `reference`; `transferId` is null when nothing is sent because the debt took it all).
 */
function recoverDebt(
  tx: Executor,
  m: { creatorId: string; amountPaise: number; reference: string; transferId: string | null },
): Promise<boolean> {
  return moveEarning(tx, { ...m, kind: 'debt_recovery', from: 'available', to: 'debt' });
}
