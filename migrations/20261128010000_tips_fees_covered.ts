import type { Knex } from 'knex';

/**
 * "I'll cover the fees": a guest order opened with the platform fee added (`payment_orders.fees_covered`) lands a
 * tip that records it (`tips.fees_covered`), so the creator sees "Fees covered" and the operator counts them (a
 * partial index keeps that count off the rest of the table).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payment_orders', (t) => {
    t.boolean('fees_covered').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('tips', (t) => {
    t.boolean('fees_covered').notNullable().defaultTo(false);
  });
  await knex.raw(
    'create index tips_fees_covered_idx on tips (created_at) include (fee_paise) where fees_covered',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists tips_fees_covered_idx');
  await knex.schema.alterTable('tips', (t) => {
    t.dropColumn('fees_covered');
  });
  await knex.schema.alterTable('payment_orders', (t) => {
    t.dropColumn('fees_covered');
  });
}
