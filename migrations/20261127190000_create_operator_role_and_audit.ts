import type { Knex } from 'knex';

/**
 * The operator role (made only by `npm run operator:add`) and the operators' audit log: one append-only row per
 * operator action (who, what, which record, before and after, why). The log refuses UPDATE and DELETE, so a row
 * once written stays as written; an operator removed later keeps their rows (operator_id is not a foreign key).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table users drop constraint users_role_check`);
  await knex.raw(
    `alter table users add constraint users_role_check check (role in ('viewer','creator','operator'))`,
  );
  await knex.schema.createTable('operator_audit', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('operator_id').notNullable();
    t.text('operator_name').notNullable();
    t.text('action').notNullable();
    t.text('target_kind').notNullable();
    t.text('target_id').notNullable();
    t.jsonb('before');
    t.jsonb('after');
    t.text('reason');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['target_kind', 'target_id']);
    t.index(['created_at']);
  });
  await knex.raw(`
    create function operator_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'operator_audit is append-only';
    end $$;
    create trigger operator_audit_append_only before update or delete on operator_audit
      for each row execute function operator_audit_append_only();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('operator_audit');
  await knex.raw(`drop function operator_audit_append_only()`);
  await knex('users').where({ role: 'operator' }).delete();
  await knex.raw(`alter table users drop constraint users_role_check`);
  await knex.raw(`alter table users add constraint users_role_check check (role in ('viewer','creator'))`);
}
