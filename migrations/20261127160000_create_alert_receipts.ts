import type { Knex } from 'knex';

/**
 * Alert receipts: the overlay acknowledges each alert it put on screen, and a creator can pause alerts.
 * - `tips.aired_at`, `aired_sound`: the first receipt (when, and whether its sound played: played, no_sound,
 *   failed); `aired_version` is the version the receipt took, so readers tell a receipt from other changes.
 * - `tips.live_version`: the version that put the tip live, so a reader that missed it still derives `tip.live`
 *   (same id) from a row whose latest change is the receipt.
 * - `tips.reshown_at`: an unaired live alert re-sent to an overlay that came back (claimed once, never twice).
 * - `tips.held`: pushed live while the creator's alerts were paused; overlays do not get it until Resume.
 * - `creator_alerts`: the paused flag (no row = playing).
 * A trigger marks `held` and `live_version` on every path that puts a tip live (moderation, auto-live wallet and guest tips), and
 * only for live rows (`when`), so unread tips pay nothing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tips', (t) => {
    t.timestamp('aired_at', { useTz: true });
    t.text('aired_sound');
    t.bigInteger('aired_version');
    t.bigInteger('live_version');
    t.timestamp('reshown_at', { useTz: true });
    t.boolean('held').notNullable().defaultTo(false);
  });
  await knex.raw(
    `alter table tips add constraint tips_aired_sound check (aired_sound in ('played', 'no_sound', 'failed'))`,
  );
  await knex.schema.createTable('creator_alerts', (t) => {
    t.uuid('creator_id').primary().references('creators.user_id').onDelete('CASCADE');
    t.boolean('paused').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`
    create or replace function tips_hold_when_paused() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' or old.status is distinct from 'read' then
        new.held := exists (select 1 from creator_alerts where creator_id = new.creator_id and paused);
        new.live_version := new.version;
      end if;
      return new;
    end $$`);
  await knex.raw(`
    create trigger tips_hold_when_paused before insert or update of status on tips
    for each row when (new.status = 'read') execute function tips_hold_when_paused()`);
  // Unaired live tips of a creator, for the re-show on an overlay's return.
  await knex.raw(
    `create index tips_unaired_live on tips (creator_id, version) where status = 'read' and aired_at is null and deleted_at is null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop trigger if exists tips_hold_when_paused on tips`);
  await knex.raw(`drop function if exists tips_hold_when_paused()`);
  await knex.raw(`drop index if exists tips_unaired_live`);
  await knex.schema.dropTable('creator_alerts');
  await knex.raw(`alter table tips drop constraint if exists tips_aired_sound`);
  await knex.schema.alterTable('tips', (t) => {
    t.dropColumn('aired_at');
    t.dropColumn('aired_sound');
    t.dropColumn('aired_version');
    t.dropColumn('live_version');
    t.dropColumn('reshown_at');
    t.dropColumn('held');
  });
}
