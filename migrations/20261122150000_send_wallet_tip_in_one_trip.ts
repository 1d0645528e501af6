import type { Knex } from 'knex';
import { up as createTipFunctions } from './20261122120000_create_tip_functions.ts';

/**
 * A wallet tip in ONE round trip: `shabaash_send_wallet_tip` now also does what the API's safety query did
 * before it (see api/src/modules/safety/tipContext.ts for the API side):
 *
 * 1. the sender's session row is live (else SQLSTATE SH401);
 * 2. the Idempotency-Key is claimed or replayed, as before (SH409 for a different body);
 * 3. the creator context the API decided with (handle, display name, the `updated_at` of the safety settings,
 *    from its per-instance cache) is still current (else SH412: the API reloads it and tries again), so a cached
 *    decision is never applied to changed settings;
 * 4. the sender is not blocked by the creator (else SH403);
 * 5. `p_refused` (the API's verdict on amount and message under those settings) raises SH400;
 * 6. with `p_auto_live` (auto-live mode and an amount at or above its minimum, under those settings), the tip
 *    lands `read` when this creator pushed one of the sender's tips live before;
 * then the money moves as before (debit, cashback, shabaash_insert_tip, stored result).
 * A raise rolls the whole statement back: a refusal or a stale context stores nothing, not even the key.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'drop function if exists shabaash_send_wallet_tip(uuid, text, text, boolean, uuid, uuid, bigint, text, text, text, bigint, text, bigint, integer)',
  );
  await knex.raw(`
    create function shabaash_send_wallet_tip(
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
  // The previous migration's functions, as it created them (create or replace: the others are unchanged).
  await createTipFunctions(knex);
}
