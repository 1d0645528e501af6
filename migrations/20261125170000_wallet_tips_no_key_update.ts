import type { Knex } from 'knex';
import { SEND_WALLET_TIPS } from './20261125160000_set_based_wallet_tips.ts';

/**
 * `shabaash_send_wallet_tips` locks its creators' rows `for no key update` instead of `for update` (a
 * webhook must not slow a tip). Both serialise the batches of one creator, but `for update` also waits for every
 * `for key share` lock, which PostgreSQL takes on the creator row for each foreign-key check of a row that
 * references it in another transaction: the webhook worker's events (`outgoing_webhook_events.creator_id`), until
 * that transaction commits. The batch never changes a creator's key (it only adds to the lifetime gross), so the
 * weaker lock is all it needs; deleting a creator still waits for it.
 */
const FROM = 'perform 1 from creators c where c.user_id = any(v_creators) order by c.user_id for update;';
const TO =
  'perform 1 from creators c where c.user_id = any(v_creators) order by c.user_id for no key update;';

export async function up(knex: Knex): Promise<void> {
  if (SEND_WALLET_TIPS.split(FROM).length !== 2)
    throw new Error('the creators lock of shabaash_send_wallet_tips moved');
  await knex.raw(SEND_WALLET_TIPS.replace(FROM, TO));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(SEND_WALLET_TIPS);
}
