import type { Knex } from 'knex';

/**
 * Per-space version counters (`creator:<id>`, `wallet:<userId>`). Each change bumps its space's row inside
 * the writing transaction, so versions commit in order and "everything since N" never skips a row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sync_spaces', (t) => {
    t.text('space').primary();
    t.bigInteger('version').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sync_spaces');
}
