import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('creators', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('handle').notNullable().unique();
    t.text('display_name').notNullable();
    t.text('overlay_key').notNullable().unique();
    t.text('overlay_theme').notNullable().defaultTo('classic');
    t.text('font').notNullable().defaultTo('Poppins');
    t.string('color', 7).notNullable().defaultTo('#ff5c5c');
    t.text('sound').notNullable().defaultTo('default');
    // Lifetime gross tips, for the Starter/Pro fee line; bumped in the same transaction as each tip.
    t.bigInteger('lifetime_gross_paise').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `alter table creators add constraint creators_handle_format check (handle ~ '^[a-z0-9][a-z0-9_-]{1,28}[a-z0-9]$')`,
  );
  await knex.raw(
    `alter table creators add constraint creators_gross_nonneg check (lifetime_gross_paise >= 0)`,
  );

  await knex.schema.createTable('leads', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name');
    t.text('email');
    t.string('phone', 10).notNullable();
    t.specificType('tags', 'text[]').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('leads');
  await knex.schema.dropTable('creators');
}
