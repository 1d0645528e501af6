import type { Knex } from 'knex';

/**
 * The subathon timer: one row per creator (`subathon_timers`) holds the creator's settings and the current run's
 * state. What is stored is the end time (`ends_at`, while running) or the time left (`remaining_ms`, while
 * paused), never the ticking, so a restart of the API, OBS or the phone changes nothing.
 *
 * Tips add time in the database, in the transaction that lands or pushes live the tip (triggers
 * `tips_subathon_timer_paid`, `…_live`), so every path (wallet tip, guest payment webhook, Show on live, auto-live) adds the
 * same way. `subathon_timer_tips` has one row per (run, tip): a duplicated webhook or a second push live finds
 * the row and adds nothing. `ended_at` is set once, by the statement that ends the run, which only one
 * instance's statement can win.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table subathon_timers (
      creator_id uuid primary key references creators(user_id) on delete cascade,
      start_seconds integer not null default 3600 check (start_seconds between 10 and 604800),
      rate_mode text not null default 'rupee' check (rate_mode in ('rupee', 'tier')),
      seconds_per_rupee integer not null default 6 check (seconds_per_rupee between 0 and 3600),
      -- [{minAmount (rupees), seconds}], sorted by minAmount: a tip adds the seconds of the highest it reaches.
      tier_seconds jsonb not null default '[]' check (jsonb_typeof(tier_seconds) = 'array'),
      cap_mode text not null default 'none' check (cap_mode in ('none', 'remaining', 'total')),
      cap_seconds integer not null default 86400 check (cap_seconds between 60 and 2592000),
      count_guest boolean not null default true,
      count_wallet boolean not null default true,
      add_on text not null default 'paid' check (add_on in ('paid', 'live')),
      ending_text text not null default '' check (char_length(ending_text) <= 120),
      run_id uuid,
      status text not null default 'idle' check (status in ('idle', 'running', 'paused', 'ended')),
      started_at timestamptz,
      ends_at timestamptz,
      remaining_ms bigint,
      added_seconds bigint not null default 0,
      ended_at timestamptz,
      updated_at timestamptz not null default now(),
      check (status <> 'running' or ends_at is not null),
      check (status <> 'paused' or remaining_ms is not null)
    )`);
  await knex.raw(
    `create index subathon_timers_running_idx on subathon_timers (ends_at) where status = 'running'`,
  );
  await knex.raw(`
    create table subathon_timer_tips (
      run_id uuid not null,
      tip_id uuid not null references tips(id) on delete cascade,
      creator_id uuid not null,
      added_seconds integer not null,
      created_at timestamptz not null default now(),
      primary key (run_id, tip_id)
    )`);
  await knex.raw(`
    create function subathon_timer_add() returns trigger language plpgsql as $$
    declare
      t subathon_timers%rowtype;
      secs bigint;
      left_ms bigint;
    begin
      select * into t from subathon_timers
        where creator_id = new.creator_id and status in ('running', 'paused') for update;
      if not found then return null; end if;
      if t.status = 'running' and t.ends_at <= clock_timestamp() then return null; end if;
      if (new.source = 'guest' and not t.count_guest) or (new.source = 'wallet' and not t.count_wallet) then
        return null;
      end if;
      if t.add_on = 'live' and new.status <> 'read' then return null; end if;
      if tg_op = 'UPDATE' and t.add_on <> 'live' then return null; end if;
      secs := case when t.rate_mode = 'tier' then coalesce((
          select (tier ->> 'seconds')::bigint from jsonb_array_elements(t.tier_seconds) tier
            where (tier ->> 'minAmount')::bigint * 100 <= new.amount_paise
            order by (tier ->> 'minAmount')::bigint desc limit 1), 0)
        else (new.amount_paise * t.seconds_per_rupee) / 100 end;
      left_ms := case when t.status = 'running'
        then (extract(epoch from (t.ends_at - clock_timestamp())) * 1000)::bigint else t.remaining_ms end;
      if t.cap_mode = 'remaining' then
        secs := least(secs, greatest(0, (t.cap_seconds::bigint * 1000 - left_ms) / 1000));
      elsif t.cap_mode = 'total' then
        secs := least(secs, greatest(0, t.cap_seconds - t.start_seconds - t.added_seconds));
      end if;
      insert into subathon_timer_tips (run_id, tip_id, creator_id, added_seconds)
        values (t.run_id, new.id, new.creator_id, secs) on conflict do nothing;
      if not found or secs <= 0 then return null; end if;
      update subathon_timers set
        ends_at = case when status = 'running' then ends_at + make_interval(secs => secs) else ends_at end,
        remaining_ms = case when status = 'paused' then remaining_ms + secs * 1000 else remaining_ms end,
        added_seconds = added_seconds + secs,
        updated_at = now()
        where creator_id = t.creator_id;
      return null;
    end $$`);
  await knex.raw(`
    create trigger tips_subathon_timer_paid after insert on tips
      for each row execute function subathon_timer_add()`);
  await knex.raw(`
    create trigger tips_subathon_timer_live after update of status on tips
      for each row when (new.status = 'read' and old.status is distinct from 'read')
      execute function subathon_timer_add()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists tips_subathon_timer_live on tips');
  await knex.raw('drop trigger if exists tips_subathon_timer_paid on tips');
  await knex.raw('drop function if exists subathon_timer_add()');
  await knex.raw('drop table if exists subathon_timer_tips');
  await knex.raw('drop table if exists subathon_timers');
}
