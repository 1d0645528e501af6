import type { Knex } from 'knex';

/**
 * Connect YouTube.
 * - `youtube_connections`: one channel per creator (and one creator per channel), its refresh token sealed with
 *   AES-256-GCM (YOUTUBE_TOKEN_KEY; the creator's id is the authenticated data), never in clear.
 * - `youtube_oauth_states`: a started sign-in: the SHA-256 of its `state` (CSRF, bound to the creator), the PKCE
 *   verifier (sealed like the token), used once, expiring after 10 minutes.
 * - `youtube_connection_events`: the creator's audit trail (connected, disconnected, refused), append-only.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('youtube_connections', (t) => {
    t.uuid('creator_id').primary().references('creators.user_id').onDelete('CASCADE');
    t.text('channel_id').notNullable().unique();
    t.text('channel_title').notNullable();
    t.binary('refresh_token_sealed').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('youtube_oauth_states', (t) => {
    t.binary('state_hash').primary();
    t.uuid('creator_id').notNullable().references('creators.user_id').onDelete('CASCADE');
    t.binary('code_verifier_sealed').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['creator_id']);
  });
  await knex.schema.createTable('youtube_connection_events', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('creator_id').notNullable().references('creators.user_id').onDelete('CASCADE');
    t.text('event').notNullable();
    t.text('channel_id');
    t.text('detail');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['creator_id', 'created_at']);
  });
  await knex.raw(
    `alter table youtube_connection_events add constraint youtube_connection_events_event check (event in ('connected', 'disconnected', 'refused'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('youtube_connection_events');
  await knex.schema.dropTable('youtube_oauth_states');
  await knex.schema.dropTable('youtube_connections');
}
