import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payment_orders', (t) => {
    t.text('id').primary(); // the gateway's order id (order_…)
    t.text('receipt').notNullable().unique();
    t.text('purpose').notNullable(); // top_up | guest_tip
    t.uuid('user_id').references('users.id').onDelete('SET NULL');
    t.uuid('creator_id').references('creators.user_id').onDelete('SET NULL');
    t.bigInteger('amount_paise').notNullable();
    t.string('currency', 3).notNullable().defaultTo('INR');
    t.text('guest_name');
    t.text('message');
    t.text('status').notNullable().defaultTo('created'); // created | paid | failed
    t.text('payment_id').unique();
    t.text('failure_reason');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['status', 'created_at']);
    t.index(['user_id', 'created_at']);
  });
  await knex.raw(
    `alter table payment_orders add constraint payment_orders_purpose check (purpose in ('top_up','guest_tip'))`,
  );
  await knex.raw(
    `alter table payment_orders add constraint payment_orders_status check (status in ('created','paid','failed'))`,
  );
  await knex.raw(
    `alter table payment_orders add constraint payment_orders_amount_pos check (amount_paise > 0)`,
  );

  // Webhook inbox: one row per delivered event id, so a repeated delivery is recognised and skipped.
  await knex.schema.createTable('webhook_events', (t) => {
    t.text('id').primary();
    t.text('event').notNullable();
    t.text('payment_id');
    t.text('order_id');
    t.jsonb('payload').notNullable();
    t.text('outcome').notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('webhook_events');
  await knex.schema.dropTable('payment_orders');
}
