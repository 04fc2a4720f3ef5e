-- Optimistic writes of a player's action (lib/server/games/act.ts): the action reads the game in
-- one statement, runs the engine outside any transaction, and writes in one script that begins by
-- checking that nothing was written to the game since its read. No transaction stays open while the
-- server works, so an action costs two round trips instead of four (begin and commit folded away)
-- and PGlite, which runs one transaction at a time, is not held across the engine's work.
--
-- `rev` counts the writes of a game's state: every save bumps it (persist.ts). Still private like
-- the rest of the table (0007: RLS on, no policy, no privilege for any API role), so it reveals
-- nothing — unlike `games.version`, which every member can read and which moves only with the
-- public status.
alter table public.game_states add column rev bigint not null default 0;

-- Takes the game's row lock (every other writer holds it: the scheduler, a game's start), then
-- raises serialization_failure (40001, message 'STALE_GAME_STATE') when the state is no longer at
-- `p_rev`. A script starting with it writes all or nothing: the error aborts the implicit
-- transaction before any later statement runs, and the caller reads again and retries.
create or replace function app.expect_game_rev(p_game_id uuid, p_rev bigint) returns void
language plpgsql volatile
set search_path = ''
as $$
begin
  perform 1 from public.games g where g.id = p_game_id for update;
  if not exists (select 1 from public.game_states s where s.game_id = p_game_id and s.rev = p_rev) then
    raise exception using errcode = '40001', message = 'STALE_GAME_STATE';
  end if;
end
$$;
revoke all on function app.expect_game_rev(uuid, bigint) from public;
