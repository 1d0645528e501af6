import type { Knex } from 'knex';

/**
 * What a deleted creator's payout account keeps (api/src/modules/payouts/retention.ts): the legal name, the bank's
 * name and Razorpay's account id stay as the tax record of the payouts made to it; the IFSC and the last 4 digits
 * are erased (`erased_at` says when), and the row goes once the law no longer asks for it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('linked_accounts', (t) => {
    t.setNullable('ifsc');
    t.setNullable('account_last4');
    t.timestamp('erased_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('linked_accounts').whereNotNull('erased_at').delete();
  await knex.schema.alterTable('linked_accounts', (t) => {
    t.dropColumn('erased_at');
    t.dropNullable('ifsc');
    t.dropNullable('account_last4');
  });
}
