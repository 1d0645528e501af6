import type { Knex } from 'knex';

/**
 * `shabaash_send_wallet_tips`: the set-based wallet tip, for group commit (api/src/modules/tips/sendBatcher.ts).
 * One call lands a batch of wallet tips in one statement and one round trip; element i of every array is tip i.
 * Each tip keeps the outcome `shabaash_send_wallet_tip` would give it alone, and none raises: the result is a
 * jsonb array with, per tip, either `{replayed, status, response}` or `{error: SQLSTATE}` (SH401 session ended,
 * SH409 key reused, SH412 stale context, SH403 blocked sender, SH400 refused, SH402 insufficient balance). A
 * refused or short tip stores nothing: the Idempotency-Key it claimed is deleted again, as the single function's
 * rollback would. Only an unexpected fault (no wallet, no creator) raises, failing the batch; the API then sends
 * its tips one by one.
 *
 * Lock order, so that batches of several API instances never deadlock with each other or with single
 * transactions: every Idempotency-Key in (user, key) order, then every wallet row and wallet space in user
 * order, then every creator row and creator space in (creator, arrival) order, so a creator's tips of one batch
 * take their versions in the order they arrived. The tip lands through `shabaash_insert_tip`, the one
 * implementation of a tip landing.
 *
 * `shabaash_send_wallet_tip` stays for instances of the previous release during a rolling deploy; a later
 * migration drops it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function shabaash_send_wallet_tips(
      p_user_ids uuid[], p_session_ids uuid[], p_idempotency_keys text[], p_request_hashes text[],
      p_creator_ids uuid[], p_handles text[], p_display_names text[], p_settings_updated_ats timestamptz[],
      p_refused boolean[], p_auto_live boolean[],
      p_tip_ids uuid[], p_amounts_paise bigint[], p_messages text[],
      p_tip_descriptions text[], p_cashbacks_paise bigint[], p_cashback_descriptions text[],
      p_free_tier_paise bigint, p_fee_basis_points integer)
    returns jsonb language plpgsql as $$
    declare
      v_n integer := coalesce(array_length(p_user_ids, 1), 0);
      v_outcomes jsonb[] := array_fill(null::jsonb, array[v_n]);
      -- The status a tip lands with once it passed its checks (null: it has an outcome already).
      v_status text[] := array_fill(null::text, array[v_n]);
      v_balances bigint[] := array_fill(null::bigint, array[v_n]);
      v_i integer;
      v_stored record;
      v_creator record;
      v_balance bigint;
      v_ledger record;
      v_tip tips;
      v_result jsonb;
      v_error text;
    begin
      -- 1. Keys in (user, key) order: session, claim or replay, context, blocked sender, refusal, auto-live.
      for v_i in select x.o from unnest(p_user_ids, p_idempotency_keys) with ordinality as x(u, k, o)
                 order by x.u, x.k nulls last, x.o loop
        perform 1 from sessions s
          where s.id = p_session_ids[v_i] and s.user_id = p_user_ids[v_i] and s.revoked_at is null
            and s.expires_at > now();
        if not found then
          v_outcomes[v_i] := jsonb_build_object('error', 'SH401');
          continue;
        end if;
        if p_idempotency_keys[v_i] is not null then
          insert into idempotency_keys (user_id, key, request_hash, status_code, response)
            values (p_user_ids[v_i], p_idempotency_keys[v_i], p_request_hashes[v_i], 0, 'null'::jsonb)
            on conflict (user_id, key) do nothing;
          if not found then
            select k.request_hash, k.status_code, k.response into v_stored
              from idempotency_keys k where k.user_id = p_user_ids[v_i] and k.key = p_idempotency_keys[v_i];
            if not found or v_stored.status_code = 0 then
              raise exception 'idempotency key vanished or claimed twice in one batch';
            end if;
            v_outcomes[v_i] := case when v_stored.request_hash <> p_request_hashes[v_i]
              then jsonb_build_object('error', 'SH409')
              else jsonb_build_object('replayed', true, 'status', v_stored.status_code,
                                      'response', v_stored.response) end;
            continue;
          end if;
        end if;
        select c.handle, c.display_name, s.updated_at into v_creator
          from creators c left join creator_safety s on s.creator_id = c.user_id
          where c.user_id = p_creator_ids[v_i];
        v_error := case
          when not found or v_creator.handle <> p_handles[v_i] or v_creator.display_name <> p_display_names[v_i]
               or v_creator.updated_at is distinct from p_settings_updated_ats[v_i] then 'SH412'
          when exists(select 1 from blocked_senders b
                      where b.creator_id = p_creator_ids[v_i]
                        and (b.user_id = p_user_ids[v_i]
                             or b.phone in (select u.phone from users u where u.id = p_user_ids[v_i]))) then 'SH403'
          when p_refused[v_i] then 'SH400' end;
        if v_error is not null then
          delete from idempotency_keys k where k.user_id = p_user_ids[v_i] and k.key = p_idempotency_keys[v_i];
          v_outcomes[v_i] := jsonb_build_object('error', v_error);
          continue;
        end if;
        v_status[v_i] := case when p_auto_live[v_i] and exists(
            select 1 from tips t where t.creator_id = p_creator_ids[v_i] and t.sender_id = p_user_ids[v_i]
              and t.status = 'read' and t.deleted_at is null) then 'read' else 'unread' end;
      end loop;

      -- 2. Wallets in user order: the debit (never below zero) and the cashback.
      for v_i in select x.o from unnest(p_user_ids) with ordinality as x(u, o) order by x.u, x.o loop
        continue when v_status[v_i] is null;
        select w.balance_paise into v_balance from wallets w where w.user_id = p_user_ids[v_i] for update;
        if not found then
          raise exception 'wallet of user % does not exist', p_user_ids[v_i];
        end if;
        if v_balance < p_amounts_paise[v_i] then
          delete from idempotency_keys k where k.user_id = p_user_ids[v_i] and k.key = p_idempotency_keys[v_i];
          v_outcomes[v_i] := jsonb_build_object('error', 'SH402');
          v_status[v_i] := null;
          continue;
        end if;
        select * into v_ledger
          from shabaash_post_ledger_entry(p_user_ids[v_i], 'debit', 'tip', p_amounts_paise[v_i],
                                          p_tip_descriptions[v_i], p_tip_ids[v_i]::text);
        if p_cashbacks_paise[v_i] > 0 then
          select * into v_ledger
            from shabaash_post_ledger_entry(p_user_ids[v_i], 'credit', 'cashback', p_cashbacks_paise[v_i],
                                            p_cashback_descriptions[v_i], p_tip_ids[v_i]::text);
        end if;
        v_balances[v_i] := v_ledger.out_balance_paise;
      end loop;

      -- 3. Creators in (creator, arrival) order: the tip lands, its result is stored under its key.
      for v_i in select x.o from unnest(p_creator_ids) with ordinality as x(c, o) order by x.c, x.o loop
        continue when v_status[v_i] is null;
        v_tip := shabaash_insert_tip(p_tip_ids[v_i], p_creator_ids[v_i], p_user_ids[v_i], null, 'wallet',
                                     p_amounts_paise[v_i], p_messages[v_i], v_status[v_i], null, null,
                                     p_free_tier_paise, p_fee_basis_points);
        -- Timestamps as PostgreSQL's text output, so the API parses them exactly as it parses a column.
        select jsonb_build_object(
                 'kind', 'wallet_tip',
                 'balance_paise', v_balances[v_i],
                 'tip', to_jsonb(v_tip) || jsonb_build_object(
                   'created_at', v_tip.created_at::text,
                   'updated_at', v_tip.updated_at::text,
                   'deleted_at', v_tip.deleted_at::text,
                   'sender_name', u.name,
                   'sender_profile_pic', u.profile_pic,
                   'sender_phone', u.phone))
          into v_result
          from (select 1) as one left join users u on u.id = p_user_ids[v_i];
        if p_idempotency_keys[v_i] is not null then
          update idempotency_keys k set status_code = 200, response = v_result
            where k.user_id = p_user_ids[v_i] and k.key = p_idempotency_keys[v_i];
        end if;
        v_outcomes[v_i] := jsonb_build_object('replayed', false, 'status', 200, 'response', v_result);
      end loop;
      return to_jsonb(v_outcomes);
    end $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    `drop function if exists shabaash_send_wallet_tips(uuid[], uuid[], text[], text[], uuid[], text[], text[],
       timestamptz[], boolean[], boolean[], uuid[], bigint[], text[], text[], bigint[], text[], bigint, integer)`,
  );
}
