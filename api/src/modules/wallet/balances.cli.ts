import { loadConfig } from '../../config.ts';
import { withCliDatabase } from '../../db/cliDatabase.ts';
import { heldBalanceLines } from './heldBalances.ts';

// `npm run wallets:balances`: the wallets that still hold money (user id, masked phone, balance), which must be
// empty before a deployment switches to WALLET_MODE=off. Runs against the deployment's database (DATABASE_URL, or
// DATA_DIR's embedded PostgreSQL, running or not).

async function main(): Promise<void> {
  const lines = await withCliDatabase(loadConfig(), heldBalanceLines);
  for (const line of lines) console.log(line);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
