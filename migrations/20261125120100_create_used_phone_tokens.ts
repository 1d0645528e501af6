import type { Knex } from 'knex';

/**
 * Firebase phone tokens already spent on a password reset (SHA-256 of the token), so one OTP resets a
 * password once even within the token's hour of validity. Rows older than two days are pruned.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('used_phone_tokens', (t) => {
    t.text('token_hash').primary();
    t.timestamp('used_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('used_phone_tokens');
}
