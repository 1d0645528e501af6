import type { Knex } from 'knex';

/**
 * The money paths of a tip as PL/pgSQL functions, so a wallet tip is one statement (one round trip) instead of
 * about twenty:
 *
 * - `shabaash_post_ledger_entry`: moves money in or out of one wallet (conditional balance update, wallet space
 *   bump only when the update hit, ledger row). Raises SQLSTATE SH402 when a debit would overdraw, a plain error
 *   when the user has no wallet.
 * - `shabaash_insert_tip`: the ONE implementation of "a tip lands for a creator": lifetime gross bump (creator
 *   row lock), platform fee from the gross before the tip (free tier and basis points are parameters, rounding
 *   as `percentOfPaise`), creator space bump, tip insert with the given status. Returns the tips row.
 * - `shabaash_send_wallet_tip`: a whole wallet tip in ONE round trip (api/src/modules/tips/tips.service.ts):
 *   1. the sender's session row is live (else SQLSTATE SH401);
 *   2. the Idempotency-Key is claimed or replayed (a different request hash raises SH409; the same hash returns
 *      the stored result flagged replayed);
 *   3. the creator context the API decided with (handle, display name, the `updated_at` of the safety settings,
 *      from its per-instance cache, api/src/modules/safety/tipContext.ts) is still current (else SH412: the API
 *      reloads it and decides again), so a cached decision is never applied to changed settings;
 *   4. the sender is not blocked by the creator (else SH403);
 *   5. `p_refused` (the API's verdict on amount and message under those settings) raises SH400;
 *   6. with `p_auto_live` (auto-live mode and an amount at or above its minimum), the tip lands `read` when this
 *      creator pushed one of the sender's tips live before;
 *   then the debit, the cashback credit, the tip and the stored result. A raise rolls the whole statement back: a
 *   refusal or a stale context stores nothing, not even the key.
 * - `shabaash_bump_space`: the next version of a sync space (the one implementation; `bumpSpace` in
 *   api/src/modules/sync/spaces.ts calls it too).
 *
 * Lock order, as everywhere: wallet row → wallet space → creator row → creator space.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function shabaash_bump_space(p_space text) returns bigint language sql as $$
      insert into sync_spaces as s (space, version) values (p_space, 1)
        on conflict (space) do update set version = s.version + 1
        returning s.version
    $$`);

  await knex.raw(`
    create or replace function shabaash_post_ledger_entry(
      p_user_id uuid, p_type text, p_kind text, p_amount_paise bigint, p_description text, p_reference text,
      out out_transaction_id uuid, out out_balance_paise bigint, out out_version bigint)
    language plpgsql as $$
    declare
      v_delta bigint;
    begin
      if p_amount_paise is null or p_amount_paise <= 0 then
        raise exception 'ledger amount must be a positive integer of paise, got %', p_amount_paise;
      end if;
      v_delta := case when p_type = 'credit' then p_amount_paise else -p_amount_paise end;
      update wallets w set balance_paise = w.balance_paise + v_delta, updated_at = now()
        where w.user_id = p_user_id and w.balance_paise + v_delta >= 0
        returning w.balance_paise into out_balance_paise;
      if not found then
        perform 1 from wallets w where w.user_id = p_user_id;
        if not found then
          raise exception 'wallet of user % does not exist', p_user_id;
        end if;
        raise exception using errcode = 'SH402', message = 'insufficient balance';
      end if;
      out_version := shabaash_bump_space('wallet:' || p_user_id);
      insert into wallet_transactions (user_id, type, kind, amount_paise, description, reference, version)
        values (p_user_id, p_type, p_kind, p_amount_paise, p_description, p_reference, out_version)
        returning id into out_transaction_id;
    end $$`);

  await knex.raw(`
    create or replace function shabaash_insert_tip(
      p_id uuid, p_creator_id uuid, p_sender_id uuid, p_guest_name text, p_source text, p_amount_paise bigint,
      p_message text, p_status text, p_payment_id text, p_order_id text,
      p_free_tier_paise bigint, p_fee_basis_points integer)
    returns tips language plpgsql as $$
    declare
      v_gross_before bigint;
      v_feeable bigint;
      v_version bigint;
      v_tip tips;
    begin
      update creators c set lifetime_gross_paise = c.lifetime_gross_paise + p_amount_paise
        where c.user_id = p_creator_id
        returning c.lifetime_gross_paise - p_amount_paise into v_gross_before;
      if not found then
        raise exception 'creator % does not exist', p_creator_id;
      end if;
      -- 0% within the free tier, the basis points on the part above it (a crossing tip is split).
      v_feeable := greatest(0, p_amount_paise - greatest(0, p_free_tier_paise - v_gross_before));
      v_version := shabaash_bump_space('creator:' || p_creator_id);
      insert into tips (id, creator_id, sender_id, guest_name, source, amount_paise, fee_paise, message, status,
                        payment_id, order_id, version)
        values (coalesce(p_id, gen_random_uuid()), p_creator_id, p_sender_id, p_guest_name, p_source,
                p_amount_paise,
                -- percentOfPaise: floor((paise × bp + 5000) / 10000), exact for every integer
                floor((v_feeable::numeric * p_fee_basis_points + 5000) / 10000)::bigint,
                p_message, p_status, p_payment_id, p_order_id, v_version)
        returning * into v_tip;
      return v_tip;
    end $$`);

  await knex.raw(`
    create or replace function shabaash_send_wallet_tip(
      p_user_id uuid, p_session_id uuid, p_idempotency_key text, p_request_hash text,
      p_creator_id uuid, p_handle text, p_display_name text, p_settings_updated_at timestamptz,
      p_refused boolean, p_auto_live boolean,
      p_tip_id uuid, p_amount_paise bigint, p_message text,
      p_tip_description text, p_cashback_paise bigint, p_cashback_description text,
      p_free_tier_paise bigint, p_fee_basis_points integer)
    returns jsonb language plpgsql as $$
    declare
      v_stored record;
      v_creator record;
      v_status text := 'unread';
      v_ledger record;
      v_tip tips;
      v_result jsonb;
    begin
      perform 1 from sessions s
        where s.id = p_session_id and s.user_id = p_user_id and s.revoked_at is null and s.expires_at > now();
      if not found then
        raise exception using errcode = 'SH401', message = 'session revoked or expired';
      end if;
      if p_idempotency_key is not null then
        -- Claim the key first: a concurrent duplicate blocks here until the first commits or rolls back.
        insert into idempotency_keys (user_id, key, request_hash, status_code, response)
          values (p_user_id, p_idempotency_key, p_request_hash, 0, 'null'::jsonb)
          on conflict (user_id, key) do nothing;
        if not found then
          select k.request_hash, k.status_code, k.response into v_stored
            from idempotency_keys k where k.user_id = p_user_id and k.key = p_idempotency_key;
          if not found then
            raise exception 'idempotency key vanished between conflict and read';
          end if;
          if v_stored.request_hash <> p_request_hash then
            raise exception using errcode = 'SH409', message = 'idempotency key reused';
          end if;
          return jsonb_build_object('replayed', true, 'status', v_stored.status_code,
                                    'response', v_stored.response);
        end if;
      end if;
      select c.handle, c.display_name, s.updated_at into v_creator
        from creators c left join creator_safety s on s.creator_id = c.user_id
        where c.user_id = p_creator_id;
      if not found or v_creator.handle <> p_handle or v_creator.display_name <> p_display_name
         or v_creator.updated_at is distinct from p_settings_updated_at then
        raise exception using errcode = 'SH412', message = 'creator context changed';
      end if;
      if exists(select 1 from blocked_senders b
                where b.creator_id = p_creator_id
                  and (b.user_id = p_user_id or b.phone in (select u.phone from users u where u.id = p_user_id))) then
        raise exception using errcode = 'SH403', message = 'sender blocked';
      end if;
      if p_refused then
        raise exception using errcode = 'SH400', message = 'tip refused by stream safety';
      end if;
      if p_auto_live and exists(select 1 from tips t
                                where t.creator_id = p_creator_id and t.sender_id = p_user_id
                                  and t.status = 'read' and t.deleted_at is null) then
        v_status := 'read';
      end if;
      select * into v_ledger
        from shabaash_post_ledger_entry(p_user_id, 'debit', 'tip', p_amount_paise, p_tip_description,
                                        p_tip_id::text);
      if p_cashback_paise > 0 then
        select * into v_ledger
          from shabaash_post_ledger_entry(p_user_id, 'credit', 'cashback', p_cashback_paise,
                                          p_cashback_description, p_tip_id::text);
      end if;
      v_tip := shabaash_insert_tip(p_tip_id, p_creator_id, p_user_id, null, 'wallet', p_amount_paise, p_message,
                                   v_status, null, null, p_free_tier_paise, p_fee_basis_points);
      -- Timestamps as PostgreSQL's text output, so the API parses them exactly as it parses a column.
      select jsonb_build_object(
               'kind', 'wallet_tip',
               'balance_paise', v_ledger.out_balance_paise,
               'tip', to_jsonb(v_tip) || jsonb_build_object(
                 'created_at', v_tip.created_at::text,
                 'updated_at', v_tip.updated_at::text,
                 'deleted_at', v_tip.deleted_at::text,
                 'sender_name', u.name,
                 'sender_profile_pic', u.profile_pic,
                 'sender_phone', u.phone))
        into v_result
        from (select 1) as one left join users u on u.id = p_user_id;
      if p_idempotency_key is not null then
        update idempotency_keys k set status_code = 200, response = v_result
          where k.user_id = p_user_id and k.key = p_idempotency_key;
      end if;
      return jsonb_build_object('replayed', false, 'status', 200, 'response', v_result);
    end $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'drop function if exists shabaash_send_wallet_tip(uuid, uuid, text, text, uuid, text, text, timestamptz, boolean, boolean, uuid, bigint, text, text, bigint, text, bigint, integer)',
  );
  await knex.raw(
    'drop function if exists shabaash_insert_tip(uuid, uuid, uuid, text, text, bigint, text, text, text, text, bigint, integer)',
  );
  await knex.raw('drop function if exists shabaash_post_ledger_entry(uuid, text, text, bigint, text, text)');
  await knex.raw('drop function if exists shabaash_bump_space(text)');
}
