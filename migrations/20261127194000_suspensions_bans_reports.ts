import type { Knex } from 'knex';

/**
 * What operators restrict people with, and what people report to them:
 * - `creators.suspended_at` / `suspension_reason`: a suspended creator takes no tips or guest orders, their
 *   overlay and widgets go dark, and the payouts job skips them. `shabaash_send_wallet_tips` refuses a suspended
 *   creator inside its one statement (SH423), so a stale per-instance tip context cannot let a tip through.
 * - `users.banned_at` / `ban_reason`: a banned viewer's sessions are revoked and sign-in is refused.
 *   `banned_payer_key` is the guest-payer key of their phone (payments/guestPayers.ts, a keyed hash), so a guest
 *   payment whose contact is that phone is refused and refunded at capture.
 * - `reports`: a tip, a creator or a viewer reported from the PWA, queued for operators until closed.
 * - `leads.contacted_at` / `contacted_by`: an operator called the lead back.
 */
const DELETED_CHECK = `when c.deleted_at is not null then 'SH410'`;
const SUSPENDED_CHECK = `${DELETED_CHECK}
                        when c.suspended_at is not null then 'SH423'`;

async function sendWalletTipsDefinition(knex: Knex): Promise<string> {
  const result = await knex.raw<{ rows: Array<{ def: string }> }>(
    `select pg_get_functiondef('shabaash_send_wallet_tips'::regproc) as def`,
  );
  const def = result.rows[0]?.def ?? '';
  if (def.split(DELETED_CHECK).length !== 2)
    throw new Error('shabaash_send_wallet_tips changed: update this migration');
  return def;
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('creators', (t) => {
    t.timestamp('suspended_at', { useTz: true });
    t.text('suspension_reason');
  });
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('banned_at', { useTz: true });
    t.text('ban_reason');
    t.text('banned_payer_key');
    t.index(['banned_payer_key']);
  });
  await knex.schema.alterTable('leads', (t) => {
    t.timestamp('contacted_at', { useTz: true });
    t.uuid('contacted_by');
  });
  await knex.schema.createTable('reports', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('reporter_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('target_kind').notNullable();
    t.uuid('tip_id').references('tips.id').onDelete('SET NULL');
    t.uuid('target_user_id').references('users.id').onDelete('SET NULL');
    t.text('reason').notNullable();
    t.text('details').notNullable().defaultTo('');
    t.text('status').notNullable().defaultTo('open');
    t.text('resolution');
    t.uuid('closed_by');
    t.timestamp('closed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['status', 'created_at']);
  });
  await knex.raw(
    `alter table reports add constraint reports_target_kind check (target_kind in ('tip','creator','viewer'))`,
  );
  await knex.raw(`alter table reports add constraint reports_status check (status in ('open','closed'))`);
  const def = await sendWalletTipsDefinition(knex);
  await knex.raw(def.replace(DELETED_CHECK, SUSPENDED_CHECK));
}

export async function down(knex: Knex): Promise<void> {
  const def = await knex.raw<{ rows: Array<{ def: string }> }>(
    `select pg_get_functiondef('shabaash_send_wallet_tips'::regproc) as def`,
  );
  await knex.raw((def.rows[0]?.def ?? '').replace(SUSPENDED_CHECK, DELETED_CHECK));
  await knex.schema.dropTable('reports');
  await knex.schema.alterTable('leads', (t) => {
    t.dropColumn('contacted_at');
    t.dropColumn('contacted_by');
  });
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('banned_at');
    t.dropColumn('ban_reason');
    t.dropColumn('banned_payer_key');
  });
  await knex.schema.alterTable('creators', (t) => {
    t.dropColumn('suspended_at');
    t.dropColumn('suspension_reason');
  });
}
