import type { TestContext } from 'vitest';

// The wallet the e2e product runs with, in one place: `E2E_WALLET_MODE=off npx vitest run -c vitest.e2e.config.ts`
// starts it with WALLET_MODE=off (globalSetup.ts), and every journey or step that needs the stored wallet (add
// money, the balance, wallet tips, the wallet mirror) says so with the helpers below, so it is skipped there with the
// reason printed. wallet-off.e2e.ts is the journey of that mode.

/** `off` when E2E_WALLET_MODE=off, else `stored` (the sandbox default). */
export const E2E_WALLET_MODE: 'stored' | 'off' = process.env.E2E_WALLET_MODE === 'off' ? 'off' : 'stored';

/**
 * The 194-O TDS rate (percent) of a product without a stored wallet, the mode whose journey shows a payout with TDS
 * withheld (wallet-off.e2e.ts); tips of the other journeys are too small for a rupee of TDS.
 */
export const E2E_TDS_194O_RATE = '0.1';

const reason = (what: string) => `needs the stored wallet (${what}); skipped with E2E_WALLET_MODE=off`;

/** describe()'s options for a journey that needs the stored wallet: `describe(name, needsWallet('…'), () => …)`. */
export function needsWallet(what: string): { skip: boolean } {
  const skip = E2E_WALLET_MODE === 'off';
  if (skip) console.info(`e2e: a journey ${reason(what)}`);
  return { skip };
}

/** First line of a step that needs the stored wallet: skips it, saying why, with E2E_WALLET_MODE=off. */
export function skipWithoutWallet(ctx: TestContext, what: string): void {
  if (E2E_WALLET_MODE !== 'off') return;
  console.info(`e2e: "${ctx.task.name}" ${reason(what)}`);
  ctx.skip(reason(what));
}
