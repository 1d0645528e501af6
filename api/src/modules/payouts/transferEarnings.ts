import type { Executor } from '../../db/knex.ts';
import { moveEarning, setEarningsState, type EarningState, type Movement } from './earnings.repository.ts';

/**
 * A transfer's earnings change hands: their rows take `state` (linked to the transfer `link`, or to none) and the
 * movement `m` of their total is posted on the creator's balances, in the same transaction.
 */
export async function moveTransferEarnings(
  tx: Executor,
  earnings: Array<{ id: string }>,
  { state, link }: { state: EarningState; link: string | null },
  m: Movement,
): Promise<void> {
  await setEarningsState(
    tx,
    earnings.map((e) => e.id),
    state,
    link,
  );
  await moveEarning(tx, m);
}
