import type { Knex } from 'knex';

/**
 * YouTube Super Chats and Super Stickers in the creator's queue. No money moves through Shabaash for them.
 * - `tips.source = 'youtube'`: the queue row (guest_name = the author's display name, message = the comment).
 *   Its `amount_paise` is what COUNTS towards the goal, timer and tiers (0 when not counted: only YouTube rows may
 *   be 0); its fee is always 0.
 * - `youtube_events`: the original event beside its tip (message id unique: one event lands once), its original
 *   amount (micros) and currency, and whether it counted.
 * - `youtube_connections.count_mode` / `rates`: how they count (inrOnly, or convert at the creator's rates, integer
 *   paise per unit of each currency); a change of them is audited in `youtube_connection_events` ('settings').
 * - `shabaash_insert_tip` does not bump the lifetime gross (the free tier and fees) for a YouTube row, and fixes
 *   its fee at 0; `shabaash_credit_earnings` credits no earning for one, so no wallet, payout, statement, fee or
 *   TDS ever sees one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table tips drop constraint tips_source`);
  await knex.raw(
    `alter table tips add constraint tips_source check (source in ('wallet','guest','youtube'))`,
  );
  await knex.raw(`alter table tips drop constraint tips_amount_pos`);
  await knex.raw(
    `alter table tips add constraint tips_amount_pos check (amount_paise > 0 or (source = 'youtube' and amount_paise = 0))`,
  );
  await knex.raw(
    `alter table tips add constraint tips_youtube_no_fee check (source <> 'youtube' or fee_paise = 0)`,
  );

  await knex.schema.createTable('youtube_events', (t) => {
    t.uuid('tip_id').primary().references('tips.id').onDelete('CASCADE');
    t.uuid('creator_id').notNullable().references('creators.user_id').onDelete('CASCADE');
    t.text('channel_id').notNullable();
    t.text('message_id').notNullable().unique();
    t.text('kind').notNullable();
    t.bigInteger('amount_micros').notNullable();
    t.text('currency').notNullable();
    t.text('display_amount').notNullable();
    t.integer('tier').notNullable();
    t.text('sticker_id');
    t.text('sticker_alt_text');
    t.text('author_channel_id').notNullable();
    t.timestamp('published_at', { useTz: true }).notNullable();
    t.boolean('counted').notNullable();
    t.index(['creator_id', 'author_channel_id']);
  });
  await knex.raw(
    `alter table youtube_events add constraint youtube_events_kind check (kind in ('superChat', 'superSticker'))`,
  );

  await knex.schema.alterTable('youtube_connections', (t) => {
    t.text('count_mode').notNullable().defaultTo('inrOnly');
    t.jsonb('rates').notNullable().defaultTo('{}');
  });
  await knex.raw(
    `alter table youtube_connections add constraint youtube_connections_count_mode check (count_mode in ('inrOnly', 'convert'))`,
  );
  await knex.raw(`alter table youtube_connection_events drop constraint youtube_connection_events_event`);
  await knex.raw(
    `alter table youtube_connection_events add constraint youtube_connection_events_event check (event in ('connected', 'disconnected', 'refused', 'settings'))`,
  );

  await knex.raw(insertTipFunction(true));
  await knex.raw(creditEarningsFunction(true));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(creditEarningsFunction(false));
  await knex.raw(insertTipFunction(false));
  await knex.raw(`delete from youtube_connection_events where event = 'settings'`);
  await knex.raw(`alter table youtube_connection_events drop constraint youtube_connection_events_event`);
  await knex.raw(
    `alter table youtube_connection_events add constraint youtube_connection_events_event check (event in ('connected', 'disconnected', 'refused'))`,
  );
  await knex.schema.alterTable('youtube_connections', (t) => {
    t.dropColumn('count_mode');
    t.dropColumn('rates');
  });
  await knex.schema.dropTable('youtube_events');
  await knex.raw(`delete from tips where source = 'youtube'`);
  await knex.raw(`alter table tips drop constraint tips_youtube_no_fee`);
  await knex.raw(`alter table tips drop constraint tips_amount_pos`);
  await knex.raw(`alter table tips add constraint tips_amount_pos check (amount_paise > 0)`);
  await knex.raw(`alter table tips drop constraint tips_source`);
  await knex.raw(`alter table tips add constraint tips_source check (source in ('wallet','guest'))`);
}

/** `shabaash_insert_tip` (20261122120000); with `youtube`, a YouTube row leaves the lifetime gross and fee alone. */
function insertTipFunction(youtube: boolean): string {
  const money = youtube ? `p_source <> 'youtube'` : 'true';
  return `
    create or replace function shabaash_insert_tip(
      p_id uuid, p_creator_id uuid, p_sender_id uuid, p_guest_name text, p_source text, p_amount_paise bigint,
      p_message text, p_status text, p_payment_id text, p_order_id text,
      p_free_tier_paise bigint, p_fee_basis_points integer)
    returns tips language plpgsql as $$
    declare
      v_gross_before bigint;
      v_feeable bigint := 0;
      v_version bigint;
      v_tip tips;
    begin
      if ${money} then
        update creators c set lifetime_gross_paise = c.lifetime_gross_paise + p_amount_paise
          where c.user_id = p_creator_id
          returning c.lifetime_gross_paise - p_amount_paise into v_gross_before;
        -- 0% within the free tier, the basis points on the part above it (a crossing tip is split).
        v_feeable := greatest(0, p_amount_paise - greatest(0, p_free_tier_paise - v_gross_before));
      else
        -- No money moves through Shabaash: the creator row is locked as for any tip (lock order), nothing bumped.
        perform 1 from creators c where c.user_id = p_creator_id for update;
      end if;
      if not found then
        raise exception 'creator % does not exist', p_creator_id;
      end if;
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
    end $$`;
}

/** `shabaash_credit_earnings` (20261125160000); with `youtube`, YouTube rows earn nothing (no money moved). */
function creditEarningsFunction(youtube: boolean): string {
  const paid = youtube ? `where t.source <> 'youtube'` : '';
  return `
    create or replace function shabaash_credit_earnings() returns trigger language plpgsql as $$
    begin
      insert into creator_earnings (creator_id)
        select distinct t.creator_id from new_tips t ${paid} order by 1 on conflict (creator_id) do nothing;
      perform 1 from creator_earnings b where b.creator_id in (select t.creator_id from new_tips t ${paid})
        order by b.creator_id for update;
      -- A credit adds the gross to earned, the fee to fees and the rest to pending; its movement is its ledger row.
      with e as (
        insert into earnings (creator_id, tip_id, source, payment_id, gross_paise, fee_paise, net_paise, created_at)
          select t.creator_id, t.id, t.source, t.payment_id, t.amount_paise, t.fee_paise,
                 t.amount_paise - t.fee_paise, t.created_at
            from new_tips t ${paid} order by t.creator_id, t.version
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
    end $$`;
}
