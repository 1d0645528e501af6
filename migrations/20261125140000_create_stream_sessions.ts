import type { Knex } from 'knex';

/** stream sessions framed in the Chat Loader, and a creator's widget settings (goal, QR, supporters). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('stream_sessions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('creator_id').notNullable().references('creators.user_id').onDelete('CASCADE');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    t.timestamp('ended_at', { useTz: true });
    t.index(['creator_id', 'started_at']);
  });
  // At most one live session per creator: two "Start stream" at once make one session.
  await knex.raw(
    `create unique index stream_sessions_one_live on stream_sessions (creator_id) where ended_at is null`,
  );
  await knex.raw(
    `alter table stream_sessions add constraint stream_sessions_order check (ended_at is null or ended_at >= started_at)`,
  );
  // One row per creator that has saved widget settings; no row means the defaults (shared/src/widgets.ts).
  await knex.schema.createTable('creator_widget_settings', (t) => {
    t.uuid('creator_id').primary().references('creators.user_id').onDelete('CASCADE');
    t.jsonb('settings').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('creator_widget_settings');
  await knex.schema.dropTable('stream_sessions');
}
