import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pgcrypto');
  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.string('phone', 10).notNullable().unique();
    t.text('password_hash').notNullable();
    t.text('role').notNullable().defaultTo('viewer');
    t.text('profile_pic');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table users add constraint users_role_check check (role in ('viewer','creator'))`);
  await knex.raw(`alter table users add constraint users_phone_digits check (phone ~ '^[0-9]{10}$')`);

  await knex.schema.createTable('sessions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.index(['user_id']);
  });

  // Fixed-window counters shared by every API instance (login, OTP-backed routes).
  await knex.schema.createTable('rate_limits', (t) => {
    t.text('key').notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.primary(['key', 'window_start']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limits');
  await knex.schema.dropTable('sessions');
  await knex.schema.dropTable('users');
}
