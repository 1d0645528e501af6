import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // A creator's outgoing webhook endpoints. The secret signs deliveries (HMAC-SHA256), so it is kept readable.
  await knex.schema.createTable('outgoing_webhook_endpoints', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('creator_id').notNullable().references('creators.user_id').onDelete('CASCADE');
    t.text('url').notNullable();
    t.text('secret').notNullable();
    t.specificType('events', 'text[]').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.text('disabled_reason');
    t.integer('consecutive_failures').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['creator_id']);
  });

  // How far the outbox has read each creator's chat space: events are derived from committed versions, and the
  // cursor moves in the same transaction that writes the events, so a crash neither loses nor repeats one.
  await knex.schema.createTable('outgoing_webhook_cursors', (t) => {
    t.uuid('creator_id').primary().references('creators.user_id').onDelete('CASCADE');
    t.bigInteger('version').notNullable();
  });

  // The outbox: one row per event; the id is derived from what happened, so deriving it twice is a no-op.
  await knex.schema.createTable('outgoing_webhook_events', (t) => {
    t.text('id').primary();
    t.uuid('creator_id').notNullable().references('creators.user_id').onDelete('CASCADE');
    t.text('event').notNullable();
    t.jsonb('data').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // One delivery per (event, endpoint): retried with backoff for 24 h, its last status code kept for the log.
  await knex.schema.createTable('outgoing_webhook_deliveries', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('event_id').notNullable().references('outgoing_webhook_events.id').onDelete('CASCADE');
    t.uuid('endpoint_id').notNullable().references('outgoing_webhook_endpoints.id').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('last_status_code');
    t.text('last_error');
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('locked_until', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('delivered_at', { useTz: true });
    t.unique(['event_id', 'endpoint_id']);
    t.index(['endpoint_id', 'created_at']);
  });
  await knex.raw(
    `alter table outgoing_webhook_deliveries add constraint outgoing_outgoing_webhook_deliveries_status check (status in ('pending','delivered','failed'))`,
  );
  await knex.raw(
    `create index outgoing_outgoing_webhook_deliveries_due on outgoing_webhook_deliveries (next_attempt_at) where status = 'pending'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('outgoing_webhook_deliveries');
  await knex.schema.dropTable('outgoing_webhook_events');
  await knex.schema.dropTable('outgoing_webhook_cursors');
  await knex.schema.dropTable('outgoing_webhook_endpoints');
}
