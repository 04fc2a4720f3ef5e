-- Team topics (room:<roomId>:team:<team>) are gone: Supabase authorizes a private channel only
-- when it is joined, so no join-time check could take the pack's signals away from a wolf who dies
-- while joined (S-CHAT-3, design §4). The server signals each living member's user topic instead
-- and sends nothing on a team topic; admitting living members to one authorizes nothing, and a
-- policy named for it misleads. The team-only helpers (app.topic_for_audience, called by nobody;
-- app.is_living_team_member, called only by the team branch) go with it.
--
-- 0012's notices on game_players, game_roles and rooms.game_id existed because those tables
-- decided team topics: a death, a deal or a new game now changes no topic's answer, and each
-- notice cost every SSE connection of the room a needless re-check. The room_members notice
-- stays: joins, leaves and kicks decide the room topic.

create or replace function app.can_join_topic(p_topic text) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
declare
  parts text[] := regexp_match(p_topic,
    '^(room|user):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$');
begin
  if parts is null or auth.uid() is null then
    return false;
  end if;
  if parts[1] = 'user' then
    return parts[2] = auth.uid()::text;
  end if;
  return app.is_room_member(parts[2]::uuid);
end
$$;
revoke all on function app.can_join_topic(text) from public;
grant execute on function app.can_join_topic(text) to authenticated;

drop policy "Players can receive the signals of their rooms, teams and themselves" on realtime.messages;
create policy "Players can receive the signals of their rooms and their own"
  on realtime.messages for select to authenticated
  using (app.can_join_topic((select realtime.topic())));

drop function app.topic_for_audience(uuid, text);
drop function app.is_living_team_member(uuid, text);

drop trigger rooms_membership_notice on public.rooms;
drop trigger game_players_membership_notice_ins_del on public.game_players;
drop trigger game_players_membership_notice_upd on public.game_players;
drop trigger game_roles_membership_notice_ins_del on public.game_roles;
drop trigger game_roles_membership_notice_upd on public.game_roles;
drop function app.room_game_changed();
drop function app.game_seat_changed();
