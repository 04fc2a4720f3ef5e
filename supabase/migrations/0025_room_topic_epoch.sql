-- A room's topic changes whenever its membership shrinks, so a removed member's open channel
-- hears nothing more (issue 28 item 10, docs/security.md, docs/realtime.md "Topic epochs").
--
-- Supabase Realtime checks `realtime.messages`' policy when a private channel is *joined*, never
-- per message: a kicked or departed member whose modified client stays joined kept receiving the
-- room's signals (the timing and count of public events) until its token expired. Now the room
-- topic carries an epoch — `room:<roomId>` at epoch 0, then `room:<roomId>:<epoch>` — bumped by a
-- trigger on every removal from `room_members`. The server signals the current epoch's topic
-- (`app.signal_topic`), the policy admits a member to the current epoch's topic only, and the
-- removal itself sends one data-free `room` signal on the old topic, the last thing ever sent
-- there: it tells the members still joined to it to read the room again (`rooms.topic_epoch` is
-- readable by members) and join the new topic. The bound for a removed member is therefore that
-- one signal — nothing sent after the removal commits reaches the old topic — in both modes.

alter table public.rooms add column topic_epoch integer not null default 0;

-- The room topic at an epoch: the epoch-0 name is the name topics always had.
create or replace function app.room_topic(p_room uuid, p_epoch integer) returns text
language sql immutable
set search_path = ''
as $$
  select case when p_epoch = 0 then 'room:' || p_room else 'room:' || p_room || ':' || p_epoch end
$$;
grant execute on function app.room_topic(uuid, integer) to authenticated;

-- The topic a signal goes to: a room topic named without an epoch becomes the room's current
-- one (read in the writing transaction, so after a removal earlier in it); others are unchanged.
create or replace function app.signal_topic(p_topic text) returns text
language plpgsql stable
set search_path = ''
as $$
declare
  parts text[] := regexp_match(p_topic, '^room:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$');
begin
  if parts is null then
    return p_topic;
  end if;
  return coalesce((select app.room_topic(r.id, r.topic_epoch) from public.rooms r where r.id = parts[1]::uuid), p_topic);
end
$$;
revoke all on function app.signal_topic(text) from public;

create or replace function app.room_members_shrank() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_old text;
begin
  update public.rooms r set topic_epoch = r.topic_epoch + 1
   where r.id = old.room_id
   returning app.room_topic(r.id, r.topic_epoch - 1) into v_old;
  -- Gone with its room (cascade): nobody to tell.
  if v_old is not null then
    perform realtime.send(jsonb_build_object('kind', 'room'), 'room', v_old, true);
  end if;
  return null;
end
$$;
revoke all on function app.room_members_shrank() from public;

create trigger room_members_topic_epoch
  after delete or update of room_id, user_id on public.room_members
  for each row execute function app.room_members_shrank();

-- 0023's function, with the room topic's epoch: a member may join the current epoch's topic only.
create or replace function app.can_join_topic(p_topic text) returns boolean
language plpgsql stable security definer
set search_path = ''
as $$
declare
  parts text[] := regexp_match(p_topic,
    '^(room|user):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(:[1-9][0-9]{0,8})?$');
begin
  if parts is null or auth.uid() is null then
    return false;
  end if;
  if parts[1] = 'user' then
    return parts[3] is null and parts[2] = auth.uid()::text;
  end if;
  return app.is_room_member(parts[2]::uuid)
     and exists (select 1 from public.rooms r
                  where r.id = parts[2]::uuid and r.topic_epoch = coalesce(substr(parts[3], 2)::integer, 0));
end
$$;
