import type { Knex } from 'knex';

/**
 * `created_version`: the version of the change that created a tip. A reader that has seen up to version N
 * tells "new to you" (`tip:new`) from "changed" (`tip:status`) by `created_version > N`. A trigger fills it
 * from `version` on insert, so no insert path can forget it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tips', (t) => {
    t.bigInteger('created_version');
  });
  await knex.raw(`update tips set created_version = version where created_version is null`);
  await knex.raw(`
    create or replace function tips_set_created_version() returns trigger language plpgsql as $$
    begin
      if new.created_version is null then
        new.created_version := new.version;
      end if;
      return new;
    end $$`);
  await knex.raw(`
    create trigger tips_created_version before insert on tips
    for each row execute function tips_set_created_version()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop trigger if exists tips_created_version on tips`);
  await knex.raw(`drop function if exists tips_set_created_version()`);
  await knex.schema.alterTable('tips', (t) => {
    t.dropColumn('created_version');
  });
}
