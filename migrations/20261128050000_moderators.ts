import type { Knex } from 'knex';

/**
 * Moderators: a creator's team for the Chat Loader, who never see amounts (api/src/modules/moderators).
 *
 * - `creator_moderators`: one invitation per creator and phone (10 digits) while it is pending or active; the
 *   invitee's account is set when they accept. A declined or removed row stays (the history), ended.
 * - `moderator_actions`: append-only log (no foreign keys, like operator_audit) of invites, acceptances,
 *   declines, removals and every moderator action on a chat or the show, with the actor's name kept in the row.
 * - `tips.status_by_name`: the moderator who last set the tip's status ("Pushed live by Ravi"); null when the
 *   creator did.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('creator_moderators', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('creator_id').notNullable().references('creators.user_id').onDelete('CASCADE');
    t.text('phone').notNullable();
    t.uuid('moderator_id').references('users.id').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('pending');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('accepted_at', { useTz: true });
    t.timestamp('ended_at', { useTz: true });
  });
  await knex.raw(`alter table creator_moderators add constraint creator_moderators_status check
    (status in ('pending','active','declined','removed'))`);
  await knex.raw(`alter table creator_moderators add constraint creator_moderators_accepted check
    (status <> 'active' or moderator_id is not null)`);
  await knex.raw(`create unique index creator_moderators_open_idx on creator_moderators (creator_id, phone)
    where status in ('pending','active')`);
  await knex.raw(
    `create index creator_moderators_phone_idx on creator_moderators (phone) where status = 'pending'`,
  );
  await knex.raw(`create index creator_moderators_moderator_idx on creator_moderators (moderator_id)
    where status = 'active'`);

  await knex.schema.createTable('moderator_actions', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('creator_id').notNullable();
    t.uuid('actor_id').notNullable();
    t.text('actor_name').notNullable();
    t.text('action').notNullable();
    t.text('target_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['creator_id', 'id']);
  });
  await knex.raw(`
    create function moderator_actions_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'moderator_actions is append-only';
    end $$`);
  await knex.raw(`create trigger moderator_actions_append_only before update or delete on moderator_actions
    for each row execute function moderator_actions_append_only()`);

  await knex.schema.alterTable('tips', (t) => {
    t.text('status_by_name');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tips', (t) => {
    t.dropColumn('status_by_name');
  });
  await knex.schema.dropTable('moderator_actions');
  await knex.raw('drop function moderator_actions_append_only()');
  await knex.schema.dropTable('creator_moderators');
}
