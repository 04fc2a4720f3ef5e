-- Who may join which realtime topic. Signals carry no data ({ kind }), but a signal on a topic
-- tells its receiver that something happened, so topics are authorized like the events they
-- announce:
--   room:<roomId>              members of the room (public events, chat, lobby changes)
--   room:<roomId>:team:<team>  living members of <team> in the room's current game (S-CHAT-3)
--   user:<uid>                 that user (own role, seer result, witch info)
-- Supabase Realtime evaluates the SELECT policies on realtime.messages with realtime.topic() set
-- to the channel being joined (private channels); the embedded SSE server calls
-- app.can_join_topic(topic) as the user, which is the same function.
--
-- What the server sends (no trigger does it for you): inside the action's transaction, one
--   select realtime.send(jsonb_build_object('kind', 'events'), 'signal', app.topic_for_audience(room_id, audience), true)
-- per distinct audience touched (skip a null topic: `end` events are announced by the room
-- signal when the game ends). Never signal the public topic for a hidden event.

create or replace function app.can_join_topic(p_topic text) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  parts text[];
  room uuid;
  game uuid;
begin
  if uid is null or p_topic is null then
    return false;
  end if;
  parts := regexp_match(p_topic,
    '^user:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$');
  if parts is not null then
    return parts[1] = uid::text;
  end if;
  parts := regexp_match(p_topic,
    '^room:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?::team:([A-Za-z0-9_-]+))?$');
  if parts is null then
    return false;
  end if;
  room := parts[1]::uuid;
  if parts[2] is null then
    return app.is_room_member(room);
  end if;
  select r.game_id into game from public.rooms r where r.id = room;
  return game is not null and app.is_room_member(room) and app.is_living_team_member(game, parts[2]);
end
$$;
revoke all on function app.can_join_topic(text) from public;
grant execute on function app.can_join_topic(text) to authenticated;

-- The topic that announces an event of `p_audience` in room `p_room_id`; null for `end`.
create or replace function app.topic_for_audience(p_room_id uuid, p_audience text) returns text
language sql immutable
set search_path = ''
as $$
  select case
    when p_audience = 'public' then 'room:' || p_room_id
    when p_audience like 'player:%' then 'user:' || substr(p_audience, 8)
    when p_audience like 'team:%' then 'room:' || p_room_id || ':team:' || substr(p_audience, 6)
  end
$$;

create policy "Players can receive the signals of their rooms, teams and themselves"
  on realtime.messages for select to authenticated
  using (app.can_join_topic((select realtime.topic())));
