import type { Knex } from 'knex';

/**
 * Age and parental consent (DPDP Rules: verifiable consent of a parent before a child's data is processed):
 * - `users.date_of_birth`: asked at sign-up (and once from existing accounts before their next payment); the one
 *   fact kept to know whether a viewer is a minor and on which day they stop being one.
 * - `parental_consents`: one row per minor, the parent's phone as a keyed hash (HMAC under PHONE_HASH_SECRET) and
 *   masked for display, the hash of the link the minor shares with the parent, the hash of the withdrawal link the
 *   parent receives, and when consent was asked, given and withdrawn. Erased with the account.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.date('date_of_birth');
  });
  await knex.schema.createTable('parental_consents', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('parent_phone_hash').notNullable();
    t.text('parent_phone_masked').notNullable();
    t.text('link_token_hash').notNullable().unique();
    t.text('withdraw_token_hash').unique();
    t.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('given_at', { useTz: true });
    t.timestamp('withdrawn_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('parental_consents');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('date_of_birth');
  });
}
