import type { Knex } from 'knex';

/**
 * Read paths of the viewer dashboard and the overlay: a creator's pushed-live tips (by creation or by update
 * time) and a viewer's own tips to one creator, without scanning a creator's queue of unread tips.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index tips_live_by_created on tips (creator_id, created_at desc, id desc)
                  where status = 'read' and deleted_at is null`);
  await knex.raw(`create index tips_live_by_updated on tips (creator_id, updated_at desc, created_at desc)
                  where status = 'read' and deleted_at is null`);
  await knex.raw(`create index tips_sender_creator on tips (sender_id, creator_id, created_at desc, id desc)
                  where deleted_at is null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists tips_sender_creator');
  await knex.raw('drop index if exists tips_live_by_updated');
  await knex.raw('drop index if exists tips_live_by_created');
}
