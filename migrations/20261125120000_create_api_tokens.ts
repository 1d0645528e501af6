import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Creator API tokens: only the SHA-256 of the secret is stored; revoking deletes the row, and every request
  // reads the row, so a revoked token is refused on every instance at once.
  await knex.schema.createTable('api_tokens', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('creator_id').notNullable().references('creators.user_id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.specificType('scopes', 'text[]').notNullable();
    t.text('prefix').notNullable();
    t.binary('token_hash').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true });
    t.index(['creator_id', 'created_at']);
  });
  await knex.raw(
    `alter table api_tokens add constraint api_tokens_scopes check (cardinality(scopes) > 0 and scopes <@ array['tips:read','tips:moderate','events:subscribe','payouts:read'])`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('api_tokens');
}
