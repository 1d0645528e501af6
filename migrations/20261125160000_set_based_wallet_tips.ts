import type { Knex } from 'knex';
import { up as previousSendWalletTips } from './20261125130000_create_send_wallet_tips.ts';

/**
 * Less database work per wallet tip (the 20-creator ratio): the same outcomes, locks and money
 * properties as before, in statements that each handle a whole batch instead of one tip.
 *
 * - `shabaash_send_wallet_tips` (same signature and result) is set-based: about 15 statements per batch instead of
 *   about 20 per tip. Session check, Idempotency-Key claim, stored results of replays, creator context, blocked
 *   sender and auto-live are one statement each over the batch. Wallets: one locking read of every wallet (user
 *   order), the checks in memory in (user, arrival) order (a tip that would overdraw is refused, SH402; never a
 *   balance below zero), then one update of the balances, one bump of each wallet space by its number of ledger
 *   rows and one insert of the ledger rows (debit, then cashback, with consecutive versions in arrival order, as
 *   two calls of `shabaash_post_ledger_entry` per tip gave). Creators: one locking read (creator order), one update
 *   of the lifetime gross, one bump of each creator space by its number of tips, one insert of the tips (fee from
 *   the gross before each tip, versions in arrival order, exactly as `shabaash_insert_tip` per tip gave) and their
 *   results stored under their keys, all in one statement; then the keys of refused tips deleted (one delete).
 * - The earnings of tips are credited by a STATEMENT trigger over the inserted rows (transition table) instead of a
 *   row trigger: one insert of earnings, one of their ledger movements and one update per creator balance row
 *   (so one payouts-space bump per creator per statement, not per tip). Guest tips (one row) go the same way.
 * - The `payout.updated` events of earning movements likewise: one statement trigger per insert.
 * - `tips_created_version` fires only when the insert leaves `created_version` empty (the batch sets it).
 *
 * Lock order, unchanged in kind: Idempotency-Keys in (user, key) order; wallet rows in user order, then wallet
 * spaces in user order; creator rows in creator order, then creator spaces, then creator balance rows (each in
 * creator order) and their payouts spaces. A creator's space, balance row and payouts space are only ever locked by
 * a transaction holding that creator's row, so batches of several instances never deadlock.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`drop trigger tips_created_version on tips`);
  await knex.raw(`create trigger tips_created_version before insert on tips
    for each row when (new.created_version is null) execute function tips_set_created_version()`);

  await knex.raw(`drop trigger tips_credit_earning on tips`);
  await knex.raw(`drop function shabaash_credit_earning()`);
  await knex.raw(`
    create or replace function shabaash_credit_earnings() returns trigger language plpgsql as $$
    begin
      insert into creator_earnings (creator_id)
        select distinct t.creator_id from new_tips t order by 1 on conflict (creator_id) do nothing;
      perform 1 from creator_earnings b where b.creator_id in (select t.creator_id from new_tips t)
        order by b.creator_id for update;
      -- A credit adds the gross to earned, the fee to fees and the rest to pending; its movement is its ledger row.
      with e as (
        insert into earnings (creator_id, tip_id, source, payment_id, gross_paise, fee_paise, net_paise, created_at)
          select t.creator_id, t.id, t.source, t.payment_id, t.amount_paise, t.fee_paise,
                 t.amount_paise - t.fee_paise, t.created_at
            from new_tips t order by t.creator_id, t.version
          on conflict (tip_id) do nothing
          returning id, creator_id, tip_id, gross_paise, fee_paise, net_paise),
      m as (
        insert into earning_movements (creator_id, earning_id, kind, from_state, to_state, amount_paise, reference)
          select e.creator_id, e.id, 'credit', null, 'pending', e.gross_paise, e.tip_id::text
            from e order by e.creator_id, e.tip_id)
      update creator_earnings b set earned_paise = b.earned_paise + s.gross,
                                    fees_paise = b.fees_paise + s.fee,
                                    pending_paise = b.pending_paise + s.net,
                                    updated_at = now()
        from (select e.creator_id, sum(e.gross_paise) as gross, sum(e.fee_paise) as fee,
                     sum(e.net_paise) as net
                from e group by e.creator_id) s
        where b.creator_id = s.creator_id;
      return null;
    end $$`);
  await knex.raw(`create trigger tips_credit_earnings after insert on tips
    referencing new table as new_tips for each statement execute function shabaash_credit_earnings()`);

  await knex.raw(`drop trigger earning_movements_event on earning_movements`);
  await knex.raw(`drop function shabaash_movement_event()`);
  await knex.raw(`
    create or replace function shabaash_movements_event() returns trigger language plpgsql as $$
    begin
      -- Only creators with an enabled endpoint subscribed to payout.updated get events (as shabaash_emit_payout_event).
      with m as (
        select n.*, 'evt_' || md5('payout.updated:movement:' || n.id::text) as event_id
          from new_movements n
         where exists (select 1 from outgoing_webhook_endpoints p where p.creator_id = n.creator_id and p.enabled
                         and 'payout.updated' = any(p.events))),
      ev as (
        insert into outgoing_webhook_events (id, creator_id, event, data)
          select m.event_id, m.creator_id, 'payout.updated',
                 shabaash_payout_event_data('earning', m.kind, m.amount_paise, m.from_state, m.to_state,
                                            m.earning_id, m.transfer_id, null, null, m.reason)
            from m order by m.id
          on conflict (id) do nothing)
      insert into outgoing_webhook_deliveries (event_id, endpoint_id)
        select m.event_id, p.id from m join outgoing_webhook_endpoints p
            on p.creator_id = m.creator_id and p.enabled and 'payout.updated' = any(p.events)
         order by m.id, p.id
        on conflict (event_id, endpoint_id) do nothing;
      return null;
    end $$`);
  await knex.raw(`create trigger earning_movements_events after insert on earning_movements
    referencing new table as new_movements for each statement execute function shabaash_movements_event()`);

  await knex.raw(SEND_WALLET_TIPS);
}

export const SEND_WALLET_TIPS = `
    create or replace function shabaash_send_wallet_tips(
      p_user_ids uuid[], p_session_ids uuid[], p_idempotency_keys text[], p_request_hashes text[],
      p_creator_ids uuid[], p_handles text[], p_display_names text[], p_settings_updated_ats timestamptz[],
      p_refused boolean[], p_auto_live boolean[],
      p_tip_ids uuid[], p_amounts_paise bigint[], p_messages text[],
      p_tip_descriptions text[], p_cashbacks_paise bigint[], p_cashback_descriptions text[],
      p_free_tier_paise bigint, p_fee_basis_points integer)
    returns jsonb language plpgsql
    set plan_cache_mode = force_generic_plan set enable_hashjoin = off set enable_mergejoin = off as $$
    declare
      v_n integer := coalesce(array_length(p_user_ids, 1), 0);
      v_outcomes jsonb[] := array_fill(null::jsonb, array[v_n]);
      -- The status a tip lands with once it passed its checks (null: it has an outcome already).
      v_status text[] := array_fill(null::text, array[v_n]);
      -- The tip claimed its Idempotency-Key in this call (so a refusal deletes it again).
      v_claimed boolean[] := array_fill(false, array[v_n]);
      v_balances bigint[] := array_fill(null::bigint, array[v_n]);
      v_users uuid[];
      v_wallet_users uuid[];
      v_wallet_balances bigint[];
      v_j integer := 0;
      v_user uuid;
      v_balance bigint;
      v_creators uuid[];
      v_locked integer;
      r record;
    begin
      if v_n = 0 then
        return '[]'::jsonb;
      end if;
      for v_j in 1..v_n loop
        p_tip_ids[v_j] := coalesce(p_tip_ids[v_j], gen_random_uuid());
      end loop;

      -- 1. Session, claim or replay, context, blocked sender, refusal, auto-live; keys claimed in (user, key) order.
      for r in select x.o from unnest(p_user_ids, p_session_ids) with ordinality as x(u, s, o)
               where not exists (select 1 from sessions s where s.id = x.s and s.user_id = x.u
                                   and s.revoked_at is null and s.expires_at > now()) loop
        v_outcomes[r.o] := jsonb_build_object('error', 'SH401');
      end loop;
      for r in with claimed as (
                 insert into idempotency_keys (user_id, key, request_hash, status_code, response)
                   select x.u, x.k, x.h, 0, 'null'::jsonb
                     from unnest(p_user_ids, p_idempotency_keys, p_request_hashes) with ordinality as x(u, k, h, o)
                    where x.k is not null and v_outcomes[x.o] is null
                    order by x.u, x.k, x.o
                   on conflict (user_id, key) do nothing
                   returning user_id, key)
               select x.o from unnest(p_user_ids, p_idempotency_keys) with ordinality as x(u, k, o)
                 join claimed c on c.user_id = x.u and c.key = x.k loop
        v_claimed[r.o] := true;
      end loop;
      for r in select x.o, x.h, k.request_hash, k.status_code, k.response
                 from unnest(p_user_ids, p_idempotency_keys, p_request_hashes) with ordinality as x(u, k, h, o)
                 left join idempotency_keys k on k.user_id = x.u and k.key = x.k
                where x.k is not null and v_outcomes[x.o] is null and not v_claimed[x.o] loop
        if r.status_code is null or r.status_code = 0 then
          raise exception 'idempotency key vanished or claimed twice in one batch';
        end if;
        v_outcomes[r.o] := case when r.request_hash <> r.h
          then jsonb_build_object('error', 'SH409')
          else jsonb_build_object('replayed', true, 'status', r.status_code, 'response', r.response) end;
      end loop;
      for r in select x.o,
                      case
                        when c.user_id is null or c.handle <> x.h or c.display_name <> x.d
                             or s.updated_at is distinct from x.t then 'SH412'
                        when exists(select 1 from blocked_senders b
                                    where b.creator_id = x.c
                                      and (b.user_id = x.u
                                           or b.phone in (select u.phone from users u where u.id = x.u))) then 'SH403'
                        when x.refused then 'SH400' end as error,
                      x.al and exists(select 1 from tips t where t.creator_id = x.c and t.sender_id = x.u
                                        and t.status = 'read' and t.deleted_at is null) as live
                 from unnest(p_user_ids, p_creator_ids, p_handles, p_display_names, p_settings_updated_ats,
                             p_refused, p_auto_live) with ordinality as x(u, c, h, d, t, refused, al, o)
                 left join creators c on c.user_id = x.c
                 left join creator_safety s on s.creator_id = x.c
                where v_outcomes[x.o] is null loop
        if r.error is not null then
          v_outcomes[r.o] := jsonb_build_object('error', r.error);
        else
          v_status[r.o] := case when r.live then 'read' else 'unread' end;
        end if;
      end loop;

      -- 2. Wallets, locked in user order; debit (never below zero) and cashback per tip in (user, arrival) order.
      v_users := array(select distinct x.u from unnest(p_user_ids) with ordinality as x(u, o)
                        where v_status[x.o] is not null order by 1);
      select coalesce(array_agg(w.user_id order by w.user_id), '{}'), coalesce(array_agg(w.balance_paise order by w.user_id), '{}')
        into v_wallet_users, v_wallet_balances
        from (select w.user_id, w.balance_paise from wallets w where w.user_id = any(v_users)
               order by w.user_id for update) w;
      v_j := 0;
      v_user := null;
      for r in select x.o, x.u, x.a, x.cb
                 from unnest(p_user_ids, p_amounts_paise, p_cashbacks_paise) with ordinality as x(u, a, cb, o)
                where v_status[x.o] is not null order by x.u, x.o loop
        if v_user is distinct from r.u then
          v_j := v_j + 1;
          if v_wallet_users[v_j] is distinct from r.u then
            raise exception 'wallet of user % does not exist', r.u;
          end if;
          v_user := r.u;
          v_balance := v_wallet_balances[v_j];
        end if;
        if r.a is null or r.a <= 0 or r.cb is null or r.cb < 0 then
          raise exception 'ledger amount must be a positive integer of paise, got % / %', r.a, r.cb;
        end if;
        if v_balance < r.a then
          v_outcomes[r.o] := jsonb_build_object('error', 'SH402');
          v_status[r.o] := null;
          continue;
        end if;
        v_balance := v_balance - r.a + r.cb;
        v_balances[r.o] := v_balance;
      end loop;
      update wallets w set balance_paise = f.balance, updated_at = now()
        from (select distinct on (x.u) x.u, v_balances[x.o] as balance
                from unnest(p_user_ids) with ordinality as x(u, o)
               where v_status[x.o] is not null order by x.u, x.o desc) f
       where w.user_id = f.u;
      -- The ledger rows: per tip its debit, then its cashback, with consecutive versions of the wallet space.
      with entries as (
        select x.o, x.u, 1 as part, 'debit' as type, 'tip' as kind, x.a as amount, p_tip_descriptions[x.o] as description
          from unnest(p_user_ids, p_amounts_paise) with ordinality as x(u, a, o) where v_status[x.o] is not null
        union all
        select x.o, x.u, 2, 'credit', 'cashback', x.cb, p_cashback_descriptions[x.o]
          from unnest(p_user_ids, p_cashbacks_paise) with ordinality as x(u, cb, o)
         where v_status[x.o] is not null and x.cb > 0),
      numbered as (
        select e.*, row_number() over (partition by e.u order by e.o, e.part) as seq,
               count(*) over (partition by e.u) as total
          from entries e),
      bumped as (
        insert into sync_spaces as s (space, version)
          select 'wallet:' || e.u, count(*) from entries e group by e.u order by e.u
          on conflict (space) do update set version = s.version + excluded.version
          returning s.space, s.version)
      insert into wallet_transactions (user_id, type, kind, amount_paise, description, reference, version)
        select n.u, n.type, n.kind, n.amount, n.description, p_tip_ids[n.o]::text, b.version - n.total + n.seq
          from numbered n join bumped b on b.space = 'wallet:' || n.u
         order by n.u, n.seq;

      -- 3. Creators, locked in creator order: lifetime gross, creator space, the tips in (creator, arrival) order.
      v_creators := array(select distinct x.c from unnest(p_creator_ids) with ordinality as x(c, o)
                           where v_status[x.o] is not null order by 1);
      if cardinality(v_creators) > 0 then
        perform 1 from creators c where c.user_id = any(v_creators) order by c.user_id for update;
        get diagnostics v_locked = row_count;
        if v_locked <> cardinality(v_creators) then
          raise exception 'a creator of the batch does not exist';
        end if;
        for r in
          with landing as (
            select x.o, x.c, x.a,
                   row_number() over (partition by x.c order by x.o) as seq,
                   count(*) over (partition by x.c) as total,
                   coalesce(sum(x.a) over (partition by x.c order by x.o
                                           rows between unbounded preceding and 1 preceding), 0) as earlier
              from unnest(p_creator_ids, p_amounts_paise) with ordinality as x(c, a, o)
             where v_status[x.o] is not null),
          grossed as (
            update creators c set lifetime_gross_paise = c.lifetime_gross_paise + g.total
              from (select l.c, sum(l.a) as total from landing l group by l.c) g
             where c.user_id = g.c
            returning c.user_id, c.lifetime_gross_paise - g.total as before),
          bumped as (
            insert into sync_spaces as s (space, version)
              select 'creator:' || l.c, count(*) from landing l group by l.c order by l.c
              on conflict (space) do update set version = s.version + excluded.version
              returning s.space, s.version),
          landed as (
            insert into tips (id, creator_id, sender_id, guest_name, source, amount_paise, fee_paise, message, status,
                              payment_id, order_id, version, created_version)
              select p_tip_ids[l.o], l.c, p_user_ids[l.o], null, 'wallet', l.a,
                     -- 0% within the free tier, the basis points above it; percentOfPaise rounding.
                     floor((greatest(0, l.a - greatest(0, p_free_tier_paise - (g.before + l.earlier)))::numeric
                            * p_fee_basis_points + 5000) / 10000)::bigint,
                     p_messages[l.o], v_status[l.o], null, null,
                     b.version - l.total + l.seq, b.version - l.total + l.seq
                from landing l join grossed g on g.user_id = l.c join bumped b on b.space = 'creator:' || l.c
               order by l.c, l.o
              returning *),
          results as (
            select l.o, jsonb_build_object(
                     'kind', 'wallet_tip',
                     'balance_paise', v_balances[l.o],
                     -- Timestamps as PostgreSQL's text output, so the API parses them exactly as it parses a column.
                     'tip', to_jsonb(t) || jsonb_build_object(
                       'created_at', t.created_at::text,
                       'updated_at', t.updated_at::text,
                       'deleted_at', t.deleted_at::text,
                       'sender_name', u.name,
                       'sender_profile_pic', u.profile_pic,
                       'sender_phone', u.phone)) as result
              from landed t join landing l on p_tip_ids[l.o] = t.id left join users u on u.id = t.sender_id),
          -- The result stored under its key, for replays.
          stored as (
            update idempotency_keys k set status_code = 200, response = s.result
              from results s
             where p_idempotency_keys[s.o] is not null
               and k.user_id = p_user_ids[s.o] and k.key = p_idempotency_keys[s.o])
          select s.o, s.result from results s
        loop
          v_outcomes[r.o] := jsonb_build_object('replayed', false, 'status', 200, 'response', r.result);
        end loop;
      end if;

      -- 4. The keys that refused tips claimed are deleted again.
      delete from idempotency_keys k
        using unnest(p_user_ids, p_idempotency_keys) with ordinality as x(u, k, o)
       where v_claimed[x.o] and v_status[x.o] is null and k.user_id = x.u and k.key = x.k;
      return to_jsonb(v_outcomes);
    end $$`;

export async function down(knex: Knex): Promise<void> {
  await previousSendWalletTips(knex);
  await knex.raw(`drop trigger earning_movements_events on earning_movements`);
  await knex.raw(`drop function shabaash_movements_event()`);
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
  await knex.raw(`drop trigger tips_credit_earnings on tips`);
  await knex.raw(`drop function shabaash_credit_earnings()`);
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
  await knex.raw(`drop trigger tips_created_version on tips`);
  await knex.raw(`create trigger tips_created_version before insert on tips
    for each row execute function tips_set_created_version()`);
}
