-- Who may change a room, checked where the room is locked (lib/server/rooms/mutate.ts): the room by
-- its code, locked for update (every lobby mutation is serialized per room), then the caller's
-- standing in the order mutateRoom has always checked it. A refusal raises P0001 with the error's
-- code as its message; the server answers with the same 404/403/409 as before. One statement, so
-- a one-statement mutation (ready, appearance) is one script: on PGlite, a transaction held across
-- round trips keeps every other request waiting (docs/performance.md, "lobby bursts").
create function app.lock_room_for(p_code text, p_user uuid, p_member boolean, p_host boolean, p_lobby boolean)
returns uuid
language plpgsql volatile
set search_path = ''
as $$
declare
  v_room public.rooms%rowtype;
begin
  select * into v_room from public.rooms r where r.code = p_code for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'ROOM_NOT_FOUND';
  end if;
  if (p_member or p_host)
     and not exists (select 1 from public.room_members m where m.room_id = v_room.id and m.user_id = p_user) then
    raise exception using errcode = 'P0001', message = 'NOT_A_MEMBER';
  end if;
  if p_host and v_room.host_id is distinct from p_user then
    raise exception using errcode = 'P0001', message = 'NOT_HOST';
  end if;
  if p_lobby and v_room.status <> 'lobby' then
    raise exception using errcode = 'P0001', message = 'ROOM_NOT_IN_LOBBY';
  end if;
  return v_room.id;
end
$$;
revoke all on function app.lock_room_for(text, uuid, boolean, boolean, boolean) from public;
