import type { Knex } from 'knex';

/**
 * Account deletion (DPDP Act): a deleted user keeps their row, so the ledger, tips and payment references the
 * law requires stay whole, but loses their personal data: name "Deleted user", no phone (freed for a new
 * account), no picture, an unusable password, and `deleted_at` set.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('deleted_at', { useTz: true });
  });
  await knex.raw('alter table users alter column phone drop not null');
  await knex.raw(
    `alter table users add constraint users_deleted_has_no_phone check (deleted_at is null or phone is null)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table users drop constraint users_deleted_has_no_phone');
  await knex.raw(`delete from users where phone is null`);
  await knex.raw('alter table users alter column phone set not null');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('deleted_at');
  });
}
