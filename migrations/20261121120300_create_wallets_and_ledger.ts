import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('wallets', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.bigInteger('balance_paise').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // The database, not only the code, refuses a negative balance.
  await knex.raw(`alter table wallets add constraint wallets_balance_nonneg check (balance_paise >= 0)`);

  await knex.schema.createTable('wallet_transactions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('type').notNullable();
    t.text('kind').notNullable();
    t.bigInteger('amount_paise').notNullable();
    t.text('description').notNullable();
    // A payment id, tip id or similar; unique per kind so a credit can never be applied twice.
    t.text('reference');
    t.bigInteger('version').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'version']);
  });
  await knex.raw(
    `alter table wallet_transactions add constraint wallet_tx_type check (type in ('credit','debit'))`,
  );
  await knex.raw(
    `alter table wallet_transactions add constraint wallet_tx_kind check (kind in ('welcome_bonus','top_up','tip','cashback','refund'))`,
  );
  await knex.raw(
    `alter table wallet_transactions add constraint wallet_tx_amount_pos check (amount_paise > 0)`,
  );
  await knex.raw(
    `create unique index wallet_tx_kind_reference_unique on wallet_transactions (kind, reference) where reference is not null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('wallet_transactions');
  await knex.schema.dropTable('wallets');
}
