import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tips', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('creator_id').notNullable().references('creators.user_id').onDelete('CASCADE');
    t.uuid('sender_id').references('users.id').onDelete('SET NULL');
    t.text('guest_name');
    t.text('source').notNullable(); // wallet | guest
    t.bigInteger('amount_paise').notNullable();
    t.bigInteger('fee_paise').notNullable().defaultTo(0);
    t.text('message').notNullable().defaultTo('');
    t.text('status').notNullable().defaultTo('unread');
    t.text('payment_id').unique(); // guest tips: the captured payment
    t.text('order_id');
    t.bigInteger('version').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Deleted chats stay as tombstones (no message) so sync clients learn of the delete by version.
    t.timestamp('deleted_at', { useTz: true });
    t.index(['creator_id', 'version']);
    t.index(['creator_id', 'created_at']);
    t.index(['sender_id', 'created_at']);
  });
  await knex.raw(`alter table tips add constraint tips_status check (status in ('unread','read','ignore'))`);
  await knex.raw(`alter table tips add constraint tips_source check (source in ('wallet','guest'))`);
  await knex.raw(`alter table tips add constraint tips_amount_pos check (amount_paise > 0)`);
  await knex.raw(
    `alter table tips add constraint tips_fee_range check (fee_paise >= 0 and fee_paise <= amount_paise)`,
  );

  // Idempotency-Key store: the first response to a key is kept and replayed.
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('key').notNullable();
    t.text('request_hash').notNullable();
    t.integer('status_code').notNullable();
    t.jsonb('response').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('idempotency_keys');
  await knex.schema.dropTable('tips');
}
