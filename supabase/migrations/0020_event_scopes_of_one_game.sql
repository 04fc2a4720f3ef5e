-- A read of one game's events computes the caller's scopes in that game only.
--
-- The `game_events` policy asks `app.my_event_scopes()` for every audience the caller may read, in
-- every game of every room they belong to and every game they played: ended ones included. So each
-- read paid for the caller's whole history, and the reads behind every signal (the stream's pushed
-- read, `GET /events`) grew slower with every game a room played — on Postgres 15 a member's
-- pushed read took 0.57 ms with one game behind them and 1.49 ms with a hundred
-- (docs/performance.md, "Ninth pass").
--
-- `app.event_game`, a transaction-local setting, names the one game a read is about: the scopes
-- are then those of that game alone. It can only narrow what the policy allows, never widen it (a
-- stale or wrong name hides rows, it shows none), so whoever sets it cannot read more than
-- without it. The two per-signal reads below set it to the game they read and put it back before
-- they return, since a later statement of the same transaction may be another player's read of
-- another room (reads share one, lib/db/shared-reads.ts); a route's transaction about one game
-- names it when it reads the game row (lib/server/games/reads.ts, `visibleGame`). Anything that is
-- not a well-formed uuid reads as unset.
create or replace function app.my_event_scopes()
returns table (game_id uuid, audience text)
language plpgsql stable security definer
set search_path = ''
rows 20
as $$
declare
  v_uid uuid := auth.uid();
  v_hint text := current_setting('app.event_game', true);
  v_game uuid := case
    when v_hint ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then v_hint::uuid
  end;
begin
  if v_game is not null then
    -- One game: a few primary-key probes, whatever the caller's history.
    return query
    select g.id, s.audience
      from public.games g
      cross join lateral (
        select '*'::text as audience where g.ended
        union all
        select 'public' where not g.ended
        union all
        select 'player:' || v_uid where not g.ended
        union all
        select 'team:' || t.team
          from public.game_players p
          join public.game_roles r on r.game_id = p.game_id and r.user_id = p.user_id
          cross join lateral unnest(r.teams) as t(team)
         where not g.ended and p.game_id = g.id and p.user_id = v_uid and p.alive
      ) s
     where g.id = v_game
       and (exists (select 1 from public.room_members m where m.room_id = g.room_id and m.user_id = v_uid)
         or exists (select 1 from public.game_players p where p.game_id = g.id and p.user_id = v_uid));
    return;
  end if;
  -- Every game of the caller's: 0013's query, with the caller's id read once above.
  return query
  with me as (
    select v_uid as uid
  ), my_games as (
    select g.id, g.ended
    from me
    join public.room_members m on m.user_id = me.uid
    join public.games g on g.room_id = m.room_id
    union
    select g.id, g.ended
    from me
    join public.game_players p on p.user_id = me.uid
    join public.games g on g.id = p.game_id
  )
  select my_games.id, '*'::text from my_games where ended
  union all
  select my_games.id, 'public'::text from my_games where not ended
  union all
  select my_games.id, 'player:' || me.uid from my_games, me where not ended
  union all
  select g.id, 'team:' || t.team
  from my_games g
  join public.game_players p on p.game_id = g.id
  join public.game_roles r on r.game_id = p.game_id and r.user_id = p.user_id
  cross join lateral unnest(r.teams) as t(team)
  where not g.ended and p.alive and p.user_id = (select uid from me);
end
$$;
revoke all on function app.my_event_scopes() from public;
grant execute on function app.my_event_scopes() to authenticated;

-- The stream's pushed read (0015), narrowed to the room's current game. It sets `app.event_game`
-- for its own query and puts it back (a transaction-local setting: no write, so it stays STABLE).
create or replace function app.room_events_after(
  p_room uuid,
  p_game uuid,
  p_cursor jsonb,
  p_after bigint,
  p_limit integer
) returns table (game text, id bigint, audience text, audience_seq integer, day integer, payload jsonb)
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  v_before text := current_setting('app.event_game', true);
  -- The room as the caller may see it (the `rooms` policy): no game when they are not a member.
  v_game uuid := (select ro.game_id from public.rooms ro where ro.id = p_room);
begin
  perform set_config('app.event_game', coalesce(v_game::text, ''), true);
  return query
  select v_game::text, e.id, e.audience, e.audience_seq, e.day, e.payload
    from (select 1) as one
    left join lateral (
      select ev.id, ev.audience, ev.audience_seq, ev.day, ev.payload from public.game_events ev
       where ev.game_id = v_game
         and ev.id > case when v_game = p_game then p_after else 0 end
         and ev.audience_seq > coalesce(((case when v_game = p_game then p_cursor end) ->> ev.audience)::int, 0)
       order by ev.id limit p_limit
    ) e on true
   order by e.id;
  perform set_config('app.event_game', coalesce(v_before, ''), true);
end
$$;
revoke all on function app.room_events_after(uuid, uuid, jsonb, bigint, integer) from public;
grant execute on function app.room_events_after(uuid, uuid, jsonb, bigint, integer) to authenticated;

-- The browser's read on every signal (0017), narrowed to the game it reads.
create or replace function app.game_events_after(
  p_game uuid,
  p_cursor jsonb,
  p_limit integer
) returns table (game boolean, audience text, audience_seq integer, day integer, payload jsonb)
language plpgsql stable security invoker
set search_path = ''
as $$
declare
  v_before text := current_setting('app.event_game', true);
begin
  perform set_config('app.event_game', coalesce(p_game::text, ''), true);
  return query
  select g.id is not null, e.audience, e.audience_seq, e.day, e.payload
    from (select 1) as one
    left join public.games g on g.id = p_game
    left join lateral (
      select ev.id, ev.audience, ev.audience_seq, ev.day, ev.payload from public.game_events ev
       where ev.game_id = g.id and ev.audience_seq > coalesce((p_cursor ->> ev.audience)::int, 0)
       order by ev.id limit p_limit
    ) e on true
   order by e.id;
  perform set_config('app.event_game', coalesce(v_before, ''), true);
end
$$;
revoke all on function app.game_events_after(uuid, jsonb, integer) from public;
grant execute on function app.game_events_after(uuid, jsonb, integer) to authenticated;
