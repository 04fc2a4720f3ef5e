-- Schema `app` holds what is not a table players query: helper functions used by RLS policies,
-- the migrator's bookkeeping, rate limiting. Not exposed by PostgREST (only `public` is).
create schema if not exists app;
revoke all on schema app from public;
-- Policies run their helper functions as the querying role, which therefore needs usage.
grant usage on schema app to authenticated;

-- Membership helpers. SECURITY DEFINER so that a policy on one table can look at another table
-- without that table's own policies applying (no recursive RLS), with an empty search_path so a
-- caller cannot shadow the tables. They answer only about the caller (auth.uid()), never about
-- anyone else, so they are safe to expose.
-- Written in plpgsql because the tables they read are created by later migrations.

-- A member of the room: anyone in room_members (players, host, spectators).
create or replace function app.is_room_member(p_room_id uuid) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.room_members m
    where m.room_id = p_room_id and m.user_id = auth.uid()
  );
end
$$;

-- May read a game's public facts: a member of the game's room, or a seated player of the game
-- (a player stays entitled to their game after leaving the room).
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
      where g.id = p_game_id and m.user_id = uid
    ) or exists (
      select 1 from public.game_players p
      where p.game_id = p_game_id and p.user_id = uid
    );
end
$$;

-- The caller is alive in the game and belongs to `p_team` (S-CHAT-3: a dead wolf loses access).
create or replace function app.is_living_team_member(p_game_id uuid, p_team text) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.game_players p
    join public.game_roles r on r.game_id = p.game_id and r.user_id = p.user_id
    where p.game_id = p_game_id and p.user_id = auth.uid() and p.alive and p_team = any (r.teams)
  );
end
$$;

create or replace function app.game_ended(p_game_id uuid) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
begin
  return coalesce((select g.ended from public.games g where g.id = p_game_id), false);
end
$$;

revoke all on function app.is_room_member(uuid), app.is_game_member(uuid),
  app.is_living_team_member(uuid, text), app.game_ended(uuid) from public;
grant execute on function app.is_room_member(uuid), app.is_game_member(uuid),
  app.is_living_team_member(uuid, text), app.game_ended(uuid) to authenticated;
