-- Who reads what of a game, written once. `app.my_event_scopes` (0036) spelled the rules out a
-- second time for a read that names no game (`app.event_game`, 0020: the past games of a room's
-- results board), beside `app.event_scopes_in` (0043), which the deliveries and the one-game reads
-- ask; two copies of a secrecy rule can drift apart. Both now ask `app.event_scopes_among`, the
-- 0043 rules over a list of games: one query, so a caller's whole history costs what it did.

-- The audiences each of `p_users` may read in each of `p_games` (the SQL twin of canSee,
-- 0008/0024): every audience ('*') once the game ended, for those who were there; else 'public' and
-- their own 'player:' for a member or player, and 'team:<t>' for each team of theirs while they
-- live. Nothing for others, nor for a null user; a user or game named twice is answered once.
create function app.event_scopes_among(p_games uuid[], p_users uuid[])
returns table (game_id uuid, user_id uuid, audience text)
language plpgsql stable security definer
set search_path = ''
-- Planned once per session: a custom plan (planned again on every call) cost ten times its run.
set plan_cache_mode = force_generic_plan
rows 40
as $$
begin
  -- plpgsql, not sql: its query's plan is kept per session (0036).
  return query
  select g.id, u.uid, s.audience
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
   where g.id = any (p_games)
     and (exists (select 1 from public.room_members m
                   where m.room_id = g.room_id and m.user_id = u.uid and (not g.ended or m.joined_at <= g.ended_at))
       or exists (select 1 from public.game_players p where p.game_id = g.id and p.user_id = u.uid));
end
$$;
revoke all on function app.event_scopes_among(uuid[], uuid[]) from public;

-- 0043's function, now the one-game case of the function above. SQL without a SET clause or
-- security definer, so that it is inlined into its callers (the deliveries, `app.event_scopes_for`):
-- a step's readers are still judged by one plpgsql call.
create or replace function app.event_scopes_in(p_game uuid, p_users uuid[])
returns table (user_id uuid, audience text)
language sql stable
rows 40
as $$
  select s.user_id, s.audience from app.event_scopes_among(array[p_game], p_users) s
$$;
revoke all on function app.event_scopes_in(uuid, uuid[]) from public;

-- 0036's function, the caller's scopes in the game a read names (`app.event_game`, 0020) or, when
-- it names none, in the games of their rooms and the games they played: one question to the rules.
create or replace function app.my_event_scopes()
returns table (game_id uuid, audience text)
language plpgsql stable security definer
set search_path = ''
rows 20
as $$
declare
  v_uid uuid := auth.uid();
  v_named text := current_setting('app.event_game', true);
  v_games uuid[];
begin
  if v_named ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    v_games := array[v_named::uuid];
  else
    v_games := array(select g.id from public.room_members m join public.games g on g.room_id = m.room_id where m.user_id = v_uid
                     union
                     select p.game_id from public.game_players p where p.user_id = v_uid);
  end if;
  return query select s.game_id, s.audience from app.event_scopes_among(v_games, array[v_uid]) s;
end
$$;
revoke all on function app.my_event_scopes() from public;
grant execute on function app.my_event_scopes() to authenticated;
