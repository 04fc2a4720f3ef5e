-- Realtime that carries the events, addressed by the writing transaction (issue 23,
-- docs/realtime.md "Deliveries"). The transaction that inserts a step's events also sends what each
-- topic receives: the public events once on the room topic, and to each user who may read any of
-- the step's other events, those events on their own `user:` topic. Who may read what is decided by
-- `app.event_scopes_for`, the function the `game_events` policy itself uses (through
-- `app.my_event_scopes`), evaluated in the same transaction, after the step's seats were written.

-- The audiences `p_uid` may read in `p_game` (the SQL twin of canSee, 0008/0024): every audience
-- ('*') once the game ended, for those who were there; else 'public' and their own 'player:' for a
-- member or player, and 'team:<t>' for each team of theirs while they live. Nothing for others.
create or replace function app.event_scopes_for(p_uid uuid, p_game uuid)
returns setof text
language plpgsql stable security definer
set search_path = ''
as $$
begin
  -- plpgsql, not sql: its query's plan is kept per session (a security-definer SQL function is
  -- planned again on every call, which cost more than the query itself).
  return query
  select s.audience
    from public.games g
    cross join lateral (
      select '*'::text as audience where g.ended
      union all
      select 'public' where not g.ended
      union all
      select 'player:' || p_uid where not g.ended
      union all
      select 'team:' || t.team
        from public.game_players p
        join public.game_roles r on r.game_id = p.game_id and r.user_id = p.user_id
        cross join lateral unnest(r.teams) as t(team)
       where not g.ended and p.game_id = g.id and p.user_id = p_uid and p.alive
    ) s
   where g.id = p_game and p_uid is not null
     and (exists (select 1 from public.room_members m
                   where m.room_id = g.room_id and m.user_id = p_uid and (not g.ended or m.joined_at <= g.ended_at))
       or exists (select 1 from public.game_players p where p.game_id = g.id and p.user_id = p_uid));
end
$$;
revoke all on function app.event_scopes_for(uuid, uuid) from public;

-- 0024's function, its one-game branch now the function above: the policy and the deliveries
-- cannot disagree about who reads what.
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
    return query select v_game, s from app.event_scopes_for(v_uid, v_game) s;
    return;
  end if;
  return query
  with me as (
    select v_uid as uid
  ), my_games as (
    select g.id, g.ended
    from me
    join public.room_members m on m.user_id = me.uid
    join public.games g on g.room_id = m.room_id and (not g.ended or m.joined_at <= g.ended_at)
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

-- Sends one step's events (`p_rows`: the inserted rows as [{id, a, s, e}] in id order, `e` the
-- event as a reader receives it). A message is {game, step, events: [{a, s, e}]} — audience key,
-- its per-audience sequence number (a reader's gap check) and the event — plus, on a user topic,
-- `public` (how many public events the step has) and `at` (how many of them come before each of
-- its events): what a client needs to fold the two messages of a step in the step's order. `step`
-- is random: it only pairs the two messages. Nothing in a message is about an event its recipient
-- may not read. Returns the number of messages sent.
create or replace function app.deliver_events(p_game uuid, p_rows jsonb)
returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_room uuid;
  v_topic text;
  v_step text := gen_random_uuid()::text;
  v_public jsonb;
  v_count integer;
  v_sent integer := 0;
  v_user uuid;
  v_mine jsonb;
  v_scopes text[];
begin
  -- The room topic at its current epoch (what app.signal_topic names, 0025), read once.
  select g.room_id, app.room_topic(r.id, r.topic_epoch) into v_room, v_topic
    from public.games g join public.rooms r on r.id = g.room_id where g.id = p_game;
  if v_room is null or p_rows is null or jsonb_array_length(p_rows) = 0 then
    return 0;
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('a', r->'a', 's', r->'s', 'e', r->'e') order by n), '[]'::jsonb), count(*)
    into v_public, v_count
    from jsonb_array_elements(p_rows) with ordinality as x(r, n)
   where r->>'a' = 'public';
  if v_count > 0 then
    perform realtime.send(jsonb_build_object('game', p_game, 'step', v_step, 'events', v_public),
                          'events', v_topic, true);
    v_sent := v_sent + 1;
  end if;
  if v_count = jsonb_array_length(p_rows) then
    return v_sent;
  end if;
  -- Who might read a non-public event: the named player, or (team and end events, and any event
  -- of the step that ended the game: every audience opens then, S-END-1) anyone of the game or its
  -- room. Each candidate is then judged by the policy's own function.
  -- Their scopes are worked out in the loop's one query, not a statement per candidate.
  for v_user, v_scopes in
    select c.user_id, array(select app.event_scopes_for(c.user_id, p_game))
      from (select (substr(r->>'a', 8))::uuid as user_id from jsonb_array_elements(p_rows) r where r->>'a' like 'player:%'
            union
            select c.user_id
              from (select p.user_id from public.game_players p where p.game_id = p_game
                    union select m.user_id from public.room_members m where m.room_id = v_room) c
             where exists (select 1 from jsonb_array_elements(p_rows) r where r->>'a' not like 'player:%' and r->>'a' <> 'public')
                or (select g.ended from public.games g where g.id = p_game)) c
  loop
    select jsonb_agg(jsonb_build_object('a', x.r->'a', 's', x.r->'s', 'e', x.r->'e', 'at',
                       (select count(*) from jsonb_array_elements(p_rows) q
                         where q->>'a' = 'public' and (q->>'id')::bigint < (x.r->>'id')::bigint)) order by x.n)
      into v_mine
      from jsonb_array_elements(p_rows) with ordinality as x(r, n)
     where x.r->>'a' <> 'public' and (x.r->>'a' = any (v_scopes) or '*' = any (v_scopes));
    if v_mine is not null then
      perform realtime.send(jsonb_build_object('game', p_game, 'step', v_step, 'public', v_count, 'events', v_mine),
                            'events', 'user:' || v_user, true);
      v_sent := v_sent + 1;
    end if;
  end loop;
  return v_sent;
end
$$;
revoke all on function app.deliver_events(uuid, jsonb) from public;
