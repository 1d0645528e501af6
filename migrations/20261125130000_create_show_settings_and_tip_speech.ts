import type { Knex } from 'knex';

/** a creator's show settings (tiers, auto-advance, TTS) and the cached speech of tips pushed live. */
export async function up(knex: Knex): Promise<void> {
  // One row per creator that has saved show settings; no row means the defaults (shared/src/tiers.ts).
  await knex.schema.createTable('creator_show_settings', (t) => {
    t.uuid('creator_id').primary().references('creators.user_id').onDelete('CASCADE');
    t.jsonb('settings').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // Synthesised once per tip, shared by every API instance; served to overlays by key.
  await knex.schema.createTable('tip_speech', (t) => {
    t.uuid('tip_id').primary().references('tips.id').onDelete('CASCADE');
    t.text('mime').notNullable();
    t.binary('audio').notNullable();
    t.text('engine').notNullable();
    t.text('voice').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('tip_speech');
  await knex.schema.dropTable('creator_show_settings');
}
