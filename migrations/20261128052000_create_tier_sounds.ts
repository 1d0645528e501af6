import type { Knex } from 'knex';

/**
 * Tier sounds a creator uploaded (MP3 or OGG, checked by their bytes), served at `/api/tier-sounds/:id`, and their
 * audit trail. A row lives while one of the creator's tiers uses it: saving tiers without it, or deleting the
 * account, deletes it. The audit rows stay (ids, sizes and hashes only, no audio).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tier_sounds', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('creator_id').notNullable().references('creators.user_id').onDelete('CASCADE').index();
    t.text('content_type').notNullable();
    t.binary('bytes').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('tier_sound_audit', (t) => {
    t.bigIncrements('id');
    t.uuid('creator_id').notNullable().index();
    t.uuid('sound_id').notNullable();
    t.text('action').notNullable().checkIn(['uploaded', 'deleted']);
    t.integer('size_bytes').notNullable();
    t.text('sha256').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('tier_sound_audit');
  await knex.schema.dropTable('tier_sounds');
}
