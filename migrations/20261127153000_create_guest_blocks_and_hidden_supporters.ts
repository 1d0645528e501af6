import type { Knex } from 'knex';

/**
 * Guest tippers a creator can block, and supporters a creator can hide from the top supporters widget.
 * A guest is known only by what their payment carried (UPI VPA, contact) and by the browser token of the guest
 * page; every one of them is kept as a keyed hash (HMAC-SHA256 under PAYER_HASH_SECRET), never in clear.
 */
export async function up(knex: Knex): Promise<void> {
  // The payer of a guest tip: keyed hashes of its VPA, contact and browser token, and a masked label.
  await knex.schema.createTable('tip_payers', (t) => {
    t.uuid('tip_id').primary().references('tips.id').onDelete('CASCADE');
    t.specificType('payer_keys', 'text[]').notNullable();
    t.text('label').notNullable();
  });
  // The browser token's keyed hash of a guest order, so the order's payment can be tied to the browser.
  await knex.schema.alterTable('payment_orders', (t) => {
    t.text('payer_token_hash');
  });
  // A blocked guest: the payer keys of the tips it was blocked from, with a masked label for the block list.
  await knex.schema.alterTable('blocked_senders', (t) => {
    t.specificType('payer_keys', 'text[]');
    t.text('guest_label');
  });
  await knex.raw(`alter table blocked_senders drop constraint blocked_senders_one_of`);
  await knex.raw(
    `alter table blocked_senders add constraint blocked_senders_one_of
       check ((user_id is not null) or (phone is not null) or (cardinality(payer_keys) > 0))`,
  );
  await knex.raw(`create index blocked_senders_payer_keys on blocked_senders using gin (payer_keys)`);

  // Guest payments refused at capture (a blocked payer paid anyway): refunded in full, never a tip.
  await knex.schema.createTable('payment_refunds', (t) => {
    t.text('payment_id').primary();
    t.text('order_id').notNullable().references('payment_orders.id');
    t.uuid('creator_id').references('creators.user_id').onDelete('SET NULL');
    t.bigInteger('amount_paise').notNullable();
    t.text('reason').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.text('refund_id').unique();
    t.timestamp('attempted_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['status', 'created_at']);
  });
  await knex.raw(
    `alter table payment_refunds add constraint payment_refunds_status check (status in ('pending','processed'))`,
  );
  await knex.raw(
    `alter table payment_refunds add constraint payment_refunds_reason check (reason in ('blocked_payer'))`,
  );
  await knex.raw(
    `alter table payment_refunds add constraint payment_refunds_amount_pos check (amount_paise > 0)`,
  );

  // Supporters a creator hid from the widget, by the widget's grouping key ('u:<user id>' or 'g:<folded name>').
  await knex.schema.createTable('hidden_supporters', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('creator_id').notNullable().references('creators.user_id').onDelete('CASCADE');
    t.text('supporter_key').notNullable();
    t.text('name').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['creator_id', 'supporter_key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('hidden_supporters');
  await knex.schema.dropTable('payment_refunds');
  await knex('blocked_senders').whereNull('user_id').whereNull('phone').delete();
  await knex.raw(`drop index blocked_senders_payer_keys`);
  await knex.raw(`alter table blocked_senders drop constraint blocked_senders_one_of`);
  await knex.raw(
    `alter table blocked_senders add constraint blocked_senders_one_of check ((user_id is not null) or (phone is not null))`,
  );
  await knex.schema.alterTable('blocked_senders', (t) => {
    t.dropColumn('payer_keys');
    t.dropColumn('guest_label');
  });
  await knex.schema.alterTable('payment_orders', (t) => {
    t.dropColumn('payer_token_hash');
  });
  await knex.schema.dropTable('tip_payers');
}
