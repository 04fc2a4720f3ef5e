-- app.my_event_scopes() unchanged in meaning (see 0008_game_events.sql), rewritten in plpgsql for
-- speed: a `language sql` security-definer set-returning function is never inlined, and Postgres
-- plans its body again on every call (its plan lives only as long as the calling query). The
-- policy on game_events calls it twice per read, so every player fetch paid two plannings of this
-- four-way union (~1.5 ms each on PGlite; docs/performance.md, "Load"). plpgsql keeps the
-- prepared plan for the session, so a call costs an execution only.
create or replace function app.my_event_scopes()
returns table (game_id uuid, audience text)
language plpgsql stable security definer
set search_path = ''
rows 20
as $$
begin
  return query
  with me as (
    select auth.uid() as uid
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
