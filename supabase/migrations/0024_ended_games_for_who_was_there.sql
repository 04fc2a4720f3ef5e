-- An ended game is read by those who were there: its players, and the members its room had while
-- it ran (W-ROOM-2 lets nobody join a room whose game is running or over, so they joined before
-- it ended) — not by someone who joins the room after "play again" (issue 28 item 9,
-- docs/security.md). Until the end every member of the room reads what the rules allow, as before.
--
-- "Was there" is `room_members.joined_at <= games.ended_at`: both are database times (the join's
-- clock_timestamp(), the ending write's now()), and a member who leaves and joins again is a new
-- member. Every policy on a game's tables goes through `app.is_game_member` or
-- `app.my_event_scopes`, so the rule changes in those two functions; the policies that called
-- ended-game readers "members" are renamed for what they now allow.

-- An ended game without its end time (none is written that way; kept safe for old rows): ended now,
-- so that who is a member today still reads it.
update public.games set ended_at = now() where ended and ended_at is null;

create or replace function app.is_game_member(p_game_id uuid) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
begin
  if uid is null then
    return false;
  end if;
  return exists (
      select 1 from public.games g
      join public.room_members m on m.room_id = g.room_id
      where g.id = p_game_id and m.user_id = uid and (not g.ended or m.joined_at <= g.ended_at)
    ) or exists (
      select 1 from public.game_players p
      where p.game_id = p_game_id and p.user_id = uid
    );
end
$$;

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
       and (exists (select 1 from public.room_members m
                     where m.room_id = g.room_id and m.user_id = v_uid and (not g.ended or m.joined_at <= g.ended_at))
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

drop policy "Members can read their room's games" on public.games;
create policy "Players and the room's members can read a game, and once it ended only those who were there"
  on public.games for select to authenticated
  using (app.is_game_member(id));

drop policy "Members can read every role once the game has ended" on public.game_roles;
create policy "Those who were there can read every role once the game has ended"
  on public.game_roles for select to authenticated
  using (app.game_ended(game_id) and app.is_game_member(game_id));
