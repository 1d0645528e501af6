import type { Knex } from 'knex';

/**
 * Section 194-O TDS on creator payouts (api/src/modules/payouts/tds.ts; docs/OPERATIONS.md).
 *
 * - `creator_earnings.tds_paise`: the TDS withheld from the creator's payouts, its own holding (never inside
 *   `fees_paise`). The identity becomes earned = fees + pending + available + in_transit + paid + reversed + tds
 *   − debt; `shabaash_move_earning` moves money into and out of `tds` like any other holding.
 * - `tds_deductions`: one row per payout transfer (its deduction, negative when it gave an earlier excess back)
 *   and one per reversal that gave part of the year's deduction back; unique per transfer and per reversal, so a
 *   retried claim, a resend or a reconciliation never deducts twice. A failed transfer's row stops counting (its
 *   deduction returns to the creator with its earnings).
 * - `payout_reversals.tds_paise`: the part of a reversal's net share that came back out of the TDS holding, not
 *   from the creator (what Razorpay reverses or the creator owes is the rest).
 * - `payout_tax_ids`: the creator's PAN, the one place it is kept, read only by the Form 26Q / 16A export; it
 *   goes with the payout account's tax record (a cascade from linked_accounts, purged after 8 financial years).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('creator_earnings', (t) => {
    t.bigInteger('tds_paise').notNullable().defaultTo(0);
  });
  await knex.raw('alter table creator_earnings drop constraint creator_earnings_nonneg');
  await knex.raw('alter table creator_earnings drop constraint creator_earnings_identity');
  await knex.raw(`alter table creator_earnings add constraint creator_earnings_nonneg check (
    earned_paise >= 0 and fees_paise >= 0 and pending_paise >= 0 and available_paise >= 0 and
    in_transit_paise >= 0 and paid_paise >= 0 and reversed_paise >= 0 and tds_paise >= 0 and debt_paise >= 0)`);
  await knex.raw(`alter table creator_earnings add constraint creator_earnings_identity check (
    earned_paise = fees_paise + pending_paise + available_paise + in_transit_paise + paid_paise
                   + reversed_paise + tds_paise - debt_paise)`);
  await moveEarningFunction(knex, true);

  await knex.schema.alterTable('payout_reversals', (t) => {
    t.bigInteger('tds_paise').notNullable().defaultTo(0);
  });
  await knex.raw(`alter table payout_reversals add constraint payout_reversals_tds check
    (tds_paise >= 0 and tds_paise <= amount_paise)`);

  await knex.schema.createTable('tds_deductions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('creator_id').notNullable().references('creators.user_id').onDelete('CASCADE');
    t.uuid('transfer_id').unique().references('payout_transfers.id');
    t.uuid('reversal_id').unique().references('payout_reversals.id');
    // The financial year's starting calendar year (2026: 1 April 2026–31 March 2027, IST).
    t.integer('financial_year').notNullable();
    // Gross paid or credited by this payout (a reversal: minus the gross it took back).
    t.bigInteger('gross_paise').notNullable();
    // Deducted (a reversal or an adjusting payout: negative, given back).
    t.bigInteger('tds_paise').notNullable();
    t.integer('rate_basis_points').notNullable();
    t.text('pan_kind').notNullable();
    t.bigInteger('year_gross_paise').notNullable();
    t.bigInteger('year_tds_paise').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['creator_id', 'financial_year']);
    t.index(['created_at']);
  });
  await knex.raw(`alter table tds_deductions add constraint tds_deductions_source check
    ((transfer_id is null) <> (reversal_id is null))`);
  await knex.raw(`alter table tds_deductions add constraint tds_deductions_pan_kind check
    (pan_kind in ('individual','other','none'))`);

  await knex.schema.createTable('payout_tax_ids', (t) => {
    t.uuid('creator_id').primary().references('linked_accounts.creator_id').onDelete('CASCADE');
    t.text('pan').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table payout_tax_ids add constraint payout_tax_ids_pan check
    (pan ~ '^[A-Z]{5}[0-9]{4}[A-Z]$')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('payout_tax_ids');
  await knex.schema.dropTable('tds_deductions');
  await knex.raw('alter table payout_reversals drop constraint payout_reversals_tds');
  await knex.schema.alterTable('payout_reversals', (t) => {
    t.dropColumn('tds_paise');
  });
  await moveEarningFunction(knex, false);
  await knex.raw('alter table creator_earnings drop constraint creator_earnings_nonneg');
  await knex.raw('alter table creator_earnings drop constraint creator_earnings_identity');
  await knex.raw(`alter table creator_earnings add constraint creator_earnings_nonneg check (
    earned_paise >= 0 and fees_paise >= 0 and pending_paise >= 0 and available_paise >= 0 and
    in_transit_paise >= 0 and paid_paise >= 0 and reversed_paise >= 0 and debt_paise >= 0)`);
  await knex.raw(`alter table creator_earnings add constraint creator_earnings_identity check (
    earned_paise = fees_paise + pending_paise + available_paise + in_transit_paise + paid_paise
                   + reversed_paise - debt_paise)`);
  await knex.schema.alterTable('creator_earnings', (t) => {
    t.dropColumn('tds_paise');
  });
}

/** `shabaash_move_earning` with (or, going down, without) the `tds` holding. */
async function moveEarningFunction(knex: Knex, withTds: boolean): Promise<void> {
  const tds = withTds
    ? `tds_paise = b.tds_paise + (case p_to when 'tds' then a else 0 end)
                                - (case p_from when 'tds' then a else 0 end),`
    : '';
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
        ${tds}
        debt_paise = b.debt_paise + (case p_from when 'debt' then a else 0 end)
                                  - (case p_to when 'debt' then a else 0 end),
        updated_at = now()
        where b.creator_id = p_creator_id;
      if not found then
        raise exception 'creator % has no earnings row', p_creator_id;
      end if;
      return true;
    end $$`);
}
