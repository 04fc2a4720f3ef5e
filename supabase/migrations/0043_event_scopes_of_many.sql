-- Who reads a step's events, worked out once per step: `app.deliver_events` (0040) called
-- `app.event_scopes_for` once per candidate reader, 5–9 plpgsql calls on a step with team events;
-- one call now judges them all (a wolf's chat line delivered in 0.17 ms instead of 0.27, Postgres 15).

-- The audiences each of `p_users` may read in `p_game` (the SQL twin of canSee, 0008/0024), as
-- 0036's `app.event_scopes_for` gave them for one user: every audience ('*') once the game ended,
-- for those who were there; else 'public' and their own 'player:' for a member or player, and
-- 'team:<t>' for each team of theirs while they live. Nothing for others, nor for a null user; a
-- user named twice is answered once.
create or replace function app.event_scopes_in(p_game uuid, p_users uuid[])
returns table (user_id uuid, audience text)
language plpgsql stable security definer
set search_path = ''
-- Planned once per session: a custom plan (planned again on every call, as the plan cache chooses
-- for this query) cost ten times its run.
set plan_cache_mode = force_generic_plan
rows 40
as $$
begin
  -- plpgsql, not sql: its query's plan is kept per session (0036).
  return query
  select u.uid, s.audience
    from public.games g
    cross join (select distinct x.uid from unnest(p_users) as x(uid) where x.uid is not null) u
    cross join lateral (
      select '*'::text as audience where g.ended
      union all
      select 'public' where not g.ended
      union all
      select 'player:' || u.uid where not g.ended
      union all
      select 'team:' || t.team
        from public.game_players p
        join public.game_roles r on r.game_id = p.game_id and r.user_id = p.user_id
        cross join lateral unnest(r.teams) as t(team)
       where not g.ended and p.game_id = g.id and p.user_id = u.uid and p.alive
    ) s
   where g.id = p_game
     and (exists (select 1 from public.room_members m
                   where m.room_id = g.room_id and m.user_id = u.uid and (not g.ended or m.joined_at <= g.ended_at))
       or exists (select 1 from public.game_players p where p.game_id = g.id and p.user_id = u.uid));
end
$$;
revoke all on function app.event_scopes_in(uuid, uuid[]) from public;

-- 0036's function, now the one-user case of the function above: the policy (through
-- `app.my_event_scopes`) and the deliveries ask the same function who reads what. SQL, without a
-- SET clause or security definer, so that it is inlined into its callers (a plpgsql wrapper cost
-- a call more on every policy read); it names everything with its schema, so the caller's
-- search_path cannot change what it means.
create or replace function app.event_scopes_for(p_uid uuid, p_game uuid)
returns setof text
language sql stable
as $$
  select s.audience from app.event_scopes_in(p_game, array[p_uid]) s
$$;
revoke all on function app.event_scopes_for(uuid, uuid) from public;

-- 0040's function, the same messages to the same topics in the same order: its candidates' scopes
-- are now one call of `app.event_scopes_in` (it was one `app.event_scopes_for` per candidate).
create or replace function app.deliver_events(p_game uuid, p_rows jsonb)
returns integer
language plpgsql volatile security definer
set search_path = ''
-- A custom plan for every step cost more than running it (its parameters are the step's rows).
set plan_cache_mode = force_generic_plan
as $$
declare
  v_room uuid;
  v_topic text;
  v_ended boolean;
  v_step text := gen_random_uuid()::text;
  v_public jsonb;
  v_count integer;
  v_others jsonb;
  v_wide boolean;
  v_sent integer := 0;
  v_user uuid;
  v_mine jsonb;
begin
  -- The room topic at its current epoch (what app.signal_topic names, 0025), read once.
  select g.room_id, app.room_topic(r.id, r.topic_epoch), g.ended into v_room, v_topic, v_ended
    from public.games g join public.rooms r on r.id = g.room_id where g.id = p_game;
  if v_room is null or p_rows is null then
    return 0;
  end if;
  select jsonb_agg(jsonb_build_object('a', y.r->'a', 's', y.r->'s', 'e', y.r->'e') order by y.n) filter (where y.pub),
         count(*) filter (where y.pub),
         jsonb_agg(jsonb_build_object('a', y.r->'a', 's', y.r->'s', 'e', y.r->'e', 'at', y.before) order by y.n) filter (where not y.pub),
         coalesce(bool_or(not y.pub and y.r->>'a' not like 'player:%'), false)
    into v_public, v_count, v_others, v_wide
    from (select x.r, x.n, x.r->>'a' = 'public' as pub,
                 count(*) filter (where x.r->>'a' = 'public') over (order by x.n) as before
            from jsonb_array_elements(p_rows) with ordinality as x(r, n)) y;
  if v_count > 0 then
    perform realtime.send(jsonb_build_object('game', p_game, 'step', v_step, 'events', v_public),
                          'events', v_topic, true);
    v_sent := v_sent + 1;
  end if;
  if v_others is null then
    return v_sent;
  end if;
  -- Who might read a non-public event: the named player, or (team and end events, and any event
  -- of the step that ended the game: every audience opens then, S-END-1) anyone of the game or its
  -- room. All the candidates are then judged at once by the policy's own function.
  v_wide := v_wide or v_ended;
  for v_user, v_mine in
    with c as materialized (
      select s.user_id, array_agg(s.audience) as scopes
        from app.event_scopes_in(p_game, array(
               select (substr(o->>'a', 8))::uuid from jsonb_array_elements(v_others) o where o->>'a' like 'player:%'
               union
               select p.user_id from public.game_players p where v_wide and p.game_id = p_game
               union
               select m.user_id from public.room_members m where v_wide and m.room_id = v_room)) s
       group by s.user_id
    )
    select c.user_id, jsonb_agg(o.x order by o.n)
      from c join jsonb_array_elements(v_others) with ordinality as o(x, n)
        on o.x->>'a' = any (c.scopes) or '*' = any (c.scopes)
     group by c.user_id
  loop
    perform realtime.send(jsonb_build_object('game', p_game, 'step', v_step, 'public', v_count, 'events', v_mine),
                          'events', 'user:' || v_user, true);
    v_sent := v_sent + 1;
  end loop;
  return v_sent;
end
$$;
revoke all on function app.deliver_events(uuid, jsonb) from public;
