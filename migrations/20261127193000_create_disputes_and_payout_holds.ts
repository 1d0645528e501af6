import type { Knex } from 'knex';

/**
 * Disputes and payout holds.
 * - `disputes`: one case per Razorpay dispute id (`disp_…`), opened by whichever payment.dispute.* event arrives
 *   first; it keeps Razorpay's last reported status (only moving forward: a decided case stays decided), the
 *   evidence deadline, and what happened to the creator's matching earning (`hold_state`).
 * - `earnings.held_by_dispute_id`: an earning a dispute holds is never claimed into a transfer until released.
 * - `creators.payouts_held_at` / `payouts_hold_reason`: an operator's hold on all of a creator's payouts.
 * - `payout_transfers.retry_transfer_id`: the transfer an operator's retry of a failed one made (one retry each).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('disputes', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('razorpay_dispute_id').notNullable().unique();
    t.text('payment_id').notNullable().index();
    t.uuid('tip_id').references('tips.id').onDelete('SET NULL');
    t.uuid('creator_id').references('creators.user_id').onDelete('SET NULL');
    t.uuid('earning_id').references('earnings.id').onDelete('SET NULL');
    t.uuid('transfer_id').references('payout_transfers.id').onDelete('SET NULL');
    t.bigInteger('amount_paise').notNullable();
    t.text('currency').notNullable().defaultTo('INR');
    t.bigInteger('amount_deducted_paise').notNullable().defaultTo(0);
    t.text('reason_code').notNullable().defaultTo('');
    t.text('reason_description');
    t.text('phase').notNullable().defaultTo('');
    // Razorpay's status: open | under_review | action_required (our name for the event) | won | lost | closed.
    t.text('status').notNullable();
    // won | lost (closed with money deducted counts as lost, without as won); null while open.
    t.text('outcome');
    t.timestamp('respond_by', { useTz: true });
    // What the case did to the creator's earning: none | held | route_hold_requested | route_held | settled |
    // released | route_release_requested | reversed.
    t.text('hold_state').notNullable().defaultTo('none');
    t.bigInteger('held_paise').notNullable().defaultTo(0);
    t.text('hold_note');
    t.timestamp('opened_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('decided_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`create index disputes_open_idx on disputes (respond_by) where outcome is null`);
  await knex.schema.alterTable('earnings', (t) => {
    t.uuid('held_by_dispute_id').references('disputes.id').onDelete('SET NULL');
  });
  await knex.schema.alterTable('creators', (t) => {
    t.timestamp('payouts_held_at', { useTz: true });
    t.text('payouts_hold_reason');
  });
  await knex.schema.alterTable('payout_transfers', (t) => {
    t.uuid('retry_transfer_id').references('payout_transfers.id');
    t.timestamp('retried_at', { useTz: true });
  });
  await knex.raw(
    `create index payout_transfers_failed_idx on payout_transfers (created_at) where status = 'failed'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists payout_transfers_failed_idx');
  await knex.schema.alterTable('payout_transfers', (t) => {
    t.dropColumn('retry_transfer_id');
    t.dropColumn('retried_at');
  });
  await knex.schema.alterTable('creators', (t) => {
    t.dropColumn('payouts_held_at');
    t.dropColumn('payouts_hold_reason');
  });
  await knex.schema.alterTable('earnings', (t) => {
    t.dropColumn('held_by_dispute_id');
  });
  await knex.schema.dropTable('disputes');
}
