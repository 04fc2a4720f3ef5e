-- Start and play again without a transaction held across round trips (lib/server/rooms/mutate.ts,
-- `mutateRoomOptimistic`; rooms/room-admin.ts): on PGlite a transaction keeps the database's one
-- slot between its round trips, and every game's end ran two (play again, then the start) while
-- every other request waited (docs/performance.md, "Lobby bursts"). What those transactions
-- checked between round trips is checked here, after `app.lock_room_for` (0042) has locked the
-- room, in the script that writes.

-- A write planned from an earlier read of the room goes ahead only if nothing changed it since:
-- every lobby change bumps the room's version (mutate.ts). Else 40001 STALE_ROOM, and the server
-- plans it again under the lock.
create function app.expect_room_version(p_code text, p_version integer)
returns void
language plpgsql volatile
set search_path = ''
as $$
begin
  if not exists (select 1 from public.rooms r where r.code = p_code and r.version = p_version) then
    raise exception using errcode = '40001', message = 'STALE_ROOM';
  end if;
end
$$;
revoke all on function app.expect_room_version(text, integer) from public;

-- Play again (W-ROOM-4) is for a room whose game has ended: else P0001 GAME_NOT_ENDED.
create function app.expect_game_over(p_code text)
returns void
language plpgsql volatile
set search_path = ''
as $$
begin
  if not exists (select 1 from public.rooms r join public.games g on g.id = r.game_id
                  where r.code = p_code and r.status = 'playing' and g.ended) then
    raise exception using errcode = 'P0001', message = 'GAME_NOT_ENDED';
  end if;
end
$$;
revoke all on function app.expect_game_over(text) from public;
