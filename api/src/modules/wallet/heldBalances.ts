import { formatPaise, maskPhone } from '@shabaash/shared';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/knex.ts';
import { StartupError } from '../../startupError.ts';
import { heldBalanceTotals, listHeldBalances } from './wallet.repository.ts';

/** The command that lists the wallets still holding money (package.json; api/src/modules/wallet/balances.cli.ts). */
export const WALLET_BALANCES_COMMAND = 'npm run wallets:balances';

/**
 * Start-up with WALLET_MODE=off refuses while any wallet holds a balance: a deployment switched from `stored` would
 * otherwise hide money its viewers paid in. Emptying the wallets (refunds, or letting viewers spend them) is the
 * operator's task before the switch; the message names the command that lists them.
 */
export async function refuseHeldBalancesWhenWalletOff(
  db: Executor,
  config: Pick<Config, 'legal'>,
): Promise<void> {
  if (config.legal.walletMode !== 'off') return;
  const { wallets, totalPaise } = await heldBalanceTotals(db);
  if (wallets === 0) return;
  throw new StartupError(
    'wallets',
    `WALLET_MODE is off but ${wallets} ${wallets === 1 ? 'wallet still holds' : 'wallets still hold'} ${formatPaise(totalPaise)}`,
    `List them with \`${WALLET_BALANCES_COMMAND}\` and empty them before switching, or set WALLET_MODE=stored`,
  );
}

/** One line per wallet with money: user id, masked phone (never the whole number) and balance. */
export async function heldBalanceLines(db: Executor): Promise<string[]> {
  const rows = await listHeldBalances(db);
  if (rows.length === 0) return ['No wallet holds a balance.'];
  const total = rows.reduce((sum, row) => sum + Number(row.balance_paise), 0);
  return [
    'user id\tphone\tbalance',
    ...rows.map(
      (row) =>
        `${row.user_id}\t${row.phone ? maskPhone(row.phone) : '(deleted)'}\t${formatPaise(Number(row.balance_paise))}`,
    ),
    `${rows.length} ${rows.length === 1 ? 'wallet holds' : 'wallets hold'} ${formatPaise(total)} in all.`,
  ];
}
