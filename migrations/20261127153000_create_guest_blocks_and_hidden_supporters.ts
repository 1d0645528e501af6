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

  // Guest payments refused at capture (a blocked payer paid anyway) go to payment_refunds (20261127150000).

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
