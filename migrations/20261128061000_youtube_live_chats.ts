import type { Knex } from 'knex';

/**
 * The YouTube live-chat follower's state per connected channel (one row per connection, gone with it):
 * - the broadcast it follows (id, title, live chat id) and `next_page_token`, saved only after the page's events
 *   were ingested, so a worker taking over (another instance, after a crash) resumes there;
 * - `state` (youtube_live_states: idle, following, quotaExhausted, revoked, ended, failing) and `poll_every_ms`,
 *   the spacing the quota budget gave its last poll;
 * - `quota_used_units` of the YouTube Data API spent for this channel on `quota_day`, the Pacific-time day
 *   Google's daily quota counts (it resets at midnight Pacific);
 * - `grant_at`: the connection's `created_at` the state belongs to (connecting again starts afresh).
 * `youtube_connection_events` also records the follower's states that block Super Chats.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('youtube_live_chats', (t) => {
    t.uuid('creator_id').primary().references('youtube_connections.creator_id').onDelete('CASCADE');
    t.text('channel_id').notNullable();
    t.timestamp('grant_at', { useTz: true }).notNullable();
    t.text('state').notNullable().defaultTo('idle');
    t.text('broadcast_id');
    t.text('broadcast_title');
    t.text('live_chat_id');
    t.text('next_page_token');
    t.integer('poll_every_ms').notNullable().defaultTo(0);
    t.date('quota_day').notNullable();
    t.integer('quota_used_units').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `alter table youtube_live_chats add constraint youtube_live_chats_state check (state in ('idle', 'following', 'quotaExhausted', 'revoked', 'ended', 'failing'))`,
  );
  await knex.raw('alter table youtube_connection_events drop constraint youtube_connection_events_event');
  await knex.raw(
    `alter table youtube_connection_events add constraint youtube_connection_events_event check (event in ('connected', 'disconnected', 'refused', 'settings', 'quota_exhausted', 'grant_revoked', 'failing'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('youtube_connection_events')
    .whereIn('event', ['quota_exhausted', 'grant_revoked', 'failing'])
    .delete();
  await knex.raw('alter table youtube_connection_events drop constraint youtube_connection_events_event');
  await knex.raw(
    `alter table youtube_connection_events add constraint youtube_connection_events_event check (event in ('connected', 'disconnected', 'refused', 'settings'))`,
  );
  await knex.schema.dropTable('youtube_live_chats');
}
