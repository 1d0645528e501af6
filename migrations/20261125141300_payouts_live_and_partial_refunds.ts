import type { Knex } from 'knex';

/**
 * Creator payouts, second step:
 *
 * - **Live updates.** Every payout change bumps the version of the creator's payouts space
 *   (`payouts:<creatorId>` in `sync_spaces`) in its own transaction: a BEFORE trigger on `creator_earnings` bumps it
 *   on every write of the balance row, and changes that do not move money (a transfer's Razorpay id or UTR, a
 *   reversal's outcome, the linked account's status) touch that row. The space row is always locked AFTER the
 *   balance row, and the balance row after everything else a payout or tip transaction locks, so no lock cycle
 *   (a tip locks the creator's chat space, then the balance row, then the payouts space).
 * - **Outgoing webhook `payout.updated`.** Each earning movement (one per ledger row), each settlement (UTR) and
 *   each onboarding status writes the event and one delivery per enabled endpoint subscribed to it, in the same
 *   transaction (nothing is written for a creator with no such endpoint). The event id is derived from what
 *   happened, so a movement that is applied once is announced once.
 * - **Partial refunds.** `earnings.withheld_paise` is the part of an earning's net reversed while it was still
 *   pending or available (it is never sent); `payout_reversals` may hold several reversals of one earning, one
 *   per refund (`reference` = the refund id; 'dispute' for a lost dispute; 'full' for rows before this migration).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function shabaash_bump_payouts_space() returns trigger language plpgsql as $$
    begin
      perform shabaash_bump_space('payouts:' || new.creator_id::text);
      return new;
    end $$`);
  // Before an update (the row is locked by then) and after an insert (a skipped ON CONFLICT DO NOTHING row fires
  // no AFTER trigger, so the space is never locked before the balance row).
  await knex.raw(`create trigger creator_earnings_bump_payouts before update on creator_earnings
    for each row execute function shabaash_bump_payouts_space()`);
  await knex.raw(`create trigger creator_earnings_created_payouts after insert on creator_earnings
    for each row execute function shabaash_bump_payouts_space()`);

  await knex.raw(`
    create or replace function shabaash_touch_payouts(p_creator_id uuid) returns void language sql as $$
      insert into creator_earnings as b (creator_id) values (p_creator_id)
        on conflict (creator_id) do update set updated_at = now()
    $$`);

  await knex.raw(`
    create or replace function shabaash_emit_payout_event(p_creator_id uuid, p_id text, p_data jsonb)
    returns void language plpgsql as $$
    begin
      if not exists (select 1 from outgoing_webhook_endpoints p where p.creator_id = p_creator_id and p.enabled
                       and 'payout.updated' = any(p.events)) then
        return;
      end if;
      insert into outgoing_webhook_events (id, creator_id, event, data)
        values (p_id, p_creator_id, 'payout.updated', p_data) on conflict (id) do nothing;
      insert into outgoing_webhook_deliveries (event_id, endpoint_id)
        select p_id, p.id from outgoing_webhook_endpoints p
         where p.creator_id = p_creator_id and p.enabled and 'payout.updated' = any(p.events)
        on conflict (event_id, endpoint_id) do nothing;
    end $$`);

  // The event's data: what changed, in the shape of shared/src/webhooks.ts#payoutUpdatedDataSchema.
  await knex.raw(`
    create or replace function shabaash_payout_event_data(
      p_change text, p_kind text, p_amount bigint, p_from text, p_to text, p_earning uuid, p_transfer uuid,
      p_utr text, p_status text, p_reason text) returns jsonb language sql immutable as $$
      select jsonb_build_object('change', p_change, 'kind', p_kind, 'amountPaise', p_amount, 'from', p_from,
        'to', p_to, 'earningId', p_earning, 'transferId', p_transfer, 'utr', p_utr, 'status', p_status,
        'reason', p_reason)
    $$`);

  await knex.raw(`
    create or replace function shabaash_movement_event() returns trigger language plpgsql as $$
    begin
      perform shabaash_emit_payout_event(new.creator_id,
        'evt_' || md5('payout.updated:movement:' || new.id::text),
        shabaash_payout_event_data('earning', new.kind, new.amount_paise, new.from_state, new.to_state,
                                   new.earning_id, new.transfer_id, null, null, new.reason));
      return new;
    end $$`);
  await knex.raw(`create trigger earning_movements_event after insert on earning_movements
    for each row execute function shabaash_movement_event()`);

  await knex.raw(`
    create or replace function shabaash_transfer_changed() returns trigger language plpgsql as $$
    begin
      perform shabaash_touch_payouts(new.creator_id);
      if new.utr is not null and new.utr is distinct from old.utr then
        perform shabaash_emit_payout_event(new.creator_id,
          'evt_' || md5('payout.updated:settlement:' || new.id::text || ':' || new.utr),
          shabaash_payout_event_data('settlement', 'settled', new.amount_paise, null, null, null, new.id,
                                     new.utr, new.status, null));
      end if;
      return new;
    end $$`);
  await knex.raw(`create trigger payout_transfers_changed after update on payout_transfers for each row
    when (old.status is distinct from new.status or old.utr is distinct from new.utr
          or old.razorpay_transfer_id is distinct from new.razorpay_transfer_id
          or old.failure_reason is distinct from new.failure_reason)
    execute function shabaash_transfer_changed()`);

  await knex.raw(`
    create or replace function shabaash_reversal_changed() returns trigger language plpgsql as $$
    begin
      perform shabaash_touch_payouts(new.creator_id);
      return new;
    end $$`);
  await knex.raw(`create trigger payout_reversals_changed after update on payout_reversals for each row
    when (old.status is distinct from new.status or old.method is distinct from new.method)
    execute function shabaash_reversal_changed()`);

  await knex.raw(`
    create or replace function shabaash_linked_account_changed() returns trigger language plpgsql as $$
    begin
      perform shabaash_touch_payouts(new.creator_id);
      if tg_op = 'INSERT' or new.status is distinct from old.status then
        perform shabaash_emit_payout_event(new.creator_id,
          'evt_' || md5('payout.updated:onboarding:' || new.creator_id::text || ':' || new.status || ':'
                        || clock_timestamp()::text),
          shabaash_payout_event_data('onboarding', new.status, null, null, null, null, null, null, new.status,
                                     null));
      end if;
      return new;
    end $$`);
  await knex.raw(`create trigger linked_accounts_changed after insert or update on linked_accounts
    for each row execute function shabaash_linked_account_changed()`);

  await knex.schema.alterTable('earnings', (t) => {
    t.bigInteger('withheld_paise').notNullable().defaultTo(0);
  });
  await knex.raw(`alter table earnings add constraint earnings_withheld check
    (withheld_paise >= 0 and withheld_paise <= net_paise)`);
  await knex.schema.alterTable('payout_reversals', (t) => {
    t.text('reference').notNullable().defaultTo('full');
    t.bigInteger('refund_paise');
  });
  await knex.raw('alter table payout_reversals drop constraint payout_reversals_earning_id_unique');
  await knex.raw('alter table payout_reversals alter column reference drop default');
  await knex.schema.alterTable('payout_reversals', (t) => {
    t.unique(['earning_id', 'reference']);
  });
  await knex.raw(
    `alter table payout_reversals add constraint payout_reversals_amount_pos check (amount_paise > 0)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table payout_reversals drop constraint payout_reversals_amount_pos');
  await knex.schema.alterTable('payout_reversals', (t) => {
    t.dropUnique(['earning_id', 'reference']);
    t.dropColumn('reference');
    t.dropColumn('refund_paise');
  });
  await knex.raw(
    'alter table payout_reversals add constraint payout_reversals_earning_id_unique unique (earning_id)',
  );
  await knex.raw('alter table earnings drop constraint earnings_withheld');
  await knex.schema.alterTable('earnings', (t) => t.dropColumn('withheld_paise'));
  await knex.raw('drop trigger if exists linked_accounts_changed on linked_accounts');
  await knex.raw('drop trigger if exists payout_reversals_changed on payout_reversals');
  await knex.raw('drop trigger if exists payout_transfers_changed on payout_transfers');
  await knex.raw('drop trigger if exists earning_movements_event on earning_movements');
  await knex.raw('drop trigger if exists creator_earnings_created_payouts on creator_earnings');
  await knex.raw('drop trigger if exists creator_earnings_bump_payouts on creator_earnings');
  for (const fn of [
    'shabaash_linked_account_changed()',
    'shabaash_reversal_changed()',
    'shabaash_transfer_changed()',
    'shabaash_movement_event()',
    'shabaash_payout_event_data(text, text, bigint, text, text, uuid, uuid, text, text, text)',
    'shabaash_emit_payout_event(uuid, text, jsonb)',
    'shabaash_touch_payouts(uuid)',
    'shabaash_bump_payouts_space()',
  ])
    await knex.raw(`drop function if exists ${fn}`);
}
