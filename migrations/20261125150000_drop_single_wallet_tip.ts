import type { Knex } from 'knex';
import { up as createTipFunctions } from './20261122120000_create_tip_functions.ts';

/**
 * Drops `shabaash_send_wallet_tip`, the single wallet tip statement. Since group commit (20261125130000) the API sends
 * every wallet tip through `shabaash_send_wallet_tips` (a batch of one included), so no release calls it any more.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'drop function if exists shabaash_send_wallet_tip(uuid, uuid, text, text, uuid, text, text, timestamptz, boolean, boolean, uuid, bigint, text, text, bigint, text, bigint, integer)',
  );
}

/**
 * Restores it as 20261122120000 created it. That migration's other functions are replaced by identical definitions
 * (no later migration alters them).
 */
export async function down(knex: Knex): Promise<void> {
  await createTipFunctions(knex);
}
