-- An accepted action in one round trip (lib/server/games/act.ts, "cached path"): when the server
-- still holds a game's state as of its last write (`rev`) and who hosts its room, it judges the
-- action without reading and sends one script: these checks, then the step's writes
-- (`app.save_step`). Any check that fails raises, so the script writes nothing, and the server
-- answers by the read path as before — correctness never depends on the cache (several processes,
-- serverless, a write by the scheduler).

-- Takes the game's row lock; raises 40001 'STALE_GAME_STATE' unless the state is still at `p_rev`
-- and the room is still hosted by `p_host` (a host action judged against a stale host must not pass).
create or replace function app.expect_game(p_game_id uuid, p_rev bigint, p_host uuid) returns void
language plpgsql volatile
set search_path = ''
as $$
begin
  -- One query: the lock, the rev and the host (0018's app.expect_game_rev, plus the host).
  perform 1 from public.games g
    join public.game_states s on s.game_id = g.id
    join public.rooms r on r.id = g.room_id
   where g.id = p_game_id and s.rev = p_rev and r.host_id is not distinct from p_host
     for update of g;
  if not found then
    raise exception using errcode = '40001', message = 'STALE_GAME_STATE';
  end if;
end
$$;
revoke all on function app.expect_game(uuid, bigint, uuid) from public;

-- app.rate_limit_take (0010) that raises 'RATE_LIMITED' (P0001) instead of answering false, so a
-- refused hit aborts the script it starts; the read path then refuses with the wait time.
create or replace function app.rate_limit_take_or_raise(p_key text, p_limit integer, p_window_ms integer, p_now timestamptz)
returns void
language plpgsql volatile
set search_path = ''
as $$
begin
  if not app.rate_limit_take(p_key, p_limit, p_window_ms, p_now) then
    raise exception using errcode = 'P0001', message = 'RATE_LIMITED';
  end if;
end
$$;
revoke all on function app.rate_limit_take_or_raise(text, integer, integer, timestamptz) from public;
