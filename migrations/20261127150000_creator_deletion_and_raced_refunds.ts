import type { Knex } from 'knex';
import { SEND_WALLET_TIPS } from './20261125160000_set_based_wallet_tips.ts';

/**
 * A deleted creator's handle stops taking money:
 * - `creators.deleted_at`, set with the account's deletion (existing deletions are backfilled from `users`). The row,
 *   and with it the handle, stays: a handle is never given to someone else, so an old guest link cannot pay a stranger.
 * - `shabaash_send_wallet_tips` takes its creators' rows in key-share mode before deciding, so a deletion in progress
 *   (which locks the creator row first) finishes before the check and none starts until the batch commits; a tip to a
 *   deleted creator is refused (SH410) before any wallet moves.
 * - `payment_refunds`: a captured payment whose payee was deleted meanwhile (a guest order for a creator, a top-up of
 *   an account) is refunded at Razorpay, one row per payment: what, why, and the refund's id once Razorpay has it.
 */
const PREVIOUS = SEND_WALLET_TIPS.replace(
  'perform 1 from creators c where c.user_id = any(v_creators) order by c.user_id for update;',
  'perform 1 from creators c where c.user_id = any(v_creators) order by c.user_id for no key update;',
);

const CHECK_FROM = `      for r in select x.o,
                      case
                        when c.user_id is null`;
const CHECK_TO = `      -- A deletion in progress holds its creator row: wait for it, and keep new ones out until this batch commits.
      perform 1 from creators c where c.user_id = any(p_creator_ids) order by c.user_id for key share;
      for r in select x.o,
                      case
                        when c.deleted_at is not null then 'SH410'
                        when c.user_id is null`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('creators', (t) => {
    t.timestamp('deleted_at', { useTz: true });
  });
  await knex.raw(`update creators c set deleted_at = u.deleted_at
                    from users u where u.id = c.user_id and u.deleted_at is not null`);
  // Captured payments refunded in full instead of applied: a payee deleted meanwhile (this migration) or, from
  // 20261127153000, a payer the creator blocked. One row per payment; refunded after the commit, retried by
  // reconciliation until Razorpay answers with its refund id.
  await knex.schema.createTable('payment_refunds', (t) => {
    t.text('payment_id').primary();
    t.text('order_id').notNullable().references('payment_orders.id');
    t.uuid('creator_id').references('creators.user_id').onDelete('SET NULL');
    t.bigInteger('amount_paise').notNullable();
    t.text('reason').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.text('refund_id').unique(); // Razorpay's rfnd_…, once it accepted the refund
    t.timestamp('attempted_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['status', 'created_at']);
  });
  await knex.raw(
    `alter table payment_refunds add constraint payment_refunds_status check (status in ('pending','processed'))`,
  );
  await knex.raw(
    `alter table payment_refunds add constraint payment_refunds_reason check (reason in ('payee_deleted','blocked_payer'))`,
  );
  await knex.raw(
    `alter table payment_refunds add constraint payment_refunds_amount_pos check (amount_paise > 0)`,
  );
  if (PREVIOUS === SEND_WALLET_TIPS || PREVIOUS.split(CHECK_FROM).length !== 2)
    throw new Error('shabaash_send_wallet_tips changed: update this migration');
  await knex.raw(PREVIOUS.replace(CHECK_FROM, CHECK_TO));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(PREVIOUS);
  await knex.schema.dropTable('payment_refunds');
  await knex.schema.alterTable('creators', (t) => {
    t.dropColumn('deleted_at');
  });
}
