import type { Knex } from 'knex';

/**
 * Less database work per wallet tip: the same rows, versions and money, with fewer statements and checks run for
 * each tip of a `shabaash_send_wallet_tips` batch.
 *
 * - Foreign keys whose every writer already guarantees the row they point to are dropped (each cost one index
 *   lookup and row lock per written row, 6 of the 10 a wallet tip paid; users, creators, tips and earnings are never
 *   deleted, only marked deleted, so none of their cascades ever ran):
 *   - `idempotency_keys.user_id`: only `shabaash_send_wallet_tips` writes keys, and only for a sender whose live
 *     session it has just read (a session belongs to a user); its check ran twice per tip (the claim, then the
 *     stored result, since the row was inserted by the same transaction).
 *   - `wallet_transactions.user_id`: both writers (`shabaash_post_ledger_entry`, `shabaash_send_wallet_tips`) first
 *     lock and update that user's wallet row and raise when there is none, and a wallet belongs to a user.
 *   - `earnings.creator_id`, `earnings.tip_id`: the only writer is `shabaash_credit_earnings`, the trigger of the
 *     statement that inserted those very tips (their own foreign keys checked the creator).
 *   The foreign keys of `tips` (sender, creator) and of `earning_movements` stay: guest tips and
 *   `shabaash_move_earning` are writers that do not otherwise prove the row exists.
 * - The payouts space is bumped once per statement for all the balance rows it wrote (one insert into
 *   `sync_spaces`, transition tables), not by a row trigger calling `shabaash_bump_space` per row. Still one bump
 *   per written balance row, still after the balance rows (so still no lock cycle).
 * - The subathon timer's paid trigger runs once per insert into `tips`: one lookup of the running or paused timers
 *   of the statement's creators, then `subathon_timer_add_tip` for those tips only, in insertion order (creator,
 *   version), as the row trigger did for each tip. Going live (the update trigger) is unchanged.
 */
export const DROPPED_FOREIGN_KEYS = [
  { table: 'idempotency_keys', column: 'user_id', references: 'users(id)' },
  { table: 'wallet_transactions', column: 'user_id', references: 'users(id)' },
  { table: 'earnings', column: 'creator_id', references: 'creators(user_id)' },
  { table: 'earnings', column: 'tip_id', references: 'tips(id)' },
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const fk of DROPPED_FOREIGN_KEYS)
    await knex.raw(`alter table ${fk.table} drop constraint ${fk.table}_${fk.column}_foreign`);

  await knex.raw(`drop trigger creator_earnings_bump_payouts on creator_earnings`);
  await knex.raw(`drop trigger creator_earnings_created_payouts on creator_earnings`);
  await knex.raw(`drop function shabaash_bump_payouts_space()`);
  await knex.raw(`
    create function shabaash_bump_payouts_spaces() returns trigger language plpgsql as $$
    begin
      insert into sync_spaces as s (space, version)
        select 'payouts:' || b.creator_id::text, 1 from written_balances b order by b.creator_id
        on conflict (space) do update set version = s.version + 1;
      return null;
    end $$`);
  // After the insert of new balance rows (a row skipped by ON CONFLICT DO NOTHING is not in the table), after
  // every update of existing ones: one bump per written row, as the row triggers did.
  await knex.raw(`create trigger creator_earnings_created_payouts after insert on creator_earnings
    referencing new table as written_balances for each statement execute function shabaash_bump_payouts_spaces()`);
  await knex.raw(`create trigger creator_earnings_bump_payouts after update on creator_earnings
    referencing new table as written_balances for each statement execute function shabaash_bump_payouts_spaces()`);

  await knex.raw(SUBATHON_TIMER_ADD_TIP);
  await knex.raw(`
    create or replace function subathon_timer_add() returns trigger language plpgsql as $$
    begin
      perform subathon_timer_add_tip(new, tg_op);
      return null;
    end $$`);
  await knex.raw(`
    create function subathon_timer_add_paid() returns trigger language plpgsql as $$
    declare
      r tips;
    begin
      for r in select n.* from new_tips n
                where exists (select 1 from subathon_timers t
                               where t.creator_id = n.creator_id and t.status in ('running', 'paused'))
                order by n.creator_id, n.version loop
        perform subathon_timer_add_tip(r, 'INSERT');
      end loop;
      return null;
    end $$`);
  await knex.raw(`drop trigger tips_subathon_timer_paid on tips`);
  await knex.raw(`create trigger tips_subathon_timer_paid after insert on tips
    referencing new table as new_tips for each statement execute function subathon_timer_add_paid()`);
}

