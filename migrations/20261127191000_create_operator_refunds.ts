import type { Knex } from 'knex';

/**
 * Refunds an operator makes from /ops: one row per refund of a tip, in full or in part. A guest tip's refund goes
 * through Razorpay (`pending` until Razorpay answers with its refund id, then `processed`; `failed` when Razorpay
 * refused it, so the amount is free again); a wallet tip's refund is a ledger credit (`processed` at once).
 * (operator_id, idempotency_key) is unique, so a repeated request replays the first refund instead of paying twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('operator_refunds', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('tip_id').notNullable().references('tips.id').onDelete('CASCADE');
    t.text('source').notNullable(); // wallet | guest
    t.text('payment_id'); // guest tips: the refunded payment
    t.bigInteger('amount_paise').notNullable();
    t.text('status').notNullable();
    t.text('refund_id').unique(); // Razorpay's rfnd_…, once it accepted the refund
    t.uuid('operator_id').notNullable();
    t.text('idempotency_key').notNullable();
    t.text('request_hash').notNullable();
    t.text('reason').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['operator_id', 'idempotency_key']);
    t.index(['tip_id']);
  });
  await knex.raw(
    `alter table operator_refunds add constraint operator_refunds_status check (status in ('pending','processed','failed'))`,
  );
  await knex.raw(
    `alter table operator_refunds add constraint operator_refunds_source check (source in ('wallet','guest'))`,
  );
  await knex.raw(
    `alter table operator_refunds add constraint operator_refunds_amount_pos check (amount_paise > 0)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('operator_refunds');
}
