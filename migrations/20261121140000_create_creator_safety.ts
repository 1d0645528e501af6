import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // One row per creator that has changed a safety setting; no row means the defaults (see safety.service.ts).
  await knex.schema.createTable('creator_safety', (t) => {
    t.uuid('creator_id').primary().references('creators.user_id').onDelete('CASCADE');
    t.specificType('blocked_terms', 'text[]').notNullable().defaultTo('{}');
    t.boolean('builtin_enabled').notNullable().defaultTo(true);
    t.bigInteger('min_tip_paise').notNullable().defaultTo(100);
    t.integer('max_message_length').notNullable().defaultTo(280);
    t.text('review_mode').notNullable().defaultTo('queue_all');
    t.bigInteger('auto_live_min_paise').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `alter table creator_safety add constraint creator_safety_max_len check (max_message_length between 0 and 280)`,
  );
  await knex.raw(
    `alter table creator_safety add constraint creator_safety_review_mode check (review_mode in ('queue_all','auto_live_trusted'))`,
  );
  await knex.raw(
    `alter table creator_safety add constraint creator_safety_min_tip check (min_tip_paise >= 100)`,
  );
  await knex.raw(
    `alter table creator_safety add constraint creator_safety_auto_live_min check (auto_live_min_paise >= 0)`,
  );

  await knex.schema.createTable('blocked_senders', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('creator_id').notNullable().references('creators.user_id').onDelete('CASCADE');
    t.uuid('user_id').references('users.id').onDelete('CASCADE');
    t.string('phone', 10);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['creator_id', 'user_id']);
    t.unique(['creator_id', 'phone']);
  });
  await knex.raw(
    `alter table blocked_senders add constraint blocked_senders_one_of check ((user_id is not null) or (phone is not null))`,
  );
  await knex.raw(
    `alter table blocked_senders add constraint blocked_senders_phone_format check (phone is null or phone ~ '^[0-9]{10}$')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('blocked_senders');
  await knex.schema.dropTable('creator_safety');
}
