import type { Knex } from 'knex';

/**
 * Reconciliation bookkeeping: when an unpaid order was last asked about (least recently checked goes first,
 * so a backlog cannot hide a newer order), and when it was closed (every attempt failed at Razorpay; a late
 * capture's webhook still credits a closed order, reconciliation just stops asking).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payment_orders', (t) => {
    t.timestamp('last_checked_at', { useTz: true });
    t.timestamp('closed_at', { useTz: true });
  });
  await knex.raw(`create index payment_orders_to_reconcile
                  on payment_orders (last_checked_at asc nulls first, created_at asc)
                  where status in ('created','failed') and closed_at is null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists payment_orders_to_reconcile');
  await knex.schema.alterTable('payment_orders', (t) => {
    t.dropColumn('closed_at');
    t.dropColumn('last_checked_at');
  });
}
