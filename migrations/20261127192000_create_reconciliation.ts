import type { Knex } from 'knex';

/**
 * The daily reconciliation of the ledger against Razorpay: one row per run of a day (what was compared, how many
 * differences), and one row per difference with both sides' records. A difference stays open until a run of its
 * day no longer finds it (resolved automatically, `resolved_by` null) or an operator marks it resolved with a
 * note. At most one open row per (day, entity, id, kind), so re-running a day never duplicates one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reconciliation_runs', (t) => {
    t.bigIncrements('id').primary();
    t.date('day').notNullable();
    t.text('trigger').notNullable(); // job | operator | command
    t.uuid('operator_id');
    t.text('status').notNullable().defaultTo('running'); // running | done | failed
    t.jsonb('compared').notNullable().defaultTo('{}'); // entities compared per kind
    t.integer('found').notNullable().defaultTo(0);
    t.integer('resolved').notNullable().defaultTo(0);
    t.text('error');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.index(['day', 'started_at']);
  });
  await knex.raw(`alter table reconciliation_runs add constraint reconciliation_runs_trigger
    check (trigger in ('job','operator','command'))`);
  await knex.raw(`alter table reconciliation_runs add constraint reconciliation_runs_status
    check (status in ('running','done','failed'))`);

  await knex.schema.createTable('reconciliation_differences', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.date('day').notNullable();
    t.text('kind').notNullable();
    t.text('entity').notNullable(); // payment | refund | transfer | settlement
    t.text('entity_id').notNullable();
    t.jsonb('ledger'); // our record (null when missing in the ledger)
    t.jsonb('razorpay'); // Razorpay's record (null when missing at Razorpay)
    t.timestamp('first_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.bigInteger('last_run_id').notNullable().references('reconciliation_runs.id');
    t.timestamp('resolved_at', { useTz: true });
    t.uuid('resolved_by'); // the operator; null when a later run no longer found it
    t.text('resolution_note');
    t.index(['day']);
  });
  await knex.raw(`alter table reconciliation_differences add constraint reconciliation_differences_kind
    check (kind in ('missing_in_ledger','missing_at_razorpay','amount_mismatch','status_mismatch'))`);
  await knex.raw(`alter table reconciliation_differences add constraint reconciliation_differences_entity
    check (entity in ('payment','refund','transfer','settlement'))`);
  await knex.raw(`create unique index reconciliation_differences_open
    on reconciliation_differences (day, entity, entity_id, kind) where resolved_at is null`);
  await knex.raw(`create index reconciliation_differences_unresolved
    on reconciliation_differences (first_seen_at) where resolved_at is null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('reconciliation_differences');
  await knex.schema.dropTable('reconciliation_runs');
}
