import type { Knex } from 'knex';

/**
 * Creator payouts over Razorpay Route.
 *
 * - `linked_accounts`: one Route linked account per creator. Only what we need after Razorpay has the details:
 *   ids, status, clarification reasons, bank name and the LAST 4 digits (no PAN, no account number).
 * - `creator_earnings`: one balance row per creator, in paise. Every column is non-negative and the row obeys
 *   `earned = fees + pending + available + in_transit + paid + reversed − debt` (a CHECK, so it holds at every
 *   commit). `debt` is a reversal that could not be taken back from the creator; it is recovered from the next
 *   available earnings.
 * - `earnings`: one row per paid tip (tip less the platform fee), with its state.
 * - `earning_movements`: one row per movement; (kind, reference) is unique, so a movement can never apply twice.
 * - `payout_transfers`: a transfer is recorded here, with our own idempotency key, BEFORE the Razorpay call.
 * - `payout_reversals`: one per reversed earning (refund or lost dispute).
 * - `shabaash_move_earning`: the one way a balance changes (ledger row + conditional balance update).
 * - a trigger on `tips` credits the creator's earnings in the same transaction as the tip (wallet and guest).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('linked_accounts', (t) => {
    t.uuid('creator_id').primary().references('creators.user_id').onDelete('CASCADE');
    t.text('account_id').unique();
    t.text('stakeholder_id');
    t.text('product_id');
    t.text('status').notNullable().defaultTo('created');
    t.jsonb('clarification_reasons').notNullable().defaultTo('[]');
    t.text('legal_name').notNullable();
    t.text('bank_name').notNullable();
    t.string('account_last4', 4).notNullable();
    t.text('ifsc').notNullable();
    t.timestamp('activated_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table linked_accounts add constraint linked_accounts_status check
    (status in ('created','under_review','needs_clarification','activated','suspended'))`);
  await knex.raw(
    `alter table linked_accounts add constraint linked_accounts_last4 check (account_last4 ~ '^[0-9]{4}$')`,
  );

  await knex.schema.createTable('creator_earnings', (t) => {
    t.uuid('creator_id').primary().references('creators.user_id').onDelete('CASCADE');
    for (const c of ['earned', 'fees', 'pending', 'available', 'in_transit', 'paid', 'reversed', 'debt'])
      t.bigInteger(`${c}_paise`).notNullable().defaultTo(0);
    // The IST date of the last Starter daily batch (one per creator per day).
    t.date('last_batch_on');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table creator_earnings add constraint creator_earnings_nonneg check (
    earned_paise >= 0 and fees_paise >= 0 and pending_paise >= 0 and available_paise >= 0 and
    in_transit_paise >= 0 and paid_paise >= 0 and reversed_paise >= 0 and debt_paise >= 0)`);
  await knex.raw(`alter table creator_earnings add constraint creator_earnings_identity check (
    earned_paise = fees_paise + pending_paise + available_paise + in_transit_paise + paid_paise
                   + reversed_paise - debt_paise)`);

  await knex.schema.createTable('payout_transfers', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('creator_id').notNullable().references('creators.user_id').onDelete('CASCADE');
    t.text('idempotency_key').notNullable().unique();
    t.text('kind').notNullable(); // payment (from a captured guest payment) | direct (platform balance)
    t.text('source_payment_id');
    t.text('account_id').notNullable();
    t.bigInteger('amount_paise').notNullable();
    t.text('status').notNullable().defaultTo('created');
    t.text('razorpay_transfer_id').unique();
    t.text('recipient_settlement_id');
    t.text('utr');
    t.text('failure_reason');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('processed_at', { useTz: true });
    t.timestamp('settled_at', { useTz: true });
    t.index(['creator_id', 'created_at']);
    t.index(['status', 'updated_at']);
  });
  await knex.raw(`alter table payout_transfers add constraint payout_transfers_status check
    (status in ('created','in_transit','processed','failed'))`);
  await knex.raw(
    `alter table payout_transfers add constraint payout_transfers_kind check (kind in ('payment','direct'))`,
  );
  await knex.raw(
    `alter table payout_transfers add constraint payout_transfers_amount_pos check (amount_paise > 0)`,
  );

  await knex.schema.createTable('earnings', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('creator_id').notNullable().references('creators.user_id').onDelete('CASCADE');
    t.uuid('tip_id').notNullable().unique().references('tips.id').onDelete('CASCADE');
    t.text('source').notNullable();
    t.text('payment_id');
    t.bigInteger('gross_paise').notNullable();
    t.bigInteger('fee_paise').notNullable();
    t.bigInteger('net_paise').notNullable();
    t.text('state').notNullable().defaultTo('pending');
    t.uuid('transfer_id').references('payout_transfers.id');
    t.text('reversal_reason');
    // Razorpay's fee and tax on a guest tip's payment, as its payment.captured webhook reported them.
    t.bigInteger('gateway_fee_paise');
    t.bigInteger('gateway_tax_paise');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['creator_id', 'state', 'created_at']);
    t.index(['payment_id']);
    t.index(['transfer_id']);
  });
  await knex.raw(`alter table earnings add constraint earnings_state check
    (state in ('pending','available','in_transit','paid','reversed'))`);
  await knex.raw(`alter table earnings add constraint earnings_amounts check
    (net_paise >= 0 and fee_paise >= 0 and gross_paise = net_paise + fee_paise)`);

  await knex.schema.createTable('earning_movements', (t) => {
    t.bigIncrements('id');
    t.uuid('creator_id').notNullable().references('creators.user_id').onDelete('CASCADE');
    t.uuid('earning_id').references('earnings.id').onDelete('CASCADE');
    t.uuid('transfer_id').references('payout_transfers.id');
    t.text('kind').notNullable();
    t.text('from_state');
    t.text('to_state');
    t.bigInteger('amount_paise').notNullable();
    t.text('reference').notNullable();
    t.text('reason');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['kind', 'reference']);
    t.index(['creator_id', 'created_at']);
  });
  await knex.raw(
    `alter table earning_movements add constraint earning_movements_amount_pos check (amount_paise > 0)`,
  );

  await knex.schema.createTable('payout_reversals', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('creator_id').notNullable().references('creators.user_id').onDelete('CASCADE');
    t.uuid('earning_id').notNullable().unique().references('earnings.id').onDelete('CASCADE');
    t.uuid('transfer_id').references('payout_transfers.id');
    t.bigInteger('amount_paise').notNullable();
    t.text('reason').notNullable(); // refund | dispute_lost
    t.text('method').notNullable(); // balance | transfer_reversal | debt
    t.text('status').notNullable(); // done | requested | failed
    t.text('razorpay_reversal_id').unique();
    t.text('source_event_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.raw(`
    create or replace function shabaash_move_earning(
      p_creator_id uuid, p_kind text, p_from text, p_to text, p_amount_paise bigint,
      p_earning_id uuid, p_transfer_id uuid, p_reference text, p_reason text)
    returns boolean language plpgsql as $$
    declare
      a bigint := p_amount_paise;
    begin
      if a is null or a <= 0 then
        raise exception 'earning movement must be a positive integer of paise, got %', a;
      end if;
      insert into earning_movements (creator_id, earning_id, transfer_id, kind, from_state, to_state,
                                     amount_paise, reference, reason)
        values (p_creator_id, p_earning_id, p_transfer_id, p_kind, p_from, p_to, a, p_reference, p_reason)
        on conflict (kind, reference) do nothing;
      if not found then
        return false; -- this movement was applied before
      end if;
      -- 'debt' is a negative holding: moving money OUT of debt raises debt_paise, INTO it lowers it.
      -- The CHECKs refuse any column below zero, so a movement that would overdraw rolls back.
      update creator_earnings b set
        pending_paise = b.pending_paise + (case p_to when 'pending' then a else 0 end)
                                        - (case p_from when 'pending' then a else 0 end),
        available_paise = b.available_paise + (case p_to when 'available' then a else 0 end)
                                            - (case p_from when 'available' then a else 0 end),
        in_transit_paise = b.in_transit_paise + (case p_to when 'in_transit' then a else 0 end)
                                              - (case p_from when 'in_transit' then a else 0 end),
        paid_paise = b.paid_paise + (case p_to when 'paid' then a else 0 end)
                                  - (case p_from when 'paid' then a else 0 end),
        reversed_paise = b.reversed_paise + (case p_to when 'reversed' then a else 0 end)
                                          - (case p_from when 'reversed' then a else 0 end),
        debt_paise = b.debt_paise + (case p_from when 'debt' then a else 0 end)
                                  - (case p_to when 'debt' then a else 0 end),
        updated_at = now()
        where b.creator_id = p_creator_id;
      if not found then
        raise exception 'creator % has no earnings row', p_creator_id;
      end if;
      return true;
    end $$`);

  await knex.raw(`
    create or replace function shabaash_credit_earning() returns trigger language plpgsql as $$
    declare
      v_earning_id uuid;
    begin
      insert into creator_earnings (creator_id) values (new.creator_id) on conflict (creator_id) do nothing;
      insert into earnings (creator_id, tip_id, source, payment_id, gross_paise, fee_paise, net_paise, created_at)
        values (new.creator_id, new.id, new.source, new.payment_id, new.amount_paise, new.fee_paise,
                new.amount_paise - new.fee_paise, new.created_at)
        on conflict (tip_id) do nothing
        returning id into v_earning_id;
      if v_earning_id is null then
        return new;
      end if;
      -- A credit adds the gross to earned, the fee to fees and the rest to pending.
      update creator_earnings b set earned_paise = b.earned_paise + new.amount_paise,
                                    fees_paise = b.fees_paise + new.fee_paise,
                                    pending_paise = b.pending_paise + (new.amount_paise - new.fee_paise),
                                    updated_at = now()
        where b.creator_id = new.creator_id;
      insert into earning_movements (creator_id, earning_id, kind, from_state, to_state, amount_paise, reference)
        values (new.creator_id, v_earning_id, 'credit', null, 'pending', new.amount_paise, new.id::text);
      return new;
    end $$`);
  await knex.raw(`create trigger tips_credit_earning after insert on tips
    for each row execute function shabaash_credit_earning()`);

  // Tips paid before payouts existed are earnings too: credit them once, pending.
  await knex.raw(`
    insert into creator_earnings (creator_id) select distinct creator_id from tips on conflict do nothing`);
  await knex.raw(`
    insert into earnings (creator_id, tip_id, source, payment_id, gross_paise, fee_paise, net_paise, created_at)
      select creator_id, id, source, payment_id, amount_paise, fee_paise, amount_paise - fee_paise, created_at
      from tips on conflict (tip_id) do nothing`);
  await knex.raw(`
    insert into earning_movements (creator_id, earning_id, kind, from_state, to_state, amount_paise, reference)
      select creator_id, id, 'credit', null, 'pending', gross_paise, tip_id::text from earnings`);
  await knex.raw(`
    update creator_earnings b set earned_paise = s.gross, fees_paise = s.fee, pending_paise = s.net
      from (select creator_id, sum(gross_paise) gross, sum(fee_paise) fee, sum(net_paise) net
            from earnings group by creator_id) s
      where s.creator_id = b.creator_id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists tips_credit_earning on tips');
  await knex.raw('drop function if exists shabaash_credit_earning()');
  await knex.raw(
    'drop function if exists shabaash_move_earning(uuid, text, text, text, bigint, uuid, uuid, text, text)',
  );
  await knex.schema.dropTable('payout_reversals');
  await knex.schema.dropTable('earning_movements');
  await knex.schema.dropTable('earnings');
  await knex.schema.dropTable('payout_transfers');
  await knex.schema.dropTable('creator_earnings');
  await knex.schema.dropTable('linked_accounts');
}
