-- A step's deliveries (0036) planned once per session instead of on every step. Measured with
-- pg_stat_statements over a 30-s load run (R = 100, docs/performance.md): `app.room_topic` was
-- planned on every call (a SQL function with a SET clause is never inlined), and the query that
-- gathered each reader's events was planned again for every reader (a custom plan per array of
-- scopes), three times as long as it ran.

-- Inlined into its callers now: no SET clause, and its operators named with their schema, so the
-- caller's search_path cannot change what it means.
create or replace function app.room_topic(p_room uuid, p_epoch integer) returns text
language sql immutable
as $$
  select case when p_epoch operator(pg_catalog.=) 0
              then 'room:' operator(pg_catalog.||) p_room::text
              else 'room:' operator(pg_catalog.||) p_room::text operator(pg_catalog.||) ':' operator(pg_catalog.||) p_epoch::text end
$$;

-- 0036's function, the same messages to the same topics: the public events once on the room
-- topic; every other event, with `at` (how many public events come before it), on the user topic
-- of each reader `app.event_scopes_for` admits. The rows are read once for both parts, and every
-- reader's message is gathered by one query for the step (it was one query per reader), each
-- reader's scopes worked out once (materialized: not again for each of the step's events).
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
  -- room. Each candidate is then judged by the policy's own function.
  v_wide := v_wide or v_ended;
  for v_user, v_mine in
    with c as materialized (
      select c.user_id, array(select app.event_scopes_for(c.user_id, p_game)) as scopes
        from (select (substr(o->>'a', 8))::uuid as user_id from jsonb_array_elements(v_others) o where o->>'a' like 'player:%'
              union
              select p.user_id from public.game_players p where v_wide and p.game_id = p_game
              union
              select m.user_id from public.room_members m where v_wide and m.room_id = v_room) c
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
