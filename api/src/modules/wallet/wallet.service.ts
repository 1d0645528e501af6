import {
  fillMessage,
  formatPaise,
  MESSAGES,
  rupeesToPaise,
  VALIDATION_MESSAGES,
  type PaymentOrder,
  type Wallet,
  type WalletTransaction,
} from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import type { Config } from '../../config.ts';
import { AppError, badRequest, tooManyRequests } from '../../http/errors.ts';
import { countOpenTopUpOrders } from '../payments/payments.repository.ts';
import { assertMayPay } from '../consent/consent.service.ts';
import { openPaymentOrder } from '../payments/payments.service.ts';
import { spaceVersion, walletSpace } from '../sync/spaces.ts';
import { balanceOf } from './wallet.repository.ts';
import { presentTransaction, presentWallet } from './wallet.presenter.ts';
import { listRecentTransactions, listTransactionsSince } from './wallet.repository.ts';

/**
 * Refuses a wallet call on a deployment that keeps no stored balance (WALLET_MODE=off): 404 WALLET_OFF, so a client
 * built for the wallet hears clearly that it does not exist here (never a silent zero balance or success).
 */
export function assertWalletStored(config: Pick<Config, 'legal'>): void {
  if (config.legal.walletMode === 'off') throw new AppError('WALLET_OFF', MESSAGES.walletOff);
}

/** The message for a top-up above TOP_UP_MAX_RUPEES (the setting is held in paise). */
export const topUpCapMessage = (capPaise: number) =>
  fillMessage(VALIDATION_MESSAGES.topUpCap, { amount: formatPaise(capPaise) });

/** How long an unpaid top-up order counts as open (a checkout someone may still finish). */
export const TOP_UP_OPEN_WINDOW_MS = 30 * 60_000;

/**
 * Starts a top-up: a gateway order for `amountRupees` (already validated ≥ ₹1, whole paise), capped by
 * TOP_UP_MAX_RUPEES, and refused (429) while the account holds TOP_UP_OPEN_ORDERS_MAX unpaid orders of the last
 * TOP_UP_OPEN_WINDOW_MS. Nothing is credited here; only the captured payment's webhook credits the wallet.
 */
export async function createTopUpOrder(
  deps: AppDeps,
  userId: string,
  amountRupees: number,
): Promise<PaymentOrder> {
  const amountPaise = rupeesToPaise(amountRupees);
  const capPaise = deps.config.TOP_UP_MAX_RUPEES;
  if (amountPaise > capPaise) throw badRequest(topUpCapMessage(capPaise), 'amount');
  const open = await countOpenTopUpOrders(deps.db, userId, new Date(Date.now() - TOP_UP_OPEN_WINDOW_MS));
  if (open >= deps.config.TOP_UP_OPEN_ORDERS_MAX) throw tooManyRequests(MESSAGES.tooManyOpenOrders);
  await assertMayPay(deps, userId, amountPaise, 'top_up');
  return openPaymentOrder(deps, { purpose: 'top_up', amountPaise, userId });
}

/** The user's balance. */
export async function getWallet(deps: AppDeps, userId: string): Promise<Wallet> {
  return presentWallet(await balanceOf(deps.db, userId));
}

/**
 * Wallet activity, newest first. Without `since`: the newest `limit` entries. With `since`: entries whose
 * version is above it (a sync pull); when more than `limit` changed, `hasMore` is true and `version` is the
 * last one returned, so the client pulls again from there. The space version is read BEFORE the rows: a
 * row committed in between is returned twice at worst (clients dedupe by id), never skipped.
 */
export async function listTransactions(
  deps: AppDeps,
  userId: string,
  query: { limit: number; since?: number | undefined },
): Promise<{ transactions: WalletTransaction[]; version: number; hasMore: boolean }> {
  const current = await spaceVersion(deps.db, walletSpace(userId));
  if (query.since === undefined) {
    const rows = await listRecentTransactions(deps.db, userId, query.limit);
    return { transactions: rows.map(presentTransaction), version: current, hasMore: false };
  }
  const rows = await listTransactionsSince(deps.db, userId, query.since, query.limit);
  const hasMore = rows.length === query.limit;
  const last = rows.at(-1);
  const version = hasMore && last ? Number(last.version) : Math.max(current, query.since);
  return { transactions: rows.map(presentTransaction).reverse(), version, hasMore };
}