/** `subathon_timer_add` of 20261128051000 for one tip (`p_op`: the tips statement that landed or pushed it live). */
const SUBATHON_TIMER_ADD_TIP = `
    create function subathon_timer_add_tip(p_tip tips, p_op text) returns void language plpgsql as $$
    declare
      t subathon_timers%rowtype;
      secs bigint;
      left_ms bigint;
    begin
      select * into t from subathon_timers
        where creator_id = p_tip.creator_id and status in ('running', 'paused') for update;
      if not found then return; end if;
      if t.status = 'running' and t.ends_at <= clock_timestamp() then return; end if;
      if (p_tip.source = 'guest' and not t.count_guest) or (p_tip.source = 'wallet' and not t.count_wallet) then
        return;
      end if;
      if t.add_on = 'live' and p_tip.status <> 'read' then return; end if;
      if p_op = 'UPDATE' and t.add_on <> 'live' then return; end if;
      secs := case when t.rate_mode = 'tier' then coalesce((
          select (tier ->> 'seconds')::bigint from jsonb_array_elements(t.tier_seconds) tier
            where (tier ->> 'minAmount')::bigint * 100 <= p_tip.amount_paise
            order by (tier ->> 'minAmount')::bigint desc limit 1), 0)
        else (p_tip.amount_paise * t.seconds_per_rupee) / 100 end;
      left_ms := case when t.status = 'running'
        then (extract(epoch from (t.ends_at - clock_timestamp())) * 1000)::bigint else t.remaining_ms end;
      if t.cap_mode = 'remaining' then
        secs := least(secs, greatest(0, (t.cap_seconds::bigint * 1000 - left_ms) / 1000));
      elsif t.cap_mode = 'total' then
        secs := least(secs, greatest(0, t.cap_seconds - t.start_seconds - t.added_seconds));
      end if;
      insert into subathon_timer_tips (run_id, tip_id, creator_id, added_seconds)
        values (t.run_id, p_tip.id, p_tip.creator_id, secs) on conflict do nothing;
      if not found or secs <= 0 then return; end if;
      update subathon_timers set
        ends_at = case when status = 'running' then ends_at + make_interval(secs => secs) else ends_at end,
        remaining_ms = case when status = 'paused' then remaining_ms + secs * 1000 else remaining_ms end,
        added_seconds = added_seconds + secs,
        updated_at = now()
        where creator_id = t.creator_id;
    end $$`;

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop trigger tips_subathon_timer_paid on tips`);
  await knex.raw(`drop function subathon_timer_add_paid()`);
  // The row trigger function as 20261128051000 made it: the tip is NEW, the statement TG_OP.
  const rowFunction = SUBATHON_TIMER_ADD_TIP.replace(
    'create function subathon_timer_add_tip(p_tip tips, p_op text) returns void',
    'create or replace function subathon_timer_add() returns trigger',
  )
    .replaceAll('p_tip.', 'new.')
    .replace(`p_op = 'UPDATE'`, `tg_op = 'UPDATE'`)
    .replaceAll('return;', 'return null;')
    .replace('    end $$', () => '      return null;\n    end $$'); // a function: '$$' in a replacement string is '$'
  await knex.raw(rowFunction);
  await knex.raw(`drop function subathon_timer_add_tip(tips, text)`);
  await knex.raw(`create trigger tips_subathon_timer_paid after insert on tips
    for each row execute function subathon_timer_add()`);

  await knex.raw(`drop trigger creator_earnings_bump_payouts on creator_earnings`);
  await knex.raw(`drop trigger creator_earnings_created_payouts on creator_earnings`);
  await knex.raw(`drop function shabaash_bump_payouts_spaces()`);
  await knex.raw(`
    create or replace function shabaash_bump_payouts_space() returns trigger language plpgsql as $$
    begin
      perform shabaash_bump_space('payouts:' || new.creator_id::text);
      return new;
    end $$`);
  await knex.raw(`create trigger creator_earnings_bump_payouts before update on creator_earnings
    for each row execute function shabaash_bump_payouts_space()`);
  await knex.raw(`create trigger creator_earnings_created_payouts after insert on creator_earnings
    for each row execute function shabaash_bump_payouts_space()`);

  for (const fk of DROPPED_FOREIGN_KEYS)
    await knex.raw(`alter table ${fk.table} add constraint ${fk.table}_${fk.column}_foreign
      foreign key (${fk.column}) references ${fk.references} on delete cascade`);
}
